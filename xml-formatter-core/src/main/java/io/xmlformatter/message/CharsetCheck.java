package io.xmlformatter.message;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Whether a charset label fits a body's bytes. The bytes' own form is read as in Appendix F of the XML 1.0
 * specification (byte order marks; {@code <} or {@code <?xm} in UTF-16, UTF-32 or EBCDIC); a label of another
 * family does not fit. A body that cannot be shown to be in a label's family (UTF-16 text without a byte order
 * mark or markup, say) does not fit either: decoding it as labelled could turn a secret into text that no mask
 * matches and that gives the secret back when encoded again.
 */
final class CharsetCheck {
    /** Families of encodings: what makes markup characters. */
    enum Family { ASCII, UTF16, UTF32, EBCDIC, OTHER }

    private CharsetCheck() {
    }

    /**
     * The family of the bytes, as far as their first bytes tell; ASCII when nothing else shows. EBCDIC shows as
     * {@code <?xm}, or {@code <} followed by a small letter.
     */
    static Family ofBytes(byte[] b, int from, int len) {
        int b0 = len > 0 ? b[from] & 0xFF : -1;
        int b1 = len > 1 ? b[from + 1] & 0xFF : -1;
        int b2 = len > 2 ? b[from + 2] & 0xFF : -1;
        int b3 = len > 3 ? b[from + 3] & 0xFF : -1;
        if ((b0 == 0 && b1 == 0 && ((b2 == 0xFE && b3 == 0xFF) || (b2 == 0 && b3 > 0)))
                || (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) || (b0 > 0 && b1 == 0 && b2 == 0 && b3 == 0)) {
            return Family.UTF32;
        }
        if ((b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE) || (b0 == 0 && b1 > 0) || (b0 > 0 && b1 == 0)) {
            return Family.UTF16;
        }
        if (b0 == 0x4C && ((b1 == 0x6F && b2 == 0xA7 && b3 == 0x94) || (b1 >= 0x81 && b1 <= 0xA9))) {
            // "<?xm", or "<" and a small letter: after an ASCII "L" such a byte is no UTF-8
            return Family.EBCDIC;
        }
        return Family.ASCII;
    }

    /** The family of a charset: how it writes markup characters and letters. */
    static Family ofCharset(Charset charset) {
        String name = charset.name().toUpperCase(Locale.ROOT);
        if (name.startsWith("UTF-32") || name.startsWith("X-UTF-32")) {
            return Family.UTF32;
        }
        if (name.startsWith("UTF-16") || name.startsWith("X-UTF-16")) {
            return Family.UTF16;
        }
        if (!charset.canEncode()) {
            return Family.OTHER;
        }
        byte[] markup = "<?xml {\"a\":[1]}&#;=".getBytes(charset);
        byte[] ascii = "<?xml {\"a\":[1]}&#;=".getBytes(StandardCharsets.US_ASCII);
        if (java.util.Arrays.equals(markup, ascii)) {
            return Family.ASCII;
        }
        byte[] lt = "<".getBytes(charset);
        return lt.length == 1 && lt[0] == 0x4C ? Family.EBCDIC : Family.OTHER;
    }

    /** Whether the bytes can be decoded as {@code charset} without changing what is markup and what is text. */
    static boolean fits(Charset charset, byte[] b, int from, int len) {
        Family label = ofCharset(charset);
        Family bytes = ofBytes(b, from, len);
        if (label == Family.EBCDIC) {
            return bytes == Family.EBCDIC || firstNonBlank(b, from, len) == 0x4C;
        }
        return label != Family.OTHER && label == bytes;
    }

    /** The charset the bytes' own form shows when it is not ASCII-compatible (null when it is). */
    static Charset ownCharset(byte[] b, int from, int len) {
        switch (ofBytes(b, from, len)) {
            case UTF16:
                return (b[from] & 0xFF) == 0xFE || (b[from] & 0xFF) == 0xFF ? StandardCharsets.UTF_16
                        : b[from] == 0 ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
            case UTF32:
                return Charset.forName(b[from] == 0 || ((b[from] & 0xFF) == 0xFF && (b[from + 1] & 0xFF) == 0xFE)
                        ? "UTF-32" : "UTF-32LE");
            case EBCDIC:
                return Charset.forName("IBM037");
            default:
                return null;
        }
    }

    private static int firstNonBlank(byte[] b, int from, int len) {
        for (int i = from; i < from + len; i++) {
            int c = b[i] & 0xFF;
            if (c != 0x40 && c != 0x25 && c != 0x0D && c != 0x05 && c != 0x15) { // EBCDIC space, LF, CR, HT, NL
                return c;
            }
        }
        return -1;
    }
}
