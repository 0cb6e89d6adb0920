package io.xmlformatter.webflux;

import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The response: its record given when it is committed (status and headers final — by the application, or by the
 * error handling around the filters), its body copied as it is written; the exchange ends once the body's capture
 * is done. Passed on unchanged: the same buffers, in the same demand, flushed as the application flushes them.
 */
final class LoggedServerResponse extends ServerHttpResponseDecorator {
    private final ServerHttpRequest request;
    private final ExchangeLog.ResponseStage stage;
    /** Null when the response's body is not captured. */
    private final OutboundBody body;
    private final AtomicBoolean answered = new AtomicBoolean();

    LoggedServerResponse(ServerHttpResponse response, ServerHttpRequest request, ExchangeLog.ResponseStage stage) {
        super(response);
        this.request = request;
        this.stage = stage;
        this.body = stage.capturesBody(MessageType.RESP_OUT)
                ? new OutboundBody(new WrittenBody(stage.captureLimit()), stage.captureLimit()) : null;
        response.beforeCommit(() -> Mono.fromRunnable(this::answer));
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> buffers) {
        return super.writeWith(body == null ? buffers : body.observe(buffers));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> buffers) {
        return super.writeAndFlushWith(body == null ? buffers : body.observeEach(buffers));
    }

    /** The response's record, once: its body (if captured) is logged when its capture is done. */
    private void answer() {
        if (answered.getAndSet(true)) {
            return;
        }
        HttpStatusCode status = getDelegate().getStatusCode();
        HttpHeaders headers = getDelegate().getHeaders();
        MessageFacts facts = XmlLoggingWebFilter.describe(stage.facts(MessageType.RESP_OUT), request)
                .responseCode(status == null ? 200 : status.value());
        facts.contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
        headers.forEach(facts::header);
        if (body == null) {
            stage.response(facts).end();
        } else {
            stage.response(facts, body.body()).end();
        }
    }

    /**
     * The application's part is over: what it wrote is the body. Cancelled (the client went away) before the
     * response was committed: the exchange failed. Otherwise the response is answered when it is committed — now,
     * or by the server once the chain is over (nothing written: an empty body), or by the error handling around the
     * filters (a 500, or the error's status).
     */
    void over(SignalType signal) {
        if (body != null) {
            body.body().finish();
        }
        if (signal == SignalType.CANCEL && !answered.getAndSet(true)) {
            stage.failed().end();
        } else if (getDelegate().isCommitted()) {
            answer();
        }
    }
}
