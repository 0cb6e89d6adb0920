package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The output style alone: line breaks and indentation, the truncation marker, and the document's end markers. */
class OutputStyleTest {
    private static final OutputStyle STYLE = new OutputStyle("\n", "  ", 3, "...[TRUNCATED BY {n}]");

    private static String written(java.util.function.Consumer<FormatBuffer> write) {
        FormatBuffer out = new FormatBuffer();
        write.accept(out);
        return out.toString();
    }

    @Test
    void indentationStopsAtTheMaximumLevel() {
        assertEquals("\n", written(o -> STYLE.writeNewline(o, 0)));
        assertEquals("\n    ", written(o -> STYLE.writeNewline(o, 2)));
        assertEquals("\n      ", written(o -> STYLE.writeNewline(o, 3)));
        assertEquals("\n      ", written(o -> STYLE.writeNewline(o, 500)));
        OutputStyle tabs = new OutputStyle("\r\n", "\t", 64, "~{n}~");
        assertEquals("\r\n\t\t", written(o -> tabs.writeNewline(o, 2)));
    }

    @Test
    void theTruncationMarkerIsWrittenAndFoundAgain() {
        String marker = written(o -> STYLE.writeTruncationMarker(o, 1234));
        assertEquals("...[TRUNCATED BY 1234]", marker);
        assertTrue(marker.length() <= STYLE.truncationMarkerMaxLength());
        assertTrue(written(o -> STYLE.writeTruncationMarker(o, Integer.MAX_VALUE)).length()
                <= STYLE.truncationMarkerMaxLength());
        assertEquals(4, STYLE.truncationMarkerStart("text" + marker));
        assertEquals(-1, STYLE.truncationMarkerStart("text...[TRUNCATED BY ]"), "no digits");
        assertEquals(-1, STYLE.truncationMarkerStart("text...[TRUNCATED BY 12a]"));
        assertEquals(-1, STYLE.truncationMarkerStart("text...[TRUNCATED BY 12] "), "not at the end");
        assertEquals(-1, STYLE.truncationMarkerStart("text 12]"));
    }

    @Test
    void aCutDocumentSaysHowLongItWasAndWhatWasOpen() {
        assertEquals("<a>\n...[DOCUMENT TRUNCATED: original 99 bytes, open elements: a]",
                written(o -> STYLE.writeDocumentCut(o.append("<a>"), 0, true, 99, true, "a")));
        assertEquals("<a> ...[DOCUMENT TRUNCATED: original size unknown, open elements: a]",
                written(o -> STYLE.writeDocumentCut(o.append("<a>"), 0, false, -1, false, "a")));
        assertEquals("...[DOCUMENT TRUNCATED: original 5 chars, open elements: ]",
                written(o -> STYLE.writeDocumentCut(o, 0, true, 5, false, "")), "nothing before: no line break");
    }

    @Test
    void theNotWellFormedMarkerIsWrittenOnce() {
        String once = written(o -> STYLE.writeNotWellFormed(o.append("<a>"), 0, true, "unclosed", 3));
        assertEquals("<a>\n[NOT WELL-FORMED XML: unclosed at offset 3]", once);
        assertEquals(once, written(o -> STYLE.writeNotWellFormed(o.append(once), 0, true, "unclosed", 3)),
                "formatting this formatter's output adds no second marker");
        assertEquals("<a> [NOT WELL-FORMED XML: why]",
                written(o -> STYLE.writeNotWellFormed(o.append("<a>"), 0, false, "why", -1)));
        String inText = "<a>[NOT WELL-FORMED XML: x]</a>";
        assertTrue(written(o -> STYLE.writeNotWellFormed(o.append(inText), 0, true, "y", -1)).endsWith("\n[NOT "
                + "WELL-FORMED XML: y]"), "a marker inside the document is not its end");
        assertEquals("[NOT WELL-FORMED XML: old][NOT WELL-FORMED XML: z]", written(o -> STYLE.writeNotWellFormed(
                o.append("[NOT WELL-FORMED XML: old]"), 26, true, "z", -1)), "only what this run wrote counts");
    }

    @Test
    void embeddedTextIsEscapedAndCdataSplitAtItsEnd() {
        FormatBuffer s = new FormatBuffer().append("a<b>&c]]>d]]]>");
        assertEquals("a&lt;b&gt;&amp;c]]&gt;d]]]&gt;", written(o -> OutputStyle.appendEscaped(o, s)));
        assertEquals("a<b>&c]]]]><![CDATA[>d]]]]]><![CDATA[>", written(o -> OutputStyle.appendCdataSafe(o, s)));
    }

    /** {@code text} capped at {@code max} chars, and whether it was cut. */
    private static String capped(String text, int max) {
        Input in = Input.of(("--" + text).toCharArray(), 2, text.length() + 2);
        FormatBuffer out = new FormatBuffer();
        boolean cut = STYLE.writeCapped(in, out, 2, text.length() + 2, max);
        assertEquals(!out.toString().equals(text), cut, "tells whether it cut");
        return out.toString();
    }

    @Test
    void textIsCappedWithTheMarkerNeverInsideAReferenceOrAPair() {
        assertEquals("abc", capped("abc", 3));
        assertEquals("abc...[TRUNCATED BY 3]", capped("abcdef", 3));
        assertEquals("ab...[TRUNCATED BY 9]", capped("ab&amp;cdef", 4), "before the reference it would split");
        assertEquals("ab&amp;...[TRUNCATED BY 4]", capped("ab&amp;cdef", 7));
        assertEquals("a...[TRUNCATED BY 3]", capped("a\ud83d\ude00b", 2), "never half a pair");
        assertEquals("a\ud83d\ude00...[TRUNCATED BY 1]", capped("a\ud83d\ude00b", 3));
    }

    @Test
    void textThisStyleCutIsLeftAsItIs() {
        String once = capped("abcdef", 3);
        assertEquals(once, capped(once, 3), "formatting again cuts nothing more");
        assertEquals("ab...[TRUNCATED BY 20]", capped("abc...[TRUNCATED BY 3]", 2),
                "a marker over the maximum is text like any other");
    }

    @Test
    void aDocumentIsCutNeverInsideAReferenceOrAPair() {
        FormatBuffer out = new FormatBuffer().append("xx<a>b&amp;c</a>");
        OutputStyle.cut(out, 2, 7);
        assertEquals("xx<a>b", out.toString(), "from the third char, at most 7: not inside &amp;");
        out = new FormatBuffer().append("<a>\ud83d\ude00</a>");
        OutputStyle.cut(out, 0, 4);
        assertEquals("<a>", out.toString());
        out = new FormatBuffer().append("<a>bcd</a>");
        OutputStyle.cut(out, 0, 5);
        assertEquals("<a>bc", out.toString());
    }
}
