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
        int[] name = declaredEncoding(b, off, len);
        if (name == null || isUtf8Compatible(b, name[0], name[1])) {
            return UTF8;
        }
        try {
            return new Detected(Charset.forName(new String(b, name[0], name[1] - name[0],
                    StandardCharsets.ISO_8859_1)), 0);
        } catch (RuntimeException e) {
            return new Detected(null, 0);
        }
    }

    private static final String[] UTF8_NAMES = {"UTF-8", "UTF8", "US-ASCII", "ASCII"};

    /** Whether the encoding name in {@code b[from, to)} names UTF-8 or a subset of it (no String made). */
    private static boolean isUtf8Compatible(byte[] b, int from, int to) {
        for (String n : UTF8_NAMES) {
            if (to - from == n.length()) {
                int k = 0;
                while (k < n.length() && Character.toUpperCase((char) b[from + k]) == n.charAt(k)) {
                    k++;
                }
                if (k == n.length()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Where the encoding name of an ASCII-compatible XML declaration is ({start, end}), or null. */
    private static int[] declaredEncoding(byte[] b, int off, int len) {
        int end = off + Math.min(len, 256);
        if (len < 6 || b[off] != '<' || b[off + 1] != '?' || b[off + 2] != 'x' || b[off + 3] != 'm'
                || b[off + 4] != 'l') {
            return null;
        }
        for (int i = off + 5; i + 8 < end && !(b[i] == '?' && b[i + 1] == '>'); i++) {
            if (b[i] == 'e' && b[i + 1] == 'n' && b[i + 2] == 'c' && b[i + 3] == 'o' && b[i + 4] == 'd'
                    && b[i + 5] == 'i' && b[i + 6] == 'n' && b[i + 7] == 'g') {
                int v = i + 8;
                while (v < end && (b[v] == ' ' || b[v] == '=' || b[v] == '\t' || b[v] == '\n' || b[v] == '\r')) {
                    v++;
                }
                if (v >= end || (b[v] != '"' && b[v] != '\'')) {
                    return null;
                }
                for (int q = v + 1; q < end; q++) {
                    if (b[q] == b[v]) {
                        return new int[] {v + 1, q};
                    }
                }
                return null;
            }
        }
        return null;
    }
}
