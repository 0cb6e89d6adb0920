package io.xmlformatter;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Finds the encoding of an XML document from its byte order mark or its XML declaration. */
final class EncodingSniffer {
    private EncodingSniffer() {
    }

    /** What was found: the charset (null when the declared one is unknown) and the byte order mark's length. */
    static final class Detected {
        final Charset charset;
        final int bomLength;
        /** Why the bytes are read as UTF-8 although they said otherwise, or null. */
        final String problem;

        Detected(Charset charset, int bomLength) {
            this(charset, bomLength, null);
        }

        Detected(Charset charset, int bomLength, String problem) {
            this.charset = charset;
            this.bomLength = bomLength;
            this.problem = problem;
        }
    }

    private static final Detected UTF8 = new Detected(StandardCharsets.UTF_8, 0);

    /**
     * The input for an encoded document: its chars decoded with the charset its byte order mark or XML declaration
     * names, UTF-8 by {@code utf8} (into its reused array).
     */
    static Input input(byte[] bytes, int offset, int length, Utf8Decoding utf8) {
        Detected d = detect(bytes, offset, length);
        int start = offset + d.bomLength;
        int end = offset + length;
        Input in;
        if (d.charset == null || d.charset.equals(StandardCharsets.UTF_8)) {
            if (hasNulByte(bytes, start, Math.min(end, start + 64))) {
                // XML has no U+0000: NUL bytes are a wider encoding this did not recognise (UTF-16 starting with
                // a character that is not ASCII). Read as UTF-8, its text would give the document back.
                in = Input.withheld("NUL bytes, not UTF-8 text");
            } else {
                in = utf8.input(bytes, start, end);
                if (d.charset == null) {
                    in.encodingProblem = d.problem != null ? d.problem : "unsupported encoding, read as UTF-8";
                }
            }
        } else {
            char[] chars = decodeStrictly(bytes, start, end, d.charset);
            if (chars == null) {
                // Bytes that are no text in the encoding: its decoder would replace some and keep others, and
                // what it keeps can be bytes of another encoding's text (UTF-16 read as UTF-32).
                in = Input.withheld("the bytes are not " + d.charset.name() + " text");
            } else if ((hasText(chars) && !hasLessThan(chars)) || hasNul(chars)
                    || (d.bomLength == 0 && isUtf16(d.charset) && hasAsciiPairs(chars))) {
                // Read this way the bytes hold no markup at all: a byte order mark or declaration that does not
                // fit them. Shown, the text would give the document back when encoded the other way.
                in = Input.withheld("the bytes read as " + d.charset.name() + " are not text in it");
            } else {
                in = Input.of(chars, 0, chars.length);
                if (!writesAsAscii(d.charset)) {
                    Charset decodedWith = d.charset;
                    in.otherReadings = () -> otherReadings(bytes, start, end, decodedWith);
                }
            }
        }
        in.encoded = true;
        return in;
    }

    /** The encodings a reader could take bytes for: markup in any of them counts. */
    private static final Charset[] READINGS = {StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE,
        Charset.forName("IBM037")};

    /** Whether the charset writes '<' as EBCDIC does (the EBCDIC variants agree on markup and letters). */
    private static boolean isEbcdic(Charset c) {
        return c.canEncode() && Arrays.equals(new byte[] {0x4C}, "<".getBytes(c));
    }

    /** {@code bytes[start, end)} read as UTF-8, UTF-16 in both byte orders and EBCDIC, save as {@code decodedWith}. */
    private static Input[] otherReadings(byte[] bytes, int start, int end, Charset decodedWith) {
        Input[] readings = new Input[READINGS.length + 1];
        int n = 0;
        readings[n++] = new Utf8Decoding().input(bytes, start, end);
        for (Charset c : READINGS) {
            if (!c.equals(decodedWith) && !(isEbcdic(c) && isEbcdic(decodedWith))) {
                char[] chars = new String(bytes, start, end - start, c).toCharArray();
                readings[n++] = Input.of(chars, 0, chars.length);
            }
        }
        return Arrays.copyOf(readings, n);
    }

    /**
     * The chars of {@code bytes[start, end)} in {@code charset}, or null when they hold a malformed or unmappable
     * sequence; an incomplete sequence at the end (a cut input) is left out.
     */
    private static char[] decodeStrictly(byte[] bytes, int start, int end, Charset charset) {
        CharsetDecoder decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer out = CharBuffer.allocate((int) Math.ceil((end - start) * (double) decoder.maxCharsPerByte()) + 2);
        CoderResult result = decoder.decode(ByteBuffer.wrap(bytes, start, end - start), out, false);
        return result.isError() ? null : Arrays.copyOf(out.array(), out.position());
    }

    private static boolean isUtf16(Charset c) {
        return c.name().startsWith("UTF-16");
    }

    /**
     * Whether four adjacent chars, read as UTF-16 without a byte order mark, are eight printable ASCII bytes one
     * of which is markup ({@code < > = " ' / &}): ASCII text read as UTF-16 (a guess from the first bytes that
     * the rest belies), not UTF-16 text.
     */
    private static boolean hasAsciiPairs(char[] c) {
        for (int i = 0; i + 3 < c.length; i++) {
            if (isAsciiPair(c[i]) && isAsciiPair(c[i + 1]) && isAsciiPair(c[i + 2]) && isAsciiPair(c[i + 3])
                    && (isMarkup(c[i]) || isMarkup(c[i + 1]) || isMarkup(c[i + 2]) || isMarkup(c[i + 3]))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAsciiPair(char c) {
        int hi = c >> 8;
        int lo = c & 0xFF;
        return hi >= 0x20 && hi < 0x7F && lo >= 0x20 && lo < 0x7F;
    }

    private static boolean isMarkup(char c) {
        return "<>=\"'/&".indexOf(c >> 8) >= 0 || "<>=\"'/&".indexOf(c & 0xFF) >= 0;
    }

    private static boolean hasNulByte(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether the text holds U+0000, which XML never does: bytes of a wider encoding (UTF-32 as UTF-16). */
    private static boolean hasNul(char[] c) {
        for (char x : c) {
            if (x == 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasLessThan(char[] c) {
        for (char x : c) {
            if (x == '<') {
                return true;
            }
        }
        return false;
    }

    private static boolean hasText(char[] c) {
        for (char x : c) {
            if (!Input.isWhitespace(x) && x != '\uFEFF') {
                return true;
            }
        }
        return false;
    }

    static Detected detect(byte[] b, int off, int len) {
        Detected wide = detectWide(b, off, len);
        if (wide != null) {
            return wide;
        }
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
            if ((b0 == 0 && b1 == '<') || (b0 == 0 && isAsciiUtf16(b, off, len, 0))) {
                return new Detected(StandardCharsets.UTF_16BE, 0);
            }
            if ((b0 == '<' && b1 == 0) || (b1 == 0 && isAsciiUtf16(b, off, len, 1))) {
                return new Detected(StandardCharsets.UTF_16LE, 0);
            }
        }
        int[] name = declaredEncoding(b, off, len);
        if (name == null || isUtf8Compatible(b, name[0], name[1])) {
            return UTF8;
        }
        Charset declared;
        try {
            declared = Charset.forName(new String(b, name[0], name[1] - name[0], StandardCharsets.ISO_8859_1));
        } catch (RuntimeException e) {
            return new Detected(null, 0);
        }
        // The declaration was read as ASCII: a charset that writes it otherwise (UTF-16, UTF-32, EBCDIC, UTF-7)
        // contradicts the bytes, and decoding them with it would hide the markup.
        return writesAsAscii(declared) ? new Detected(declared, 0) : new Detected(null, 0, "declared encoding "
                + declared.name() + " does not fit the bytes, read as UTF-8");
    }

    /**
     * UTF-32 (byte order mark, or '<' as four bytes) and EBCDIC ("<?xm"), as in Appendix F of the XML 1.0
     * specification; null for anything else.
     */
    private static Detected detectWide(byte[] b, int off, int len) {
        if (len < 4) {
            return null;
        }
        int b0 = b[off] & 0xFF;
        int b1 = b[off + 1] & 0xFF;
        int b2 = b[off + 2] & 0xFF;
        int b3 = b[off + 3] & 0xFF;
        if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            return new Detected(Charset.forName("UTF-32BE"), 4);
        }
        if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
            return new Detected(Charset.forName("UTF-32LE"), 4);
        }
        if (b0 == 0 && b1 == 0 && b2 == 0 && b3 == '<') {
            return new Detected(Charset.forName("UTF-32BE"), 0);
        }
        if (b0 == '<' && b1 == 0 && b2 == 0 && b3 == 0) {
            return new Detected(Charset.forName("UTF-32LE"), 0);
        }
        if (b0 == 0x4C && b1 == 0x6F && b2 == 0xA7 && b3 == 0x94) {
            return new Detected(ebcdic(b, off, len), 0);
        }
        return null;
    }

    /** The EBCDIC charset an EBCDIC declaration names (IBM037 when it names none this JDK has). */
    private static Charset ebcdic(byte[] b, int off, int len) {
        Charset base = Charset.forName("IBM037");
        String decl = new String(b, off, Math.min(len, 256), base);
        int at = decl.indexOf("encoding");
        int end = decl.indexOf("?>");
        if (at > 0 && (end < 0 || at < end)) {
            int q = at + 8;
            while (q < decl.length() && (decl.charAt(q) == ' ' || decl.charAt(q) == '=')) {
                q++;
            }
            if (q < decl.length() && (decl.charAt(q) == '"' || decl.charAt(q) == '\'')) {
                int close = decl.indexOf(decl.charAt(q), q + 1);
                try {
                    Charset named = close > q ? Charset.forName(decl.substring(q + 1, close)) : base;
                    return "<".equals(new String(new byte[] {0x4C}, named)) ? named : base;
                } catch (RuntimeException e) {
                    return base;
                }
            }
        }
        return base;
    }

    private static boolean writesAsAscii(Charset charset) {
        if (!charset.canEncode()) {
            return false;
        }
        byte[] ascii = "<?xml version=\"1.0\" encoding=\"\"?>".getBytes(StandardCharsets.US_ASCII);
        return Arrays.equals(ascii, "<?xml version=\"1.0\" encoding=\"\"?>".getBytes(charset));
    }

    /**
     * Whether the first four characters are ASCII in UTF-16 without a byte order mark: a NUL at every
     * {@code zeroAt} position of a pair (0: big-endian, 1: little-endian), a character at the other.
     */
    private static boolean isAsciiUtf16(byte[] b, int off, int len, int zeroAt) {
        if (len < 8) {
            return false;
        }
        for (int i = 0; i < 8; i += 2) {
            if (b[off + i + zeroAt] != 0 || !isAscii(b[off + i + 1 - zeroAt] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    /** A printable ASCII character or whitespace. */
    private static boolean isAscii(int b) {
        return (b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n' || b == '\r';
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
