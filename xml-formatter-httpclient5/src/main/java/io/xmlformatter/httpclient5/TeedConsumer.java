package io.xmlformatter.httpclient5;

import io.xmlformatter.message.BodyTee;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The caller's data consumer, each buffer copied into the capture before it gets it (the buffer itself untouched);
 * its capacity, and so the flow of the body, is the caller's. Whole at the stream's end; cut when released first.
 */
final class TeedConsumer implements AsyncDataConsumer {
    private final AsyncDataConsumer consumer;
    private final BodyTee tee;

    TeedConsumer(AsyncDataConsumer consumer, BodyTee tee) {
        this.consumer = consumer;
        this.tee = tee;
    }

    @Override
    public void updateCapacity(CapacityChannel channel) throws IOException {
        consumer.updateCapacity(channel);
    }

    @Override
    public void consume(ByteBuffer src) throws IOException {
        tee.add(src);
        consumer.consume(src);
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) throws HttpException, IOException {
        tee.finishAsWhole();
        consumer.streamEnd(trailers);
    }

    @Override
    public void releaseResources() {
        tee.finish();
        consumer.releaseResources();
    }
}
