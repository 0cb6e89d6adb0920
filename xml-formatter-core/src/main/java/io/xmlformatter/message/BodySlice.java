package io.xmlformatter.message;

/** A body, or a part of one: bytes {@code [from, to)}, with what is known of the whole. */
final class BodySlice {
    final byte[] bytes;
    final int from;
    final int to;
    final boolean complete;
    final long originalSize;

    BodySlice(byte[] bytes, int from, int to, boolean complete, long originalSize) {
        this.bytes = bytes;
        this.from = from;
        this.to = to;
        this.complete = complete;
        this.originalSize = originalSize;
    }

    int length() {
        return to - from;
    }
}
