package io.xmlformatter;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** Finds the encoding of an XML document from its byte order mark or its XML declaration. */
final class EncodingSniffer {
    private EncodingSniffer() {
    }

    /** What was found: the charset (null when the declared one is unknown) and the byte order mark's length. */
    static final class Detected {
        final Charset charset;
        final int bomLength;

        Detected(Charset charset, int bomLength) {
            this.charset = charset;
            this.bomLength = bomLength;
        }
    }

    private static final Detected UTF8 = new Detected(StandardCharsets.UTF_8, 0);

    /**
     * The input for an encoded document: its UTF-8 bytes as they are, or its chars decoded with the charset its
     * byte order mark or XML declaration names.
     */
    static Input input(byte[] bytes, int offset, int length) {
        Detected d = detect(bytes, offset, length);
        int start = offset + d.bomLength;
        int end = offset + length;
        Input in;
        if (d.charset == null || d.charset.equals(StandardCharsets.UTF_8)) {
            in = Input.ofUtf8(bytes, start, end);
            if (d.charset == null) {
                in.encodingProblem = "unsupported encoding, read as UTF-8";
            }
        } else {
            char[] chars = new String(bytes, start, end - start, d.charset).toCharArray();
            in = Input.of(chars, 0, chars.length);
        }
        in.encoded = true;
        return in;
    }

    static Detected detect(byte[] b, int off, int len) {
        if (len >= 3 && (b[off] & 0xFF) == 0xEF && (b[off + 1] & 0xFF) == 0xBB && (b[off + 2] & 0xFF) == 0xBF) {
            return new Detected(StandardCharsets.UTF_8, 3);
        }
        if (len >= 2) {
            int b0 = b[off] & 0xFF;
            int b1 = b[off + 1] & 0xFF;
            if (b0 == 0xFE && b1 == 0xFF) {
                return new Detected(StandardCharsets.UTF_16BE, 2);
            }
            if (b0 == 0xFF && b1 == 0xFE) {
                return new Detected(StandardCharsets.UTF_16LE, 2);
            }
            if (b0 == 0 && b1 == '<') {
                return new Detected(StandardCharsets.UTF_16BE, 0);
            }
            if (b0 == '<' && b1 == 0) {
                return new Detected(StandardCharsets.UTF_16LE, 0);
            }
        }
        String declared = declaredEncoding(b, off, len);
        if (declared == null) {
            return UTF8;
        }
        String name = declared.toUpperCase(java.util.Locale.ROOT);
        if (name.equals("UTF-8") || name.equals("UTF8") || name.equals("US-ASCII") || name.equals("ASCII")) {
            return UTF8;
        }
        try {
            return new Detected(Charset.forName(declared), 0);
        } catch (RuntimeException e) {
            return new Detected(null, 0);
        }
    }

    /** The encoding named by an ASCII-compatible XML declaration, or null. */
    private static String declaredEncoding(byte[] b, int off, int len) {
        int end = off + Math.min(len, 256);
        if (len < 6 || b[off] != '<' || b[off + 1] != '?' || b[off + 2] != 'x' || b[off + 3] != 'm'
                || b[off + 4] != 'l') {
            return null;
        }
        int close = -1;
        for (int i = off + 5; i + 1 < end; i++) {
            if (b[i] == '?' && b[i + 1] == '>') {
                close = i;
                break;
            }
        }
        if (close < 0) {
            return null;
        }
        String decl = new String(b, off, close - off, StandardCharsets.ISO_8859_1);
        int e = decl.indexOf("encoding");
        if (e < 0) {
            return null;
        }
        int i = e + 8;
        while (i < decl.length() && (decl.charAt(i) == ' ' || decl.charAt(i) == '=' || decl.charAt(i) == '\t'
                || decl.charAt(i) == '\n' || decl.charAt(i) == '\r')) {
            i++;
        }
        if (i >= decl.length() || decl.charAt(i) != '"' && decl.charAt(i) != '\'') {
            return null;
        }
        int q = decl.indexOf(decl.charAt(i), i + 1);
        return q < 0 ? null : decl.substring(i + 1, q);
    }
}
