package io.xmlformatter.webflux;

import io.xmlformatter.message.MessageFacts;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpRequestDecorator;
import reactor.core.publisher.Mono;

/**
 * The request as the body inserter writes it: its headers as sent (the encoder sets the content type), its body
 * copied as it goes out, in the connection's demand.
 */
final class LoggedClientRequest extends ClientHttpRequestDecorator {
    private final OutboundBody body;
    private final MessageFacts facts;

    LoggedClientRequest(ClientHttpRequest request, OutboundBody body, MessageFacts facts) {
        super(request);
        this.body = body;
        this.facts = facts;
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> buffers) {
        describe();
        return super.writeWith(body.observe(buffers));
    }

    @Override
    public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> buffers) {
        describe();
        return super.writeAndFlushWith(body.observeEach(buffers));
    }

    @Override
    public Mono<Void> setComplete() {
        describe();
        body.body().finish();
        return super.setComplete();
    }

    private void describe() {
        HttpHeaders headers = getHeaders();
        facts.contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
        headers.forEach(facts::header);
    }
}
