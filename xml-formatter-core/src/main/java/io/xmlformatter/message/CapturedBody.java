package io.xmlformatter.message;

import io.xmlformatter.Experimental;

/**
 * The first bytes of a message body as captured for its record: the bytes, how many are valid, whether they are
 * the whole body, and the whole body's size when known. Holds the array it is given (no copy); the caller does
 * not change it afterwards.
 */
@Experimental
public final class CapturedBody {
    private final byte[] bytes;
    private final int length;
    private final boolean complete;
    private final long originalSize;

    private CapturedBody(byte[] bytes, int length, boolean complete, long originalSize) {
        if (bytes == null || length < 0 || length > bytes.length) {
            throw new IllegalArgumentException("bytes and a length within them are required");
        }
        this.bytes = bytes;
        this.length = length;
        this.complete = complete;
        this.originalSize = originalSize;
    }

    /** A whole body. */
    public static CapturedBody of(byte[] bytes) {
        return new CapturedBody(bytes, bytes.length, true, bytes.length);
    }

    /** A whole body: the first {@code length} bytes of {@code bytes}. */
    public static CapturedBody of(byte[] bytes, int length) {
        return new CapturedBody(bytes, length, true, length);
    }

    /**
     * The first {@code length} bytes of a longer body.
     *
     * @param originalSize the whole body's size, or -1 when unknown
     */
    public static CapturedBody prefix(byte[] bytes, int length, long originalSize) {
        return new CapturedBody(bytes, length, false, originalSize);
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** Whether no byte was captured (an empty body, or one of which nothing was read). */
    public boolean isEmpty() {
        return length == 0;
    }

    /** Whether these are all the body's bytes. */
    public boolean complete() {
        return complete;
    }

    /** The whole body's size in bytes, or -1 when unknown. */
    public long originalSize() {
        return originalSize;
    }
}
