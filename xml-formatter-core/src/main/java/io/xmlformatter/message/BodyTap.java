package io.xmlformatter.message;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;

/**
 * Reads the first bytes of an inbound body for its record and gives back a stream of the body as it was (those
 * bytes, then the rest), so whoever reads the body next sees every byte. Never reads more than the capture limit
 * plus one byte (to know whether the body goes on).
 */
public final class BodyTap {
    private final byte[] read;
    private final int readLength;
    private final CapturedBody body;

    private BodyTap(byte[] read, int readLength, CapturedBody body) {
        this.read = read;
        this.readLength = readLength;
        this.body = body;
    }

    /**
     * Reads up to {@code cap} bytes of {@code source}, and one more.
     *
     * @param declaredSize the body's size when known (e.g. its Content-Length; it sizes the buffer), or -1
     * @throws IOException reading {@code source}
     */
    public static BodyTap read(InputStream source, int cap, long declaredSize) throws IOException {
        int want = cap + 1;
        byte[] buf = new byte[declaredSize >= 0 ? (int) Math.min(want, declaredSize + 1) : Math.min(want, 8192)];
        int n = 0;
        int r;
        while (n < want) {
            if (n == buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min(want, buf.length * 2L));
            }
            r = source.read(buf, n, buf.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        CapturedBody body = n <= cap ? CapturedBody.of(buf, n)
                : CapturedBody.prefix(buf, cap, declaredSize);
        return new BodyTap(buf, n, body);
    }

    /** What was captured for the record. */
    public CapturedBody body() {
        return body;
    }

    /** The bytes read, then the rest of {@code source}: the body as it was. */
    public InputStream replay(InputStream source) {
        return new SequenceInputStream(new ByteArrayInputStream(read, 0, readLength), source);
    }
}
