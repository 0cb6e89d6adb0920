package io.xmlformatter.webflux;

import io.xmlformatter.message.WrittenBody;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import reactor.core.publisher.Flux;

/**
 * An outbound body (a server's response, a client's request) as it is written: every buffer passes on unchanged, in
 * its demand, and is copied into the capture until the limit is passed; then the capture is done (a stream that goes
 * on is logged cut, at once). Done as well when the body completes, fails or is cancelled — before the signal
 * goes on, so that the record is written before the peer can see the body's end.
 */
final class OutboundBody {
    private final WrittenBody body;
    private final long limit;
    private long taken;

    OutboundBody(WrittenBody body, int limit) {
        this.body = body;
        this.limit = limit;
    }

    /** The capture, for the record. */
    WrittenBody body() {
        return body;
    }

    /** {@code buffers} observed. */
    Flux<? extends DataBuffer> observe(Publisher<? extends DataBuffer> buffers) {
        return Flux.from(buffers).doOnNext(this::take).doOnComplete(body::finish).doOnError(e -> body.finish())
                .doOnCancel(body::finish);
    }

    /** Each publisher of {@code buffers} observed (a body flushed as it goes, a stream of events). */
    Flux<Flux<? extends DataBuffer>> observeEach(Publisher<? extends Publisher<? extends DataBuffer>> buffers) {
        return Flux.from(buffers).<Flux<? extends DataBuffer>>map(p -> Flux.from(p).doOnNext(this::take))
                .doOnComplete(body::finish).doOnError(e -> body.finish()).doOnCancel(body::finish);
    }

    private void take(DataBuffer buffer) {
        if (taken <= limit) {
            taken += DataBuffers.copy(buffer, body);
            if (taken > limit) {
                body.finish();
            }
        }
    }
}
