package io.xmlformatter.webflux;

import io.xmlformatter.message.BodyTee;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import reactor.core.publisher.Flux;

/**
 * The request, its body copied into the capture as the application reads it, in its demand: whole when the body
 * completes, cut when the application cancels it (or never reads it: the exchange's end takes what arrived).
 */
final class LoggedServerRequest extends ServerHttpRequestDecorator {
    private final BodyTee tee;

    LoggedServerRequest(ServerHttpRequest request, BodyTee tee) {
        super(request);
        this.tee = tee;
    }

    @Override
    public Flux<DataBuffer> getBody() {
        return super.getBody().doOnNext(buffer -> DataBuffers.copy(buffer, tee))
                .doOnComplete(tee::finishAsWhole).doOnError(e -> tee.finish()).doOnCancel(tee::finish);
    }
}
