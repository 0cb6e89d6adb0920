package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's guarantees and API, one behaviour per test. */
class XmlFormatterTest {
    private static final XmlFormatter INDENT = XmlFormatter.builder().build();
    private static final XmlFormatter COMPACT = XmlFormatter.builder().compact().build();

    @Test
    void millionNestedElementsDoNotOverflowTheStackAndStayLinear() {
        int depth = 1_000_000;
        StringBuilder xml = new StringBuilder(depth * 8);
        for (int i = 0; i < depth; i++) {
            xml.append("<a>");
        }
        xml.append("<Password>x</Password>");
        for (int i = 0; i < depth; i++) {
            xml.append("</a>");
        }
        XmlFormatter f = XmlFormatter.builder().anonymize("//Password").build();
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format(xml, out);
        assertTrue(r.wellFormed(), r.toString());
        assertEquals(1, r.maskedCount());
        // Indentation stops growing at the maximum level, so output stays proportional to the input.
        assertTrue(out.length() < xml.length() * 50L, "output length " + out.length());
        assertTrue(out.indexOf("<Password>[*****]</Password>") > 0);
    }

    @Test
    void millionUnclosedElementsAreReportedNotThrown() {
        StringBuilder xml = new StringBuilder();
        for (int i = 0; i < 1_000_000; i++) {
            xml.append("<a>");
        }
        StringBuilder out = new StringBuilder();
        FormatResult r = XmlFormatter.builder().compact().build().format(xml, out);
        assertFalse(r.wellFormed());
        assertEquals("input ends with open elements", r.problem());
    }

    @Test
    void externalEntitiesAreNeverResolved() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/hostname\">"
                + "<!ENTITY % p SYSTEM \"http://127.0.0.1:1/evil.dtd\"> %p;]><r>&x;</r>";
        String out = INDENT.format(xml);
        assertTrue(out.contains("<r>&x;</r>"), out);
        assertTrue(out.contains("<!ENTITY x SYSTEM \"file:///etc/hostname\">"), out);
    }

    @Test
    void entityExpansionNeverHappens() {
        StringBuilder xml = new StringBuilder("<!DOCTYPE lolz [<!ENTITY lol \"lol\">");
        for (int i = 1; i < 10; i++) {
            xml.append("<!ENTITY lol").append(i).append(" \"");
            for (int k = 0; k < 10; k++) {
                xml.append("&lol").append(i == 1 ? "" : String.valueOf(i - 1)).append(';');
            }
            xml.append("\">");
        }
        xml.append("]><lolz>&lol9;</lolz>");
        String out = INDENT.format(xml.toString());
        assertTrue(out.length() < xml.length() + 100, "output grew: " + out.length());
        assertTrue(out.endsWith("<lolz>&lol9;</lolz>"), out);
    }

    @Test
    void resultReportsWhatHappened() {
        XmlFormatter f = XmlFormatter.builder().anonymize("//pw", "//@key").prune("//junk").maxTextLength(3)
                .build();
        StringBuilder out = new StringBuilder("prefix:");
        FormatResult r = f.format("<r key=\"k\"><pw>p</pw><junk><x/></junk><t>abcdef</t></r>", out);
        assertTrue(r.wellFormed());
        assertFalse(r.truncated());
        assertEquals(2, r.maskedCount());
        assertEquals(1, r.prunedCount());
        assertEquals(1, r.truncatedNodeCount());
        assertEquals(55, r.originalLength());
        assertEquals(out.length() - "prefix:".length(), r.outputLength());
        assertTrue(out.toString().startsWith("prefix:<r key=\"[*****]\">"), out.toString());
    }

    @Test
    void charArrayRangeAndAppendable() throws IOException {
        char[] chars = "xx<a><b/></a>yy".toCharArray();
        StringBuilder out = new StringBuilder();
        INDENT.format(chars, 2, chars.length - 4, out);
        assertEquals("<a>\n  <b/>\n</a>", out.toString());
        StringWriter w = new StringWriter();
        INDENT.format("<a><b/></a>", w);
        assertEquals("<a>\n  <b/>\n</a>", w.toString());
        assertThrows(IndexOutOfBoundsException.class, () -> INDENT.format(chars, 10, 10, new StringBuilder()));
    }

    @Test
    void byteInputHonoursByteOrderMarksAndDeclaredEncodings() {
        String doc = "<a>h\u00e9llo \u20ac</a>";
        assertEquals(doc, formatBytes(bytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                doc.getBytes(StandardCharsets.UTF_8))));
        assertEquals(doc, formatBytes(bytes(new byte[] {(byte) 0xFF, (byte) 0xFE},
                doc.getBytes(StandardCharsets.UTF_16LE))));
        assertEquals(doc, formatBytes(doc.getBytes(StandardCharsets.UTF_16BE)));
        String latin = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>h\u00e9llo</a>";
        assertEquals("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a>h\u00e9llo</a>",
                formatBytes(latin.getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void malformedUtf8IsReplacedAndFlagged() {
        byte[] bad = {'<', 'a', '>', (byte) 0xC3, '<', '/', 'a', '>'};
        StringBuilder out = new StringBuilder();
        FormatResult r = INDENT.format(bad, 0, bad.length, out);
        assertFalse(r.wellFormed());
        assertEquals("malformed UTF-8", r.problem());
        assertTrue(out.toString().startsWith("<a>\ufffd</a>"), out.toString());
    }

    @Test
    void eachMalformedUtf8SequenceBecomesOneReplacementCharacter() {
        byte[] bad = bytes(ascii("<a>1"), new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, // an overlong NUL
                ascii("2"), new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
                ascii("3"), new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
                ascii("4"), new byte[] {(byte) 0xC1, (byte) 0xBF}, // never a lead byte, then a lone continuation
                "5\u00e9\ud83d\ude00\ufffd</a>".getBytes(StandardCharsets.UTF_8)); // good ones, U+FFFD itself
        StringBuilder out = new StringBuilder();
        FormatResult r = COMPACT.format(bad, 0, bad.length, out);
        assertEquals("malformed UTF-8", r.problem());
        assertEquals("<a>1\ufffd2\ufffd3\ufffd4\ufffd\ufffd5\u00e9\ud83d\ude00\ufffd</a>",
                out.substring(0, out.indexOf("[") - 1));
        assertEquals(bad.length, r.problemOffset(), "at the end of the input, in bytes");
    }

    @Test
    void problemOffsetsOfUtf8DocumentsAreInBytes() {
        String xml = "<r>\u00e9\u20ac\ud83d\ude00</x>";
        FormatResult viaChars = COMPACT.format(xml, new StringBuilder());
        byte[] utf8 = xml.getBytes(StandardCharsets.UTF_8);
        FormatResult viaBytes = COMPACT.format(utf8, 0, utf8.length, new StringBuilder());
        assertEquals("end tag does not match the open element", viaBytes.problem());
        assertEquals(xml.indexOf("</x>"), viaChars.problemOffset());
        assertEquals(utf8.length - 4, viaBytes.problemOffset());
        byte[] withMalformed = bytes(ascii("<r>"), new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
                "\u00e9</x>".getBytes(StandardCharsets.UTF_8));
        FormatResult cut = COMPACT.format(withMalformed, 0, withMalformed.length, new StringBuilder());
        assertEquals(withMalformed.length - 4, cut.problemOffset(), "a sequence cut short counts its bytes");
    }

    @Test
    void aReusedBufferDecodesEachDocumentAfresh() {
        FormatBuffer buffer = new FormatBuffer(16);
        byte[] big = ("<a>" + "\u00e9".repeat(300) + "</a>").getBytes(StandardCharsets.UTF_8);
        byte[] small = {'<', 'b', '>', (byte) 0xC3, '<', '/', 'b', '>'};
        byte[] ascii = "<c>x</c>".getBytes(StandardCharsets.UTF_8);
        assertTrue(COMPACT.format(big, 0, big.length, buffer).wellFormed());
        assertEquals("<a>" + "\u00e9".repeat(300) + "</a>", buffer.toString());
        buffer.clear();
        assertFalse(COMPACT.format(small, 0, small.length, buffer).wellFormed());
        assertTrue(buffer.toString().startsWith("<b>\ufffd</b>"), buffer.toString());
        buffer.clear();
        FormatResult r = COMPACT.format(ascii, 0, ascii.length, buffer);
        assertTrue(r.wellFormed(), "the last document's malformed bytes are not this one's: " + r);
        assertEquals("<c>x</c>", buffer.toString());
    }

    @Test
    void streamsOverTheirMaximumAreCutWithTheOriginalSizeAndOpenElements() {
        XmlFormatter f = XmlFormatter.builder().anonymize("//pw").build();
        String xml = "<env><body><pw>secret-value</pw><data>0123456789</data></body></env>";
        int max = xml.indexOf("secret") + 3;
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), max, out);
        assertTrue(r.truncated());
        assertTrue(r.wellFormed(), "the cut is not a syntax error: " + r);
        assertEquals(xml.length(), r.originalLength());
        assertFalse(out.toString().contains("sec"), out.toString());
        assertTrue(out.toString().endsWith("...[DOCUMENT TRUNCATED: original " + xml.length()
                + " bytes, open elements: /env/body/pw]"), out.toString());

        StringBuilder viaReader = new StringBuilder();
        FormatResult rr = f.format(new StringReader(xml), 1000, viaReader);
        assertFalse(rr.truncated());
        assertEquals(f.format(xml), viaReader.toString());
    }

    @Test
    void aPrefixOfALongerDocumentIsCutNotBroken() {
        byte[] xml = "<a><Password>secret</Password></a>".getBytes(StandardCharsets.UTF_8);
        XmlFormatter f = XmlFormatter.builder().anonymize("//Password").build();
        StringBuilder out = new StringBuilder();
        FormatResult r = f.formatPrefix(xml, 0, 16, -1, out);
        assertTrue(r.wellFormed());
        assertTrue(r.truncated());
        assertEquals("<a>\n  <Password>[*****]\n...[DOCUMENT TRUNCATED: original size unknown, open elements: "
                + "/a/Password]", out.toString());
        out.setLength(0);
        f.formatPrefix(xml, 0, 16, 1000, out);
        assertTrue(out.toString().endsWith("original 1000 bytes, open elements: /a/Password]"), out.toString());
    }

    @Test
    void documentLimitNamesTheOpenElements() {
        XmlFormatter f = XmlFormatter.builder().maxDocumentLength(20).build();
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format("<a><b><c>long text here</c></b></a>", out);
        assertTrue(r.truncated());
        assertEquals("<a>\n  <b>\n    <c>lon\n...[DOCUMENT TRUNCATED: original 35 chars, open elements: /a/b/c]",
                out.toString());
    }

    @Test
    void indentOptions() {
        String xml = "<a><b>t</b></a>";
        assertEquals("<a>\n    <b>t</b>\n</a>", XmlFormatter.builder().indent(4).build().format(xml));
        assertEquals("<a>\r\n\t<b>t</b>\r\n</a>",
                XmlFormatter.builder().indentWithTab().lineSeparator("\r\n").build().format(xml));
        assertEquals("<a><b>t</b></a>", XmlFormatter.builder().compact().build().format("<a>\n  <b>t</b>\n</a>"));
        assertEquals("<a>\n  <b>t</b>\n</a>", XmlFormatter.builder().keepWhitespace().build()
                .format("<a>\n  <b>t</b>\n</a>"));
    }

    @Test
    void badConfigurationIsRejectedWithTheReason() {
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().anonymize("/a/@b/c").build());
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().prune("//@b").build());
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().anonymize("").build());
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().anonymize("/a/{urn:x").build());
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().mask("<x>"));
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().truncationMarker("cut"));
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().indent(-1));
        assertThrows(IllegalArgumentException.class, () -> XmlFormatter.builder().lineSeparator("|"));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            many.add("//n" + i);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlFormatter.builder().anonymize(many).build());
        assertTrue(e.getMessage().contains("too many path steps"), e.getMessage());
    }

    @Test
    void oneFormatterIsSafeToShareBetweenThreads() throws Exception {
        XmlFormatter f = XmlFormatter.builder().wsSecurity().maxTextLength(20).build();
        List<String> docs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            docs.add("<Envelope><Header><UsernameToken><Password>pw" + i + "</Password></UsernameToken></Header>"
                    + "<Body><v>" + "value-".repeat(i % 7) + i + "</v></Body></Envelope>");
        }
        List<String> expected = new ArrayList<>();
        for (String d : docs) {
            expected.add(f.format(d));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit((Callable<Boolean>) () -> {
                    for (int round = 0; round < 200; round++) {
                        for (int i = 0; i < docs.size(); i++) {
                            if (!f.format(docs.get(i)).equals(expected.get(i))) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> r : results) {
                assertTrue(r.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static String formatBytes(byte[] b) {
        StringBuilder out = new StringBuilder();
        INDENT.format(b, 0, b.length, out);
        return out.toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(byte[]... parts) {
        java.io.ByteArrayOutputStream r = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            r.write(p, 0, p.length);
        }
        return r.toByteArray();
    }

    @Test
    void namesGivenToMatchInAnyCaseDoSoInEveryPlaceAMaskReaches() {
        XmlFormatter f = XmlFormatter.builder().anonymizeIgnoringCase(List.of("//password", "//@pin"))
                .anonymize("//Exact").build();
        String[] secrets = {"<a><PASSWORD>S1</PASSWORD></a>", "<a><pAssWord a='1'>S1</pAssWord></a>",
            "<a><x:Password xmlns:x='urn:x'>S1</x:Password></a>", "<a PIN='S1' Pin='S1'/>",
            "<a><b>&lt;Password&gt;S1&lt;/Password&gt;</b></a>", "<a><b><![CDATA[<PassWord>S1</PassWord>]]></b></a>",
            "<a><b>&amp;lt;PASSWORD&amp;gt;S1&amp;lt;/PASSWORD&amp;gt;</b></a>", "<a><PASSWORD>S1"};
        for (String xml : secrets) {
            StringBuilder out = new StringBuilder();
            FormatResult r = f.format(xml, out);
            assertFalse(out.toString().contains("S1"), xml + " -> " + out);
            assertTrue(r.maskedCount() >= 1, xml);
        }
        StringBuilder out = new StringBuilder();
        f.format("<a><Passwords>shown</Passwords><EXACT>shown</EXACT><passwor>shown</passwor></a>", out);
        assertEquals(3, out.toString().split("shown", -1).length - 1, "only the names, and explicit paths exact: "
                + out);
        StringBuilder kelvin = new StringBuilder();
        XmlFormatter.builder().anonymizeIgnoringCase(List.of("//key")).build().format("<a><\u212Aey>x</\u212Aey></a>",
                kelvin);
        assertTrue(kelvin.toString().contains(">x<"), "ASCII letters only: " + kelvin);
    }
}
