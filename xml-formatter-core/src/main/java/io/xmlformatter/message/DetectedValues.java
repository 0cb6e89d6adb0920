package io.xmlformatter.message;

import io.xmlformatter.ValueMasker;

import java.nio.charset.StandardCharsets;

/**
 * The value detectors ({@link ValueMasker}) over the values of addresses, forms and headers, which may be percent-
 * or plus-encoded: a value as written is masked in place; an encoded one is read decoded, and written whole as the
 * pseudonyms of what the detectors find in it ({@link ValueMasker#maskDecoded}), or as the mask when it was cut (an
 * escape could be cut short) or is still encoded once decoded (encoded twice). Immutable and thread-safe.
 */
final class DetectedValues {
    private final ValueMasker values;

    DetectedValues(ValueMasker values) {
        this.values = values;
    }

    /**
     * Appends {@code text[from, to)} with what the detectors find in it masked (and, when it was {@code cut} at
     * {@code to}, what could be the start of a secret there); returns how many it masked.
     */
    int append(CharSequence text, int from, int to, boolean cut, StringBuilder out) {
        boolean encoded = false;
        for (int i = from; i < to && !encoded; i++) {
            encoded = text.charAt(i) == '%' || text.charAt(i) == '+';
        }
        if (!encoded) {
            return values.mask(text, from, to, cut, out);
        }
        String decoded = decode(text, from, to);
        // cut: an escape itself could be cut short; still encoded once decoded: encoded twice, it could spell anything
        if (cut || stillEncoded(decoded)) {
            out.append(values.mask());
            return 1;
        }
        int masked = values.maskDecoded(decoded, out);
        if (masked == 0) {
            out.append(text, from, to);
        }
        return masked;
    }

    /** Whether a decoded value still holds a percent-escape ({@code %} and two hex digits). */
    static boolean stillEncoded(String decoded) {
        for (int i = decoded.indexOf('%'); i >= 0 && i + 2 < decoded.length(); i = decoded.indexOf('%', i + 1)) {
            if (hex(decoded.charAt(i + 1)) >= 0 && hex(decoded.charAt(i + 2)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** {@code text[from, to)} percent- and plus-decoded as UTF-8; a broken escape stays as written. */
    static String decode(CharSequence text, int from, int to) {
        boolean plain = true;
        for (int i = from; i < to && plain; i++) {
            char c = text.charAt(i);
            plain = c != '%' && c != '+' && c < 0x80;
        }
        if (plain) {
            return text.subSequence(from, to).toString(); // nothing to decode (most names in text)
        }
        byte[] b = new byte[(to - from) * 3];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < to && hex(text.charAt(i + 1)) >= 0 && hex(text.charAt(i + 2)) >= 0) {
                b[n++] = (byte) (hex(text.charAt(i + 1)) * 16 + hex(text.charAt(i + 2)));
                i += 2;
            } else if (c == '+') {
                b[n++] = ' ';
            } else if (c < 0x80) {
                b[n++] = (byte) c;
            } else {
                byte[] u = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                System.arraycopy(u, 0, b, n, u.length);
                n += u.length;
            }
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
