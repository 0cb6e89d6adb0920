package io.xmlformatter.webflux;

import io.xmlformatter.message.BodyTee;
import org.springframework.core.io.buffer.DataBuffer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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

    /** Into an outbound body's capture (a stream from {@code WrittenBody.tee}); returns how many bytes. */
    static int copy(DataBuffer buffer, OutputStream capture) {
        int n = 0;
        try (DataBuffer.ByteBufferIterator parts = buffer.readableByteBuffers()) {
            while (parts.hasNext()) {
                ByteBuffer b = parts.next();
                n += b.remaining();
                if (b.hasArray()) {
                    capture.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
                } else {
                    byte[] bytes = new byte[b.remaining()];
                    b.duplicate().get(bytes);
                    capture.write(bytes);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a capture's stream over a null stream does not throw
        }
        return n;
    }
}
