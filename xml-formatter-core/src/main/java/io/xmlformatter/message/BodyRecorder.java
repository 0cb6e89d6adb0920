package io.xmlformatter.message;

import java.util.Arrays;

/**
 * Keeps the first bytes of an outbound body as it is written (up to the capture limit) and counts the rest.
 * For one stream on one thread; not thread-safe.
 */
public final class BodyRecorder {
    private final int cap;
    private byte[] bytes;
    private long total;

    /** Keeps at most {@code cap} bytes. */
    public BodyRecorder(int cap) {
        this.cap = cap;
        this.bytes = new byte[Math.min(cap, 4096)];
    }

    /** Takes bytes written to the body. */
    public void add(byte[] b, int off, int len) {
        int kept = kept();
        int n = (int) Math.min(len, cap - (long) kept);
        if (n > 0) {
            if (kept + n > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.min(cap, Math.max(kept + n, bytes.length * 2)));
            }
            System.arraycopy(b, off, bytes, kept, n);
        }
        total += len;
    }

    /** Takes one byte written to the body. */
    public void add(int b) {
        add(new byte[] {(byte) b}, 0, 1);
    }

    private int kept() {
        return (int) Math.min(total, cap);
    }

    /** How many bytes were taken, kept or not. */
    public long total() {
        return total;
    }

    /** What was written so far, for the record. */
    public CapturedBody body() {
        return total <= cap ? CapturedBody.of(bytes, kept()) : CapturedBody.prefix(bytes, kept(), total);
    }

    /**
     * What was taken so far of a body that may go on.
     *
     * @param whole whether the body ended with the bytes taken
     * @param declaredSize the body's size when known, or -1
     */
    CapturedBody body(boolean whole, long declaredSize) {
        return whole ? body() : CapturedBody.prefix(bytes, kept(), declaredSize);
    }
}
