package io.xmlformatter.webflux;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Logs the exchanges of Spring's {@code WebClient}: the request (REQ_OUT) with its body as the inserter writes it,
 * the correlation id sent in its header — the id of the server exchange the call is made for, from Reactor's
 * Context ({@link ReactiveCorrelation}), else the caller's MDC, else its own; the response (RESP_IN, or FAULT_IN at
 * or above the fault status) with its body copied as the application consumes it, in its demand, up to the limit:
 * whole when the body completes, cut when the application stops early ({@code take(1)}, a cancelled subscription).
 * A call that fails or is cancelled before its response (a connection refused, a {@code timeout}) is a failed
 * exchange. Each subscription is an exchange of its own (a {@code retry} logs every attempt). Nothing here blocks.
 * Records are named {@code io.xmlformatter.webflux.<host>.<TYPE>} by the SLF4J sink.
 *
 * <pre>{@code
 * WebClient client = WebClient.builder().filter(new XmlLoggingExchangeFilter(logger)).build();
 * }</pre>
 */
public final class XmlLoggingExchangeFilter implements ExchangeFilterFunction {
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingExchangeFilter(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
        return Mono.deferContextual(context -> exchange(request, next, ReactiveCorrelation.of(context)));
    }

    private Mono<ClientResponse> exchange(ClientRequest request, ExchangeFunction next, String serverCorrelation) {
        HttpHeaders headers = request.headers();
        URI uri = request.url();
        ExchangeLog.RequestStage begun = ExchangeLog.client(logger, headers::getFirst, serverCorrelation, null)
                .integration(XmlLoggingWebFilter.INTEGRATION).operation(uri.getHost(), null, uri.getPath(),
                        request.method().name(), headers.getFirst("SOAPAction"));
        if (!begun.logs(MessageType.REQ_OUT) && !begun.logs(MessageType.RESP_IN)) {
            begun.end();
            return next.exchange(request);
        }
        ClientRequest.Builder sent = ClientRequest.from(request);
        MessageFacts facts = begun.facts(MessageType.REQ_OUT).httpMethod(request.method().name())
                .address(uri.toString());
        if (headers.getFirst(begun.correlationHeader()) == null) {
            sent.header(begun.correlationHeader(), begun.correlationId());
        }
        ExchangeLog.ResponseStage stage;
        WrittenBody body = null;
        if (begun.capturesBody(MessageType.REQ_OUT)) {
            body = new WrittenBody(begun.captureLimit());
            OutboundBody out = new OutboundBody(body, begun.captureLimit());
            stage = begun.request(facts, body);
            sent.body((message, inserting) -> request.body()
                    .insert(new LoggedClientRequest(message, out, facts), inserting));
        } else {
            facts.contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
            headers.forEach(facts::header);
            if (headers.getFirst(begun.correlationHeader()) == null) {
                facts.header(begun.correlationHeader(), List.of(begun.correlationId()));
            }
            stage = begun.request(facts);
        }
        Call call = new Call(stage, body, uri.toString(), request.method().name());
        return next.exchange(sent.build()).map(call::answered).doOnError(e -> call.failed())
                .doOnCancel(call::failed);
    }

    /** One exchange's outcome, given once: the response, or the failure before it. */
    private static final class Call {
        private final ExchangeLog.ResponseStage stage;
        /** The request body's capture, or null. */
        private final WrittenBody body;
        private final String address;
        private final String method;
        private final AtomicBoolean over = new AtomicBoolean();

        Call(ExchangeLog.ResponseStage stage, WrittenBody body, String address, String method) {
            this.stage = stage;
            this.body = body;
            this.address = address;
            this.method = method;
        }

        ClientResponse answered(ClientResponse response) {
            if (over.getAndSet(true)) {
                return response;
            }
            if (body != null) {
                body.finish();
            }
            HttpHeaders headers = response.headers().asHttpHeaders();
            MessageFacts facts = stage.facts(MessageType.RESP_IN).httpMethod(method).address(address)
                    .responseCode(response.statusCode().value());
            facts.contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
            headers.forEach(facts::header);
            if (!stage.capturesBody(MessageType.RESP_IN)) {
                stage.response(facts).end();
                return response;
            }
            BodyTee tee = new BodyTee(stage.captureLimit(), headers.getContentLength());
            stage.response(facts, tee).end(); // over once the application has consumed the body, or stopped
            return response.mutate().body(buffers -> buffers.doOnNext(buffer -> DataBuffers.copy(buffer, tee))
                    .doOnComplete(tee::finishAsWhole).doOnError(e -> tee.finish()).doOnCancel(tee::finish))
                    .build();
        }

        void failed() {
            if (!over.getAndSet(true)) {
                if (body != null) {
                    body.finish();
                }
                stage.failed().end();
            }
        }
    }
}
