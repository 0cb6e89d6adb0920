package io.xmlformatter.webflux;

import io.xmlformatter.message.BodyTee;
import org.springframework.core.io.buffer.DataBuffer;

import io.xmlformatter.message.WrittenBody;
import java.nio.ByteBuffer;

/** Copies a {@link DataBuffer}'s readable bytes into a capture, the buffer untouched (its position, its refcount). */
final class DataBuffers {
    private DataBuffers() {
    }

    /** Into an inbound body's capture. */
    static void copy(DataBuffer buffer, BodyTee tee) {
        try (DataBuffer.ByteBufferIterator parts = buffer.readableByteBuffers()) {
            while (parts.hasNext()) {
                tee.add(parts.next());
            }
        }
    }

    /** Into an outbound body's capture; returns how many bytes. */
    static int copy(DataBuffer buffer, WrittenBody body) {
        int n = 0;
        try (DataBuffer.ByteBufferIterator parts = buffer.readableByteBuffers()) {
            while (parts.hasNext()) {
                ByteBuffer b = parts.next();
                n += b.remaining();
                body.add(b);
            }
        }
        return n;
    }
}
