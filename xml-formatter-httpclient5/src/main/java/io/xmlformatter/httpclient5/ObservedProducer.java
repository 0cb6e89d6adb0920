package io.xmlformatter.httpclient5;

import io.xmlformatter.message.WrittenBody;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;

/**
 * The request's entity producer as the async client drives it: what the channel takes of each buffer is copied
 * into the capture (the producer writes only what the channel accepts); the capture is done at the stream's end,
 * or when the producer fails or is released. A repeatable producer run again (a retry) is not copied again.
 */
final class ObservedProducer implements AsyncEntityProducer {
    private final AsyncEntityProducer producer;
    private final WrittenBody written;

    ObservedProducer(AsyncEntityProducer producer, WrittenBody written) {
        this.producer = producer;
        this.written = written;
    }

    @Override
    public boolean isRepeatable() {
        return producer.isRepeatable();
    }

    @Override
    public void failed(Exception cause) {
        written.finish();
        producer.failed(cause);
    }

    @Override
    public long getContentLength() {
        return producer.getContentLength();
    }

    @Override
    public String getContentType() {
        return producer.getContentType();
    }

    @Override
    public String getContentEncoding() {
        return producer.getContentEncoding();
    }

    @Override
    public boolean isChunked() {
        return producer.isChunked();
    }

    @Override
    public Set<String> getTrailerNames() {
        return producer.getTrailerNames();
    }

    @Override
    public int available() {
        return producer.available();
    }

    @Override
    public void produce(DataStreamChannel channel) throws IOException {
        producer.produce(new DataStreamChannel() {
            @Override
            public void requestOutput() {
                channel.requestOutput();
            }

            @Override
            public int write(ByteBuffer src) throws IOException {
                ByteBuffer before = src.duplicate();
                int n = channel.write(src);
                if (n > 0) {
                    before.limit(before.position() + n);
                    written.add(before);
                }
                return n;
            }

            @Override
            public void endStream() throws IOException {
                written.finish();
                channel.endStream();
            }

            @Override
            public void endStream(List<? extends Header> trailers) throws IOException {
                written.finish();
                channel.endStream(trailers);
            }
        });
    }

    @Override
    public void releaseResources() {
        written.finish();
        producer.releaseResources();
    }
}
