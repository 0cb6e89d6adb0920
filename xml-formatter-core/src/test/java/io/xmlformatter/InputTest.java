package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The input's scanners alone: each reads one kind of token and notes what the run asks of it in the same pass. */
class InputTest {
    private static Input of(String s) {
        return Input.of(s.toCharArray(), 0, s.length());
    }

    @Test
    void searchesStayInTheirRange() {
        Input in = of("ab<c-->d-->");
        assertEquals(2, in.indexOf('<', 0, 11));
        assertEquals(-1, in.indexOf('<', 3, 11));
        assertEquals(-1, in.indexOf('d', 0, 7), "the end is exclusive");
        assertEquals(4, in.indexOf("-->", 0, 11));
        assertEquals(8, in.indexOf("-->", 5, 11));
        assertEquals(-1, in.indexOf("-->", 5, 10), "a match must fit before the end given");
        assertTrue(in.startsWith("-->", 8));
        assertFalse(in.startsWith("--> ", 8), "nor past the input's end");
        assertEquals(8, in.lastIndexOf("-->", 0, 11));
        assertEquals(4, in.lastIndexOf("-->", 0, 8), "a match starts before the end given");
        assertEquals(-1, in.lastIndexOf("-->", 5, 8));
        assertEquals(-1, in.lastIndexOf("<", 3, 11));
    }

    @Test
    void textEndsAtALessThanAndNotesItsFirstAmpersand() {
        Input in = of("a &amp; b & c<r>");
        assertEquals(13, in.textEnd(0, 16));
        assertEquals(2, in.firstAmpersand);
        assertEquals(2, in.textEnd(0, 2));
        assertEquals(-1, in.firstAmpersand, "none in the range");
    }

    @Test
    void anAttributeValueEndsAtItsQuoteAndNotesAmpersandAndLessThan() {
        Input in = of("'a<b&c\"d'");
        assertEquals(8, in.valueEnd(1, '\''));
        assertEquals(4, in.firstAmpersand);
        assertTrue(in.sawLessThan);
        assertEquals(6, in.valueEnd(1, '"'));
        in = of("\"plain");
        assertEquals(-1, in.valueEnd(1, '"'), "not closed");
        assertFalse(in.sawLessThan);
        assertEquals(-1, in.firstAmpersand);
    }

    @Test
    void aNameEndsWhereXmlSaysAndItsColonsAreNoted() {
        Input in = of("wsse:Pass.word-1 rest");
        assertEquals(16, in.nameEnd(0));
        assertEquals(4, in.firstColon);
        assertEquals(4, in.lastColon);
        in = of("a:b:c>");
        assertEquals(5, in.nameEnd(0));
        assertEquals(1, in.firstColon);
        assertEquals(3, in.lastColon);
        in = of("plain/");
        assertEquals(5, in.nameEnd(0));
        assertEquals(-1, in.firstColon);
        for (String stop : new String[] {"n\u0085x", "n\u2028x", "n x", "n=x", "n\"x", "n\u00d7x"}) {
            assertEquals(1, of(stop).nameEnd(0), "stops at " + Integer.toHexString(stop.charAt(1)));
        }
        assertEquals(4, of("\u00e9t\u00e9\u00b7>").nameEnd(0), "NameChars beyond ASCII go on");
    }

    @Test
    void referencesAreReadWithoutDecodingMoreThanAsked() {
        Input in = of("&#60;&#x3C;&#x3c;&lt;&#;&#x;&lt &#1114112;&#x110000;&a:b;");
        assertEquals(4, in.referenceEnd(0, in.end));
        assertEquals(60, in.characterReference(2, 4));
        assertEquals(10, in.referenceEnd(5, in.end));
        assertEquals(0x3C, in.characterReference(7, 10));
        assertEquals(0x3C, in.characterReference(13, 16));
        assertEquals(20, in.referenceEnd(17, in.end));
        assertEquals(-1, in.referenceEnd(21, in.end), "no digits");
        assertEquals(-1, in.referenceEnd(24, in.end), "no hex digits");
        assertEquals(-1, in.referenceEnd(28, in.end), "no semicolon");
        int big = in.referenceEnd(32, in.end);
        assertEquals(-1, in.characterReference(34, big), "beyond U+10FFFF");
        int bigHex = in.referenceEnd(42, in.end);
        assertEquals(-1, in.characterReference(44, bigHex));
        assertEquals(in.end - 1, in.referenceEnd(53, in.end), "a prefixed entity name is a name");
    }

    @Test
    void namesAreComparedExactlyOrInAnyCaseOfAsciiLettersOnly() {
        Input in = of("PassWord password Pa\u00dfword");
        assertTrue(in.regionEquals(0, 8, "PassWord".toCharArray()));
        assertFalse(in.regionEquals(0, 8, "password".toCharArray()));
        assertFalse(in.regionEquals(0, 4, 9, 13));
        assertTrue(in.regionEquals(1, 4, 10, 13));
        assertTrue(in.regionEqualsIgnoringCase(0, 8, Input.lowerAscii("PASSWORD")));
        assertTrue(in.regionEqualsIgnoringCase(9, 17, "password".toCharArray()));
        assertFalse(in.regionEqualsIgnoringCase(18, 26, "password".toCharArray()), "\u00df is no 's'");
        assertArrayEquals("a\u00c9b-1".toCharArray(), Input.lowerAscii("A\u00c9B-1"), "only ASCII letters lowered");
    }

    @Test
    void advancingNeverSplitsASurrogatePair() {
        Input in = of("ab\uD83D\uDE00cd");
        assertEquals(2, in.advanceChars(0, 6, 3), "the pair's high half would be the last char: stop before it");
        assertEquals(4, in.advanceChars(0, 6, 4));
        assertEquals(6, in.advanceChars(0, 6, 100), "never past the end");
        assertEquals(6, in.advanceChars(0, 6, Long.MAX_VALUE));
    }

    @Test
    void whitespaceIsXmlsFour() {
        Input in = of(" \t\r\n\u00a0x");
        assertEquals(4, in.skipWhitespace(0, 6));
        assertFalse(Input.isWhitespace('\u000b'));
        assertFalse(Input.isWhitespace('\f'));
    }
}
