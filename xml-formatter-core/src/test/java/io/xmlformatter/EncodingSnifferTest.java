package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Encoding sniffing alone: the charset a byte order mark or declaration gives, and the input made of the bytes:
 * decoded, or withheld when the bytes contradict what they say (a reading that would hide markup).
 */
class EncodingSnifferTest {
    private static final String DOC = "<r>secret</r>";

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static byte[] bom(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static EncodingSniffer.Detected detect(byte[] b) {
        return EncodingSniffer.detect(b, 0, b.length);
    }

    private static Input input(byte[] b) {
        return EncodingSniffer.input(b, 0, b.length, new Utf8Decoding());
    }

    private static String text(Input in) {
        StringBuilder sb = new StringBuilder();
        for (int i = in.start; i < in.end; i++) {
            sb.append((char) in.at(i));
        }
        return sb.toString();
    }

    @Test
    void byteOrderMarksNameTheirEncodingAndAreSkipped() {
        Object[][] marks = {
            {bom(0xEF, 0xBB, 0xBF), StandardCharsets.UTF_8, 3},
            {bom(0xFE, 0xFF), StandardCharsets.UTF_16BE, 2},
            {bom(0xFF, 0xFE), StandardCharsets.UTF_16LE, 2},
            {bom(0, 0, 0xFE, 0xFF), Charset.forName("UTF-32BE"), 4},
            {bom(0xFF, 0xFE, 0, 0), Charset.forName("UTF-32LE"), 4},
        };
        for (Object[] m : marks) {
            Charset c = (Charset) m[1];
            byte[] b = concat((byte[]) m[0], DOC.getBytes(c));
            EncodingSniffer.Detected d = detect(b);
            assertEquals(c, d.charset, c.name());
            assertEquals(m[2], d.bomLength, c.name());
            Input in = input(b);
            assertEquals(DOC, text(in), c.name());
            assertTrue(in.encoded);
            assertNull(in.encodingProblem, c.name());
        }
    }

    @Test
    void withoutAMarkTheFirstBytesTell() {
        assertEquals(StandardCharsets.UTF_16BE, detect(DOC.getBytes(StandardCharsets.UTF_16BE)).charset);
        assertEquals(StandardCharsets.UTF_16LE, detect(DOC.getBytes(StandardCharsets.UTF_16LE)).charset);
        assertEquals(Charset.forName("UTF-32BE"), detect(DOC.getBytes(Charset.forName("UTF-32BE"))).charset);
        assertEquals(Charset.forName("UTF-32LE"), detect(DOC.getBytes(Charset.forName("UTF-32LE"))).charset);
        byte[] ebcdic = ("<?xml version=\"1.0\" encoding=\"IBM1047\"?>" + DOC).getBytes(Charset.forName("IBM1047"));
        assertEquals(Charset.forName("IBM1047"), detect(ebcdic).charset);
        assertEquals(DOC, text(input(ebcdic)).substring(text(input(ebcdic)).indexOf("<r>")));
        assertEquals(StandardCharsets.UTF_8, detect(DOC.getBytes(StandardCharsets.UTF_8)).charset);
        assertEquals(0, detect(DOC.getBytes(StandardCharsets.UTF_8)).bomLength);
    }

    @Test
    void anAsciiCompatibleDeclarationIsTaken() {
        String latin = "<?xml version=\"1.0\" encoding='ISO-8859-1'?><r>caf\u00e9</r>";
        byte[] b = latin.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(StandardCharsets.ISO_8859_1, detect(b).charset);
        assertEquals(latin, text(input(b)));
        for (String utf8 : new String[] {"utf-8", "UTF8", "us-ascii", "ASCII"}) {
            byte[] u = ("<?xml version=\"1.0\" encoding=\"" + utf8 + "\"?>" + DOC).getBytes(StandardCharsets.UTF_8);
            assertEquals(StandardCharsets.UTF_8, detect(u).charset, utf8);
        }
    }

    @Test
    void anUnknownOrContradictedDeclarationIsReadAsUtf8AndSaysSo() {
        byte[] unknown = ("<?xml version=\"1.0\" encoding=\"no-such-charset\"?>" + DOC)
                .getBytes(StandardCharsets.UTF_8);
        assertNull(detect(unknown).charset);
        assertEquals("unsupported encoding, read as UTF-8", input(unknown).encodingProblem);
        byte[] wide = ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + DOC).getBytes(StandardCharsets.UTF_8);
        EncodingSniffer.Detected d = detect(wide);
        assertNull(d.charset);
        assertTrue(d.problem.contains("does not fit the bytes"), d.problem);
        Input in = input(wide);
        assertTrue(text(in).endsWith(DOC), "the bytes are read as the ASCII they are");
        assertEquals(d.problem, in.encodingProblem);
    }

    @Test
    void bytesThatContradictTheirMarkAreWithheld() {
        String why = withheld(concat(bom(0xFE, 0xFF), DOC.getBytes(StandardCharsets.UTF_8)));
        assertTrue(why.contains("UTF-16BE"), why); // ASCII markup read as UTF-16: no '<' left in it
        why = withheld(concat(bom(0, 0, 0xFE, 0xFF), bom(0xD8, 0, 0, 0)));
        assertTrue(why.contains("not UTF-32BE text"), why); // not a code point
        why = withheld(concat(bom('x', 0, 0, 0), "y".repeat(20).getBytes(StandardCharsets.UTF_16BE)));
        assertTrue(why.contains("NUL bytes"), why); // neither UTF-8 nor anything sniffed
    }

    private static String withheld(byte[] b) {
        Input in = input(b);
        assertEquals(0, in.end - in.start, "nothing of the bytes is shown");
        assertNotNull(in.encodingProblem);
        assertTrue(in.encodingProblem.endsWith("content not shown"), in.encodingProblem);
        return in.encodingProblem;
    }

    @Test
    void wideEncodingsCarryTheOtherReadingsOfTheirBytes() {
        Input in = input(DOC.getBytes(StandardCharsets.UTF_16LE));
        assertNotNull(in.otherReadings, "markup in another reading of the bytes must be looked for");
        Input[] others = in.otherReadings.get();
        assertTrue(others.length >= 2, "UTF-8 and at least one more");
        assertNull(input(DOC.getBytes(StandardCharsets.UTF_8)).otherReadings, "ASCII-compatible: one reading");
    }
}
