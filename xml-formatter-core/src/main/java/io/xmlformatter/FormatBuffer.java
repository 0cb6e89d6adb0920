package io.xmlformatter;

import java.util.Arrays;

/**
 * A reusable output buffer: a growable {@code char[]} the engine writes into with array copies. Format into
 * one with {@link XmlFormatter#format(char[], int, int, FormatBuffer)} (or the byte variant), read it, then
 * {@link #clear()} it for the next message: once it has grown to the largest message, a call allocates a few
 * hundred bytes, whatever the message's size. Not thread-safe: one per thread.
 */
public final class FormatBuffer {
    /** Buffers larger than this are not kept for reuse. */
    static final int MAX_KEPT = 1 << 20;
    private static final ThreadLocal<FormatBuffer> CACHE = new ThreadLocal<>();

    char[] buf;
    int len;
    /** The engine's parts and working arrays, kept here for the next run into this buffer; see {@link #parts()}. */
    RunParts parts;
    /** A copy of a String input, kept for the next String this thread formats. */
    private char[] input;
    /** The decoder of UTF-8 input and its chars, kept for the next document. */
    private Utf8Decoding utf8;

    /** An empty buffer. */
    public FormatBuffer() {
        this(8192);
    }

    /** An empty buffer with room for {@code capacity} chars before it grows. */
    public FormatBuffer(int capacity) {
        buf = new char[Math.max(capacity, 64)];
    }

    /**
     * This thread's reusable buffer, emptied: format into it, read it, then give it back with {@link #release()}.
     * A call while the thread's buffer is out gets a new one.
     */
    public static FormatBuffer forThisThread() {
        FormatBuffer o = CACHE.get();
        if (o == null) {
            return new FormatBuffer(8192);
        }
        CACHE.set(null);
        o.len = 0;
        return o;
    }

    /** The chars of {@code s} in an array this buffer keeps for reuse (valid until the next call). */
    char[] chars(CharSequence s) {
        int n = s.length();
        if (input == null || input.length < n) {
            input = new char[Math.max(n, 256)];
        }
        if (s instanceof String) {
            ((String) s).getChars(0, n, input, 0);
        } else {
            for (int i = 0; i < n; i++) {
                input[i] = s.charAt(i);
            }
        }
        return input;
    }

    /** The decoder of UTF-8 documents formatted into this buffer. */
    Utf8Decoding utf8() {
        if (utf8 == null) {
            utf8 = new Utf8Decoding();
        }
        return utf8;
    }

    /** The parts a run into this buffer works with. */
    RunParts parts() {
        if (parts == null) {
            parts = new RunParts();
        }
        return parts;
    }

    /** Keeps this buffer for the thread's next call, unless it grew very large; do not use it afterwards. */
    public void release() {
        if (parts != null && parts.isLarge()) {
            parts = null;
        }
        if (input != null && input.length > MAX_KEPT) {
            input = null;
        }
        if (utf8 != null && utf8.isLarge()) {
            utf8 = null;
        }
        if (buf.length <= MAX_KEPT) {
            CACHE.set(this);
        }
    }

    /** Number of chars in the buffer. */
    public int length() {
        return len;
    }

    /** The char at {@code i}. */
    public char charAt(int i) {
        if (i >= len) {
            throw new IndexOutOfBoundsException("index " + i + ", length " + len);
        }
        return buf[i];
    }

    /** Empties the buffer, keeping its capacity. */
    public void clear() {
        len = 0;
    }

    /** Appends the content to {@code sb}. */
    public void appendTo(StringBuilder sb) {
        if (len > 256) {
            sb.append(toString()); // a String copy compresses with a vector instruction; char appends do not
        } else {
            sb.append(buf, 0, len);
        }
    }

    /** Writes the content to {@code out}. */
    public void writeTo(Appendable out) throws java.io.IOException {
        if (out instanceof java.io.Writer) {
            ((java.io.Writer) out).write(buf, 0, len);
        } else {
            out.append(toString());
        }
    }

    void setLength(int n) {
        len = n;
    }

    /** Makes room for {@code n} more chars and returns the array to write them into at {@link #len}. */
    char[] room(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
        return buf;
    }

    FormatBuffer append(char[] src, int from, int n) {
        System.arraycopy(src, from, room(n), len, n);
        len += n;
        return this;
    }

    FormatBuffer append(String s) {
        int n = s.length();
        s.getChars(0, n, room(n), len);
        len += n;
        return this;
    }

    FormatBuffer append(char c) {
        room(1)[len++] = c;
        return this;
    }

    FormatBuffer append(long v) {
        return append(Long.toString(v));
    }

    /** The content as a String. */
    @Override
    public String toString() {
        return new String(buf, 0, len);
    }
}
