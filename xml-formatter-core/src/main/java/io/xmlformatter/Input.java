package io.xmlformatter;

/**
 * The document being formatted: a range of a {@code char[]}. Encoded documents are decoded first (UTF-8 by
 * {@link Utf8Decoding}); positions are indexes into the array.
 */
final class Input {
    private char[] chars;
    final int start;
    int end;
    /** Whether the document's bytes held a malformed UTF-8 sequence (each became U+FFFD). */
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
    /**
     * The UTF-8 bytes {@code [sourceStart, sourceEnd)} this input was decoded from, when some of them decoded to
     * fewer chars (see {@link #sourceOffset}); else null.
     */
    private byte[] source;
    private int sourceStart;
    private int sourceEnd;

    private Input(char[] chars, int start, int end) {
        this.chars = chars;
        this.start = start;
        this.end = end;
    }

    static Input of(char[] chars, int start, int end) {
        return new Input(chars, start, end);
    }

    /** This char input, pointed at {@code [0, end)} of {@code chars} and as new: for reuse. */
    Input reset(char[] chars, int end) {
        this.chars = chars;
        this.end = end;
        malformedUtf8 = false;
        encoded = false;
        encodingProblem = null;
        otherReadings = null;
        source = null;
        return this;
    }

    /**
     * Notes the UTF-8 bytes {@code [from, to)} this input was decoded from, or that they decoded one char per byte
     * ({@code bytes} null), so that offsets can be given in bytes.
     */
    void mapToSource(byte[] bytes, int from, int to) {
        source = bytes;
        sourceStart = from;
        sourceEnd = to;
    }

    /** The offset in the document as given (bytes for UTF-8) of the char offset {@code offset}. */
    long sourceOffset(int offset) {
        if (source == null || offset < 0) {
            return offset;
        }
        return Utf8Decoding.sourceOffset(source, sourceStart, sourceEnd, offset);
    }

    /** An encoded document whose content is not to be shown: no chars, and why, as its encoding problem. */
    static Input withheld(String why) {
        Input in = new Input(new char[0], 0, 0);
        in.encoded = true;
        in.encodingProblem = why + "; content not shown";
        return in;
    }

    /** The char at {@code i}. */
    int at(int i) {
        return chars[i];
    }

    /** The array the input reads (positions are the input's own), for a view of it ({@link CharsView}). */
    char[] array() {
        return chars;
    }

    /** First index of {@code c} in {@code [from, to)}, or -1. */
    int indexOf(char c, int from, int to) {
        char[] a = chars;
        for (int i = from; i < to; i++) {
            if (a[i] == c) {
                return i;
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

    /** Last index of {@code s} starting in {@code [from, to)}, or -1. */
    int lastIndexOf(String s, int from, int to) {
        for (int i = Math.min(to - 1, end - s.length()); i >= from; i--) {
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

    /** Whether the char at {@code i} can be part of a name. */
    boolean isNameChar(int i) {
        int c = chars[i];
        return c < 0x80 ? NAME_KIND[c] != NOT_NAME : isNameCodePoint(c);
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
        for (int k = 0; k < n; k++) {
            if (chars[a + k] != chars[b + k]) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code [from, to)} holds exactly {@code name}. */
    boolean regionEquals(int from, int to, char[] name) {
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

    /**
     * Whether {@code [from, to)} holds {@code lowerName} with its ASCII letters in any case ({@code lowerName} has
     * them in lower case, see {@link #lowerAscii}); other characters match exactly.
     */
    boolean regionEqualsIgnoringCase(int from, int to, char[] lowerName) {
        if (to - from != lowerName.length) {
            return false;
        }
        for (int k = 0; k < lowerName.length; k++) {
            char c = chars[from + k];
            if (c != lowerName[k] && (c < 'A' || c > 'Z' || c + ('a' - 'A') != lowerName[k])) {
                return false;
            }
        }
        return true;
    }

    /** {@code name} with its ASCII letters in lower case. */
    static char[] lowerAscii(String name) {
        char[] c = name.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= 'A' && c[i] <= 'Z') {
                c[i] = (char) (c[i] + ('a' - 'A'));
            }
        }
        return c;
    }

    /** Appends {@code [from, to)} to {@code out}. */
    void copy(FormatBuffer out, int from, int to) {
        out.append(chars, from, to - from);
    }

    /** The range as a String (used off the hot path: namespace URIs, embedded documents). */
    String string(int from, int to) {
        return new String(chars, from, to - from);
    }

    /** The position after at most {@code n} chars from {@code from}: never past {@code to}, nor inside a pair. */
    int advanceChars(int from, int to, long n) {
        long target = Math.min((long) to, from + n);
        int i = (int) target;
        if (i > from && i < to && Character.isHighSurrogate(chars[i - 1])) {
            i--;
        }
        return i;
    }
}
