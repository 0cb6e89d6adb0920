package io.xmlformatter.cxf;

import io.xmlformatter.FormatResult;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Multipart bodies (MTOM/SwA): XML parts are formatted and masked like any body; every other part (an
 * attachment) is replaced by a line giving its size, never dumped.
 */
final class Multipart {
    private Multipart() {
    }

    /** The text of a rendered body and what formatting its parts did. */
    static final class Rendered {
        final String text;
        final boolean truncated;
        final boolean wellFormed;
        final int masked;

        Rendered(String text, boolean truncated, boolean wellFormed, int masked) {
            this.text = text;
            this.truncated = truncated;
            this.wellFormed = wellFormed;
            this.masked = masked;
        }
    }

    static Rendered render(XmlLogging logging, String contentType, byte[] body, int length, boolean complete,
                           long originalSize) {
        String boundary = boundary(contentType);
        if (boundary == null) {
            return new Rendered(XmlLogging.CONTENT_SUPPRESSED, false, true, 0);
        }
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        StringBuilder out = new StringBuilder();
        boolean truncated = !complete;
        boolean wellFormed = true;
        int masked = 0;
        int at = indexOf(body, length, delimiter, 0);
        while (at >= 0) {
            int partStart = at + delimiter.length;
            if (partStart + 1 < length && body[partStart] == '-' && body[partStart + 1] == '-') {
                out.append("--").append(boundary).append("--\n");
                break;
            }
            int next = indexOf(body, length, delimiter, partStart);
            int partEnd = next < 0 ? length : next;
            int headersEnd = indexOf(body, partEnd, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), partStart);
            int bodyStart = headersEnd < 0 ? partEnd : headersEnd + 4;
            String headers = new String(body, partStart, Math.max(0, (headersEnd < 0 ? partEnd : headersEnd)
                    - partStart), StandardCharsets.ISO_8859_1).trim();
            int bodyEnd = next < 0 ? partEnd : trimCrlf(body, bodyStart, partEnd);
            out.append("--").append(boundary).append('\n').append(headers).append("\n\n");
            if (isXml(headers)) {
                boolean lastAndCut = next < 0 && !complete;
                FormatResult r = logging.format(null, slice(body, bodyStart, bodyEnd), bodyEnd - bodyStart,
                        lastAndCut ? originalSize : bodyEnd - bodyStart, !lastAndCut, out);
                masked += r.maskedCount();
                wellFormed &= r.wellFormed();
                truncated |= r.truncated() || r.truncatedNodeCount() > 0;
            } else {
                out.append("--- Attachment suppressed: ").append(bodyEnd - bodyStart)
                        .append(next < 0 && !complete ? "+" : "").append(" bytes ---");
            }
            out.append('\n');
            at = next;
        }
        return new Rendered(out.toString(), truncated, wellFormed, masked);
    }

    private static boolean isXml(String partHeaders) {
        String h = partHeaders.toLowerCase(Locale.ROOT);
        int ct = h.indexOf("content-type:");
        if (ct < 0) {
            return false;
        }
        int eol = h.indexOf('\n', ct);
        String type = h.substring(ct + 13, eol < 0 ? h.length() : eol).trim();
        return type.contains("xml");
    }

    static String boundary(String contentType) {
        int b = contentType.toLowerCase(Locale.ROOT).indexOf("boundary=");
        if (b < 0) {
            return null;
        }
        String v = contentType.substring(b + 9).trim();
        if (v.startsWith("\"")) {
            int q = v.indexOf('"', 1);
            return q < 0 ? null : v.substring(1, q);
        }
        int semi = v.indexOf(';');
        return (semi < 0 ? v : v.substring(0, semi)).trim();
    }

    private static int trimCrlf(byte[] b, int start, int end) {
        int e = end;
        if (e - 2 >= start && b[e - 2] == '\r' && b[e - 1] == '\n') {
            e -= 2;
        }
        return e;
    }

    private static byte[] slice(byte[] b, int from, int to) {
        byte[] r = new byte[to - from];
        System.arraycopy(b, from, r, 0, r.length);
        return r;
    }

    private static int indexOf(byte[] b, int length, byte[] needle, int from) {
        outer:
        for (int i = from; i <= length - needle.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (b[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
