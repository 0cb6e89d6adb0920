package io.xmlformatter.message;

import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Keeps the first bytes of an outbound body as it is written (up to the capture limit) and counts the rest: fed
 * directly, or as a tee in front of the body's stream ({@link #tee(OutputStream, Runnable)}). For one stream on one
 * thread; not thread-safe.
 */
final class BodyRecorder {
    private static final byte[] NONE = new byte[0];
    private final int cap;
    /** The body's size when known: the buffer's first size, so that it never grows. */
    private final long expected;
    /** Grown as bytes come (a body that never comes costs no buffer). */
    private byte[] bytes = NONE;
    private long total;

    /** Keeps at most {@code cap} bytes. */
    public BodyRecorder(int cap) {
        this(cap, -1);
    }

    /** Keeps at most {@code cap} bytes of a body of {@code expected} bytes (-1: not known). */
    BodyRecorder(int cap, long expected) {
        this.cap = cap;
        this.expected = expected;
    }

    /** Takes bytes written to the body. */
    public void add(byte[] b, int off, int len) {
        int kept = kept();
        int n = (int) Math.min(len, cap - (long) kept);
        if (n > 0) {
            if (kept + n > bytes.length) {
                long size = bytes.length == 0 && expected >= kept + n ? expected : Math.max(bytes.length * 2L, 4096);
                bytes = Arrays.copyOf(bytes, (int) Math.min(cap, Math.max(kept + n, size)));
            }
            System.arraycopy(b, off, bytes, kept, n);
        }
        total += len;
    }

    private void add(int b) {
        add(new byte[] {(byte) b}, 0, 1);
    }

    /**
     * A stream that passes every byte on to {@code out} unchanged and records it. Closing it runs
     * {@code beforeClose} (null: nothing), then closes {@code out} even if that throws, without flushing it first
     * (a flush before the close would make a server's reply chunked).
     */
    public OutputStream tee(OutputStream out, Runnable beforeClose) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                add(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                add(b, off, len);
            }

            @Override
            public void close() throws IOException {
                closeAfter(beforeClose, out);
            }
        };
    }

    /** As {@link #tee(OutputStream, Runnable)}, for a body written as chars (recorded in UTF-8). */
    public Writer tee(Writer out, Runnable beforeClose) {
        return new FilterWriter(out) {
            @Override
            public void write(int c) throws IOException {
                write(new char[] {(char) c}, 0, 1);
            }

            @Override
            public void write(char[] c, int off, int len) throws IOException {
                out.write(c, off, len);
                byte[] b = new String(c, off, len).getBytes(StandardCharsets.UTF_8);
                add(b, 0, b.length);
            }

            @Override
            public void write(String s, int off, int len) throws IOException {
                write(s.toCharArray(), off, len);
            }

            @Override
            public void close() throws IOException {
                closeAfter(beforeClose, out);
            }
        };
    }

    /** Runs {@code beforeClose} (if any), then closes {@code out} even if that throws. */
    private static void closeAfter(Runnable beforeClose, Closeable out) throws IOException {
        try {
            if (beforeClose != null) {
                beforeClose.run();
            }
        } finally {
            out.close();
        }
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
     * @param declaredSize the body's size when known, or -1; a body of which that many bytes were taken is whole
     *         (a GET's empty body, never read, is not marked as cut)
     */
    CapturedBody body(boolean whole, long declaredSize) {
        return whole || total == declaredSize ? body() : CapturedBody.prefix(bytes, kept(), declaredSize);
    }
}
