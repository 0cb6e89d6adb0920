package io.xmlformatter.cxf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;

/** The first bytes of a body, kept in memory for its record (on the message by {@link PayloadTapInterceptor}). */
final class TappedPayload {
    final byte[] bytes;
    final int length;
    final boolean complete;
    final long originalSize;
    /** How many bytes were read: {@code length}, or one more when the body goes on. */
    private final int read;

    TappedPayload(byte[] bytes, int length, boolean complete, long originalSize) {
        this(bytes, length, complete, originalSize, length);
    }

    private TappedPayload(byte[] bytes, int length, boolean complete, long originalSize, int read) {
        this.bytes = bytes;
        this.length = length;
        this.complete = complete;
        this.originalSize = originalSize;
        this.read = read;
    }

    /**
     * Reads the first {@code cap} bytes of {@code source}, and one more to know whether it goes on.
     *
     * @param declaredSize the body's size (e.g. its Content-Length; it sizes the buffer), or -1
     */
    static TappedPayload read(InputStream source, int cap, long declaredSize) throws IOException {
        byte[] buf = new byte[declaredSize >= 0 ? (int) Math.min(cap + 1L, declaredSize + 1) : Math.min(cap + 1, 8192)];
        int n = 0;
        int r;
        while (n < cap + 1 && (r = source.read(buf, n, Math.min(buf.length, cap + 1) - n)) > 0) {
            n += r;
            if (n == buf.length && n < cap + 1) {
                buf = Arrays.copyOf(buf, Math.min(cap + 1, buf.length * 2));
            }
        }
        boolean complete = n <= cap;
        return new TappedPayload(buf, Math.min(n, cap), complete, complete ? n : declaredSize, n);
    }

    /** The bytes read, then the rest of {@code source}: the body as it was. */
    InputStream replay(InputStream source) {
        return new SequenceInputStream(new ByteArrayInputStream(bytes, 0, read), source);
    }
}
