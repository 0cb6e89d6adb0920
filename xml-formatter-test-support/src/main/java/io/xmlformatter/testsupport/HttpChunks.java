package io.xmlformatter.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** HTTP/1.1 chunked transfer coding, for tests that write a streamed body by hand. */
public final class HttpChunks {
    private HttpChunks() {
    }

    /** One chunk holding {@code text} as UTF-8: its size in hex, CRLF, the bytes, CRLF. */
    public static byte[] chunk(String text) {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        byte[] head = (Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] chunk = Arrays.copyOf(head, head.length + data.length + 2);
        System.arraycopy(data, 0, chunk, head.length, data.length);
        chunk[chunk.length - 2] = '\r';
        chunk[chunk.length - 1] = '\n';
        return chunk;
    }

    /** The last chunk and the end of the body. */
    public static byte[] last() {
        return "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    }
}
