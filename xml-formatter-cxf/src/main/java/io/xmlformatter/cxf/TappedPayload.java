package io.xmlformatter.cxf;

/** The first bytes of an inbound body, kept on the message by {@link PayloadTapInterceptor} for its record. */
final class TappedPayload {
    final byte[] bytes;
    final int length;
    final boolean complete;
    final long originalSize;

    TappedPayload(byte[] bytes, int length, boolean complete, long originalSize) {
        this.bytes = bytes;
        this.length = length;
        this.complete = complete;
        this.originalSize = originalSize;
    }
}
