package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** UTF-8 decoding alone: the chars, one U+FFFD per malformed sequence, offsets back to bytes, and reuse. */
class Utf8DecodingTest {
    private final Utf8Decoding decoding = new Utf8Decoding();

    private static String text(Input in) {
        StringBuilder sb = new StringBuilder();
        for (int i = in.start; i < in.end; i++) {
            sb.append((char) in.at(i));
        }
        return sb.toString();
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    @Test
    void wellFormedTextOfEveryLength() {
        String s = "a\u00e9\u20ac\uD83D\uDE00z"; // 1, 2, 3, 4 (two chars) and 1 bytes
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        Input in = decoding.input(b, 0, b.length);
        assertEquals(s, text(in));
        assertFalse(in.malformedUtf8);
        int[] byteOffsets = {0, 1, 3, 6, 10, 10}; // the low surrogate maps past its sequence
        for (int c = 0; c < s.length(); c++) {
            assertEquals(byteOffsets[c], Utf8Decoding.sourceOffset(b, 0, b.length, c), "char " + c);
        }
        assertEquals(6, in.sourceOffset(3), "the input maps its offsets back to the bytes");
    }

    @Test
    void eachMalformedSequenceIsOneReplacementChar() {
        int[][] shapes = {
            {0x80}, // a continuation byte alone
            {0xC0, 0x80}, // an overlong form: two bytes, each malformed
            {0xE2, 0x82}, // a sequence cut by the end
            {0xED, 0xA0, 0x80}, // a surrogate written as UTF-8
            {0xF8, 0x88, 0x80, 0x80, 0x80}, // five-byte forms do not exist: F8 is read as a three-byte lead
            {0xF4, 0x90, 0x80, 0x80}, // beyond U+10FFFF
        };
        String[] expected = {"a\uFFFDb", "a\uFFFD\uFFFDb", "a\uFFFD\uFFFDb", "a\uFFFDb", "a\uFFFD\uFFFD\uFFFDb",
            "a\uFFFDb"};
        for (int k = 0; k < shapes.length; k++) {
            byte[] b = new byte[shapes[k].length + 2];
            b[0] = 'a';
            System.arraycopy(bytes(shapes[k]), 0, b, 1, shapes[k].length);
            b[b.length - 1] = 'b';
            Input in = decoding.input(b, 0, b.length);
            assertTrue(in.malformedUtf8, "shape " + k);
            assertEquals(expected[k].replace("\uFFFD", "?"), text(in).replace("\uFFFD", "?"), "shape " + k);
            assertEquals(b.length - 1, in.sourceOffset(text(in).length() - 1), "shape " + k + ": the b's offset");
        }
    }

    @Test
    void aSliceIsReadAndTheArrayIsReusedWithoutTheLastDocumentsChars() {
        byte[] big = "<doc>a longer document than the next one</doc>".getBytes(StandardCharsets.UTF_8);
        assertEquals("<doc>a longer document than the next one</doc>", text(decoding.input(big, 0, big.length)));
        byte[] b = "xx<r/>yy".getBytes(StandardCharsets.UTF_8);
        Input in = decoding.input(b, 2, 6);
        assertEquals("<r/>", text(in));
        assertEquals(0, in.start);
        assertEquals(4, in.end);
        byte[] bad = bytes('<', 0xFF, '>');
        assertTrue(decoding.input(bad, 0, 3).malformedUtf8);
        assertFalse(decoding.input(b, 2, 6).malformedUtf8, "the flag is the document's own");
    }

    @Test
    void theArrayGrowsForLargeDocumentsAndSaysSo() {
        byte[] large = new byte[FormatBuffer.MAX_KEPT + 1];
        java.util.Arrays.fill(large, (byte) 'x');
        assertEquals(large.length, decoding.input(large, 0, large.length).end);
        assertTrue(decoding.isLarge());
        assertFalse(new Utf8Decoding().isLarge());
    }
}
