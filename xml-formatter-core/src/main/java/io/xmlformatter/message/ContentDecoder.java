package io.xmlformatter.message;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Undoes a body's {@code Content-Encoding} (gzip, deflate) up to a limit, so the decoded text can be masked like
 * any body. Anything it cannot decode is reported, never passed on as it is.
 */
final class ContentDecoder {
    private ContentDecoder() {
    }

    /** The decoded body; or null when the encoding is not one this decodes or the bytes do not decode. */
    static CapturedBody decode(String contentEncoding, CapturedBody body, int limit) {
        String coding = contentEncoding.trim().toLowerCase(Locale.ROOT);
        try {
            switch (coding) {
                case "gzip":
                case "x-gzip":
                    return inflate(new GZIPInputStream(stream(body)), body, limit);
                case "deflate":
                    CapturedBody zlib = inflate(new InflaterInputStream(stream(body)), body, limit);
                    return zlib != null ? zlib
                            : inflate(new InflaterInputStream(stream(body), new Inflater(true)), body, limit);
                default:
                    return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code contentEncoding} leaves the bytes as they are. */
    static boolean isIdentity(String contentEncoding) {
        return contentEncoding == null || contentEncoding.trim().isEmpty()
                || "identity".equalsIgnoreCase(contentEncoding.trim());
    }

    private static InputStream stream(CapturedBody body) {
        return new ByteArrayInputStream(body.bytes(), 0, body.length());
    }

    /**
     * Reads up to {@code limit} decoded bytes. A captured prefix of the encoded body decodes to a prefix of the
     * text: what came out before the bytes ran out is kept, marked incomplete. Null when nothing decodes.
     */
    private static CapturedBody inflate(InputStream in, CapturedBody encoded, int limit) throws IOException {
        byte[] buf = new byte[Math.min(Math.max(limit, 0) + 1, Math.max(256, encoded.length() * 4))];
        int n = 0;
        boolean ended = false;
        try {
            while (n <= limit) {
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, (int) Math.min(limit + 1L, buf.length * 2L));
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    ended = true;
                    break;
                }
                n += r;
            }
        } catch (IOException e) {
            if (n == 0 || encoded.complete()) {
                return null; // not this encoding, or corrupt
            }
        } finally {
            in.close();
        }
        if (ended && n <= limit && encoded.complete()) {
            return CapturedBody.of(buf, n);
        }
        return CapturedBody.prefix(buf, Math.min(n, limit), -1);
    }
}
