package io.xmlformatter;

import java.nio.charset.StandardCharsets;

/**
 * The document being formatted: a range of a {@code char[]} or of a UTF-8 {@code byte[]}.
 *
 * <p>Positions are indexes into the array (chars or bytes). Every byte of a multi-byte UTF-8 sequence is
 * {@code >= 0x80}, so all markup (which is ASCII) is found the same way in both; only copying text to the
 * output decodes. The two array kinds share this one final class, so the engine's loop is written once and
 * its calls stay monomorphic.
 */
final class Input {
    private char[] chars;
    private final byte[] bytes;
    final int start;
    int end;
    /** Whether a malformed UTF-8 sequence was seen while copying. */
    boolean malformedUtf8;
    /** Whether the document was given encoded (as bytes), so its sizes are in bytes. */
    boolean encoded;
    /** Set when the document's declared encoding is unknown (it is then read as UTF-8). */
    String encodingProblem;
    /**
     * When the bytes were decoded with a charset that does not write ASCII as ASCII (UTF-16, UTF-32, EBCDIC): the
     * same bytes read in the other encodings a reader could take them for. Markup that only such a reading shows
     * was written in another encoding, and the decoded text would show it as other characters.
     */
    java.util.function.Supplier<Input[]> otherReadings;

    private Input(char[] chars, byte[] bytes, int start, int end) {
        this.chars = chars;
        this.bytes = bytes;
        this.start = start;
        this.end = end;
    }

    static Input of(char[] chars, int start, int end) {
        return new Input(chars, null, start, end);
    }

    /** This char input, pointed at {@code [0, end)} of {@code chars} and as new: for reuse. */
    Input reset(char[] chars, int end) {
        this.chars = chars;
        this.end = end;
        malformedUtf8 = false;
        encoded = false;
        encodingProblem = null;
        otherReadings = null;
        return this;
    }

    /** An encoded document whose content is not to be shown: no chars, and why, as its encoding problem. */
    static Input withheld(String why) {
        Input in = new Input(new char[0], null, 0, 0);
        in.encoded = true;
        in.encodingProblem = why + "; content not shown";
        return in;
    }

    static Input ofUtf8(byte[] bytes, int start, int end) {
        return new Input(null, bytes, start, end);
    }


    /** The char, or the unsigned byte, at {@code i}. */
    int at(int i) {
        return bytes != null ? bytes[i] & 0xFF : chars[i];
    }

    /** First index of {@code c} (ASCII) in {@code [from, to)}, or -1. */
    int indexOf(char c, int from, int to) {
        if (bytes != null) {
            byte b = (byte) c;
            byte[] a = bytes;
            for (int i = from; i < to; i++) {
                if (a[i] == b) {
                    return i;
                }
            }
        } else {
            char[] a = chars;
            for (int i = from; i < to; i++) {
                if (a[i] == c) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** First index of the ASCII string {@code s} in {@code [from, to)}, or -1. */
    int indexOf(String s, int from, int to) {
        char first = s.charAt(0);
        int last = to - s.length();
        for (int i = indexOf(first, from, to); i >= 0 && i <= last; i = indexOf(first, i + 1, to)) {
            if (startsWith(s, i)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the ASCII string {@code s} starts at {@code i} (and fits before the end). */
    boolean startsWith(String s, int i) {
        if (i + s.length() > end) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (at(i + k) != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The end of the text run starting at {@code from}: the first '<' or {@code to}. Also notes the first '&'
     * of the run in {@link #firstAmpersand} (-1 when none), so text is scanned once.
     */
    int textEnd(int from, int to) {
        int amp = -1;
        int i = from;
        if (bytes != null) {
            byte[] a = bytes;
            for (; i < to; i++) {
                byte b = a[i];
                if (b == '<') {
                    break;
                }
                if (b == '&' && amp < 0) {
                    amp = i;
                }
            }
        } else {
            char[] a = chars;
            for (; i < to; i++) {
                char c = a[i];
                if (c == '<') {
                    break;
                }
                if (c == '&' && amp < 0) {
                    amp = i;
                }
            }
        }
        firstAmpersand = amp;
        return i;
    }

    /** See {@link #textEnd} and {@link #valueEnd}. */
    int firstAmpersand;
    /** See {@link #valueEnd}. */
    boolean sawLessThan;

    /**
     * The position of the {@code quote} that ends the attribute value starting at {@code from}, or -1. Notes the
     * first '&' in {@link #firstAmpersand} and whether a '<' was seen in {@link #sawLessThan}: one pass.
     */
    int valueEnd(int from, int quote) {
        int amp = -1;
        boolean lt = false;
        int i = from;
        final int to = end;
        if (bytes != null) {
            byte[] a = bytes;
            for (; i < to; i++) {
                byte b = a[i];
                if (b == quote) {
                    break;
                }
                if (b == '&' && amp < 0) {
                    amp = i;
                }
                lt |= b == '<';
            }
        } else {
            char[] a = chars;
            for (; i < to; i++) {
                char c = a[i];
                if (c == quote) {
                    break;
                }
                if (c == '&' && amp < 0) {
                    amp = i;
                }
                lt |= c == '<';
            }
        }
        firstAmpersand = amp;
        sawLessThan = lt;
        return i < to ? i : -1;
    }

    /**
     * End of the XML name starting at {@code from}: stops at the first character XML does not allow in a name
     * (whitespace, markup delimiters, and non-ASCII characters outside XML's NameChar ranges, such as the XML 1.1
     * line ends U+0085 and U+2028). Notes the name's first and last colon in {@link #firstColon} and
     * {@link #lastColon} (-1 when it has none), so a name is scanned once.
     */
    int nameEnd(int from) {
        int i = from;
        int first = -1;
        int last = -1;
        final int to = end;
        if (bytes != null) {
            byte[] a = bytes;
            while (i < to) {
                byte b = a[i];
                if (b >= 0) {
                    byte kind = NAME_KIND[b];
                    if (kind != NAME) {
                        if (kind == NOT_NAME) {
                            break;
                        }
                        first = first < 0 ? i : first;
                        last = i;
                    }
                    i++;
                } else if (isNameCodePoint(decode(i, to))) {
                    i += sequenceLength(i, to);
                } else {
                    break;
                }
            }
        } else {
            char[] a = chars;
            while (i < to) {
                char c = a[i];
                if (c < 0x80) {
                    byte kind = NAME_KIND[c];
                    if (kind != NAME) {
                        if (kind == NOT_NAME) {
                            break;
                        }
                        first = first < 0 ? i : first;
                        last = i;
                    }
                } else if (!isNameCodePoint(c)) {
                    break;
                }
                i++;
            }
        }
        firstColon = first;
        lastColon = last;
        return i;
    }

    /** The value of the character reference whose digits are {@code [from, semi)} ("x" first for hex). */
    int characterReference(int from, int semi) {
        boolean hex = at(from) == 'x';
        long v = 0;
        for (int i = hex ? from + 1 : from; i < semi && v <= 0x10FFFF; i++) {
            int d = Character.digit(at(i), hex ? 16 : 10);
            if (d < 0) {
                return -1;
            }
            v = v * (hex ? 16 : 10) + d;
        }
        return v > 0x10FFFF ? -1 : (int) v;
    }

    /**
     * Position of the ';' ending the reference at {@code a} (its '&', or any char before a '#'), or -1 when it is
     * not a reference.
     */
    int referenceEnd(int a, int to) {
        int i = a + 1;
        if (i < to && at(i) == '#') {
            i++;
            boolean hex = i < to && at(i) == 'x';
            if (hex) {
                i++;
            }
            int digits = i;
            while (i < to && (Character.digit(at(i), hex ? 16 : 10) >= 0)) {
                i++;
            }
            return i > digits && i < to && at(i) == ';' ? i : -1;
        }
        if (i >= to || !Input.isNameStart(at(i))) {
            return -1;
        }
        int e = nameEnd(i);
        return e < to && at(e) == ';' ? e : -1;
    }

    /** See {@link #nameEnd}. */
    int firstColon;
    /** See {@link #nameEnd}. */
    int lastColon;

    /** Whether the char (or byte) at {@code i} can be part of a name. */
    boolean isNameChar(int i) {
        int c = at(i);
        return c < 0x80 ? NAME_KIND[c] != NOT_NAME : nameEnd(i) > i;
    }

    /**
     * Whether a non-ASCII code point (or a UTF-16 surrogate, half of a supplementary character) is a NameChar of
     * XML 1.0 (fifth edition).
     */
    static boolean isNameCodePoint(int c) {
        return c == 0xB7 || (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x37D)
                || (c >= 0x37F && c <= 0x1FFF) || c == 0x200C || c == 0x200D || c == 0x203F || c == 0x2040
                || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xDFFF)
                || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
    }

    private static final byte NOT_NAME = 0;
    private static final byte NAME = 1;
    private static final byte COLON = 2;
    /** Per ASCII char: {@link #NOT_NAME}, {@link #NAME} or {@link #COLON} (a name char {@link #nameEnd} notes). */
    private static final byte[] NAME_KIND = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            boolean name = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '-' || c == '.';
            NAME_KIND[c] = c == ':' ? COLON : name ? NAME : NOT_NAME;
        }
    }

    static boolean isNameStart(int c) {
        return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ':' || c == '_';
    }

    static boolean isWhitespace(int c) {
        return c <= ' ' && (c == ' ' || c == '\n' || c == '\t' || c == '\r');
    }

    int skipWhitespace(int from, int to) {
        int i = from;
        while (i < to && isWhitespace(at(i))) {
            i++;
        }
        return i;
    }


    /** Whether two ranges hold the same name. */
    boolean regionEquals(int a, int aEnd, int b, int bEnd) {
        int n = aEnd - a;
        if (n != bEnd - b) {
            return false;
        }
        if (bytes != null) {
            for (int k = 0; k < n; k++) {
                if (bytes[a + k] != bytes[b + k]) {
                    return false;
                }
            }
        } else {
            for (int k = 0; k < n; k++) {
                if (chars[a + k] != chars[b + k]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether {@code [from, to)} holds exactly {@code name} (given as chars and as UTF-8 bytes). */
    boolean regionEquals(int from, int to, char[] name, byte[] utf8) {
        if (bytes != null) {
            if (to - from != utf8.length) {
                return false;
            }
            for (int k = 0; k < utf8.length; k++) {
                if (bytes[from + k] != utf8[k]) {
                    return false;
                }
            }
            return true;
        }
        if (to - from != name.length) {
            return false;
        }
        for (int k = 0; k < name.length; k++) {
            if (chars[from + k] != name[k]) {
                return false;
            }
        }
        return true;
    }

    /** Appends {@code [from, to)} to {@code out}, decoding UTF-8 when the input is bytes. */
    void copy(FormatBuffer out, int from, int to) {
        if (bytes == null) {
            out.append(chars, from, to - from);
            return;
        }
        char[] buf = out.room(to - from); // a UTF-8 byte never decodes to more than one char
        int n = out.len;
        byte[] a = bytes;
        int any = 0;
        for (int k = from, d = n; k < to; k++, d++) { // ASCII, the common case: one widening pass the JIT vectorizes
            byte b = a[k];
            buf[d] = (char) b;
            any |= b;
        }
        if (any >= 0) {
            out.len = n + to - from;
            return;
        }
        int i = from;
        while (i < to) {
            int ascii = i;
            while (ascii < to && a[ascii] >= 0) {
                ascii++;
            }
            for (int k = i, d = n; k < ascii; k++, d++) { // a plain widening loop the JIT vectorizes
                buf[d] = (char) a[k];
            }
            n += ascii - i;
            i = ascii;
            if (i < to) {
                int cp = decode(i, to);
                i += sequenceLength(i, to);
                if (cp >= 0x10000) {
                    buf[n++] = Character.highSurrogate(cp);
                    buf[n++] = Character.lowSurrogate(cp);
                } else {
                    buf[n++] = (char) cp;
                }
            }
        }
        out.len = n;
    }

    /** The range as a String (used off the hot path: namespace URIs, embedded documents). */
    String string(int from, int to) {
        if (bytes == null) {
            return new String(chars, from, to - from);
        }
        FormatBuffer o = new FormatBuffer(to - from);
        copy(o, from, to);
        return o.toString();
    }

    /**
     * The position after at most {@code n} UTF-16 chars from {@code from}, never splitting a surrogate pair
     * or a UTF-8 sequence, and never past {@code to}.
     */
    int advanceChars(int from, int to, long n) {
        if (bytes == null) {
            long target = Math.min((long) to, from + n);
            int i = (int) target;
            if (i > from && i < to && Character.isHighSurrogate(chars[i - 1])) {
                i--;
            }
            return i;
        }
        int i = from;
        long count = 0;
        while (i < to) {
            int len = sequenceLength(i, to);
            int units = len == 4 ? 2 : 1;
            if (count + units > n) {
                break;
            }
            count += units;
            i += len;
        }
        return i;
    }

    /** Number of UTF-16 chars that {@code [from, to)} decodes to. */
    int charCount(int from, int to) {
        if (bytes == null) {
            return to - from;
        }
        int count = 0;
        for (int i = from; i < to; ) {
            int len = sequenceLength(i, to);
            count += len == 4 ? 2 : 1;
            i += len;
        }
        return count;
    }

    /** Length of the UTF-8 sequence at {@code i}; a malformed sequence counts as one byte. */
    private int sequenceLength(int i, int to) {
        int b = bytes[i] & 0xFF;
        int len = b < 0x80 ? 1 : b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 1;
        if (i + len > to) {
            return 1;
        }
        for (int k = 1; k < len; k++) {
            if ((bytes[i + k] & 0xC0) != 0x80) {
                return 1;
            }
        }
        return len;
    }

    /** The code point of the UTF-8 sequence at {@code i}; U+FFFD (and a flag) when malformed. */
    private int decode(int i, int to) {
        int len = sequenceLength(i, to);
        int b = bytes[i] & 0xFF;
        int cp;
        if (len == 2) {
            cp = (b & 0x1F) << 6 | (bytes[i + 1] & 0x3F);
        } else if (len == 3) {
            cp = (b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | (bytes[i + 2] & 0x3F);
            if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) {
                cp = -1;
            }
        } else if (len == 4) {
            cp = (b & 0x07) << 18 | (bytes[i + 1] & 0x3F) << 12 | (bytes[i + 2] & 0x3F) << 6 | (bytes[i + 3] & 0x3F);
            if (cp < 0x10000 || cp > 0x10FFFF) {
                cp = -1;
            }
        } else {
            cp = -1;
        }
        if (cp < 0) {
            malformedUtf8 = true;
            return 0xFFFD;
        }
        return cp;
    }

    /** UTF-8 bytes of a name, for comparing against byte input. */
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
