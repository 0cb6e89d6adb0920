package io.xmlformatter;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 bytes decoded to chars before they are formatted, into an array kept for the next document. The JDK's
 * decoder widens ASCII with vector instructions, which a loop over the bytes does not get (JDK 17), so decoding
 * once and formatting chars is faster than formatting bytes and decoding the text as it is written.
 *
 * <p>A malformed sequence becomes one U+FFFD per sequence as {@link #sequenceLength} reads it, and the input
 * notes it. Offsets in the chars map back to offsets in the bytes ({@link Input#sourceOffset}). Not thread-safe:
 * one per {@link FormatBuffer}.
 */
final class Utf8Decoding {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private char[] chars = new char[256];
    private final Input input = Input.of(chars, 0, 0);

    /**
     * The document {@code bytes[start, end)} read as UTF-8: an input over this object's array, valid until the
     * next call.
     */
    Input input(byte[] bytes, int start, int end) {
        int n = end - start; // a UTF-8 byte never decodes to more than one char
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        ByteBuffer src = ByteBuffer.wrap(bytes, start, n);
        CharBuffer dst = CharBuffer.wrap(chars);
        boolean malformed = false;
        while (src.hasRemaining()) {
            decoder.reset();
            if (!decoder.decode(src, dst, true).isError()) {
                break; // all read: the chars have room for every byte
            }
            int at = src.position(); // the first byte of a malformed sequence
            malformed = true;
            dst.put('\uFFFD');
            src.position(at + sequenceLength(bytes, at, end));
        }
        input.reset(chars, dst.position());
        input.malformedUtf8 = malformed;
        input.mapToSource(dst.position() < n ? bytes : null, start, end);
        return input;
    }

    /** Whether its array grew too large to be kept for reuse. */
    boolean isLarge() {
        return chars.length > FormatBuffer.MAX_KEPT;
    }

    /**
     * The offset in {@code bytes[start, end)} of the char at {@code charOffset} of their decoding: each sequence
     * read again as {@link #input} reads it.
     */
    static int sourceOffset(byte[] bytes, int start, int end, int charOffset) {
        int i = start;
        int c = 0;
        while (c < charOffset && i < end) {
            int len = sequenceLength(bytes, i, end);
            c += len == 4 && isSupplementary(bytes, i) ? 2 : 1;
            i += len;
        }
        return i - start;
    }

    /** Length of the UTF-8 sequence at {@code i}; a malformed sequence counts as one byte. */
    private static int sequenceLength(byte[] bytes, int i, int to) {
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

    /**
     * Whether the four-byte sequence at {@code i} (as {@link #sequenceLength} reads it) is well-formed: a
     * character of two chars.
     */
    private static boolean isSupplementary(byte[] bytes, int i) {
        int cp = (bytes[i] & 0x07) << 18 | (bytes[i + 1] & 0x3F) << 12 | (bytes[i + 2] & 0x3F) << 6
                | (bytes[i + 3] & 0x3F);
        return cp >= 0x10000 && cp <= 0x10FFFF;
    }
}
