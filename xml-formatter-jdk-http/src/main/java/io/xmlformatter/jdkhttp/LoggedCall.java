package io.xmlformatter.jdkhttp;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;

import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One exchange sent through {@link XmlLoggingHttpClient}: its request, re-built with the correlation header and its
 * publisher observed, and the body handler that gives the response's record and tees its body. Thread-safe.
 */
final class LoggedCall {
    private final HttpRequest request;
    /** Null when the exchange is not logged. */
    private final ExchangeLog.ResponseStage stage;
    /** The request body's capture, or null. */
    private final WrittenBody body;
    private final AtomicBoolean answered = new AtomicBoolean();

    private LoggedCall(HttpRequest request, ExchangeLog.ResponseStage stage, WrittenBody body) {
        this.request = request;
        this.stage = stage;
        this.body = body;
    }

    static LoggedCall begin(MessageLogger logger, HttpRequest request) {
        ExchangeLog.RequestStage exchange = ExchangeLog.client(logger,
                name -> request.headers().firstValue(name).orElse(null), null, null)
                .integration(XmlLoggingHttpClient.INTEGRATION).operation(request.uri().getHost(), null,
                        request.uri().getPath(), request.method(),
                        request.headers().firstValue("SOAPAction").orElse(null));
        if (!exchange.logs(MessageType.REQ_OUT) && !exchange.logs(MessageType.RESP_IN)) {
            exchange.end();
            return new LoggedCall(request, null, null);
        }
        MessageFacts facts = describe(exchange.facts(MessageType.REQ_OUT), request, request.headers())
                .contentType(request.headers().firstValue("Content-Type").orElse(null));
        String correlation = request.headers().firstValue(exchange.correlationHeader()).isPresent() ? null
                : exchange.correlationId();
        if (correlation != null) {
            facts.header(exchange.correlationHeader(), List.of(correlation));
        }
        Optional<HttpRequest.BodyPublisher> publisher = request.bodyPublisher();
        if (publisher.isPresent() && publisher.get().contentLength() != 0
                && exchange.capturesBody(MessageType.REQ_OUT)) {
            WrittenBody body = new WrittenBody(exchange.captureLimit());
            ExchangeLog.ResponseStage stage = exchange.request(facts, body);
            return new LoggedCall(copy(request, new ObservedPublisher(publisher.get(), body),
                    exchange.correlationHeader(), correlation), stage, body);
        }
        ExchangeLog.ResponseStage stage = exchange.request(facts);
        return new LoggedCall(correlation == null ? request : copy(request, publisher.orElse(null),
                exchange.correlationHeader(), correlation), stage, null);
    }

    private static MessageFacts describe(MessageFacts facts, HttpRequest request, HttpHeaders headers) {
        headers.map().forEach(facts::header);
        return facts.httpMethod(request.method()).address(request.uri().toString());
    }

    /** {@code request} with {@code publisher} (null: none) and the header {@code name} (null: none) added. */
    private static HttpRequest copy(HttpRequest request, HttpRequest.BodyPublisher publisher, String name,
            String value) {
        HttpRequest.Builder b = HttpRequest.newBuilder(request.uri()).expectContinue(request.expectContinue());
        request.timeout().ifPresent(b::timeout);
        request.version().ifPresent(b::version);
        request.headers().map().forEach((n, values) -> values.forEach(v -> b.header(n, v)));
        if (value != null) {
            b.header(name, value);
        }
        return b.method(request.method(), publisher != null ? publisher : HttpRequest.BodyPublishers.noBody())
                .build();
    }

    /** The request to send. */
    HttpRequest request() {
        return request;
    }

    /** The caller's handler, the response recorded and its body teed into the capture. */
    <T> HttpResponse.BodyHandler<T> handler(HttpResponse.BodyHandler<T> handler) {
        if (stage == null) {
            return handler;
        }
        return info -> {
            if (answered.getAndSet(true)) {
                return handler.apply(info);
            }
            MessageFacts facts = describe(stage.facts(MessageType.RESP_IN), request, info.headers())
                    .responseCode(info.statusCode())
                    .contentType(info.headers().firstValue("Content-Type").orElse(null));
            if (!stage.capturesBody(MessageType.RESP_IN)) {
                stage.response(facts).end();
                return handler.apply(info);
            }
            BodyTee tee = new BodyTee(stage.captureLimit(),
                    info.headers().firstValueAsLong("Content-Length").orElse(-1));
            stage.response(facts, tee).end(); // over once the body is received, fails or is cancelled
            return new TeeSubscriber<>(handler.apply(info), tee);
        };
    }

    /**
     * The exchange failed before its response came (an error, a timeout, a cancellation): the request's record has
     * what was sent of its body.
     */
    void failed() {
        if (stage != null && !answered.getAndSet(true)) {
            if (body != null) {
                body.finish();
            }
            stage.failed().end();
        }
    }
}
