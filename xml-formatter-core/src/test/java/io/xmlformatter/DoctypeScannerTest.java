package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The DOCTYPE scanner alone: the declaration's shape and its first problem, positions in the input's own terms. */
class DoctypeScannerTest {
    private final Problems problems = new Problems();
    private final DoctypeScanner scanner = new DoctypeScanner(problems);

    /** Scans {@code text} placed after a prefix of {@code lead} chars the input does not include. */
    private DoctypeScanner scan(String text, int lead) {
        char[] chars = (" ".repeat(lead) + text).toCharArray();
        Input in = Input.of(chars, lead, chars.length);
        problems.reset(in, false);
        scanner.scan(in, lead);
        return scanner;
    }

    private DoctypeScanner scan(String text) {
        return scan(text, 0);
    }

    @Test
    void aNameAlone() {
        DoctypeScanner d = scan("<!DOCTYPE r><r/>");
        assertEquals(12, d.after);
        assertTrue(d.closed);
        assertEquals(-1, d.subsetStart);
        assertEquals(-1, d.subsetEnd);
        assertNull(problems.what);
    }

    @Test
    void quotedLiteralsHideBracketsAndGreaterThan() {
        String doctype = "<!DOCTYPE r SYSTEM \"a>b[c\" 'd]>'>";
        DoctypeScanner d = scan(doctype + "<r/>");
        assertEquals(doctype.length(), d.after);
        assertEquals(-1, d.subsetStart);
        assertNull(problems.what);
    }

    @Test
    void theInternalSubsetEndsAtItsOwnBracketNotAtOnesInsideItsParts() {
        String head = "<!DOCTYPE r [";
        String subset = "<!ENTITY e \"x>]\"> <!-- ] > --> <?pi ] > ?> %pe; <!ATTLIST r a CDATA '>'> ";
        String doctype = head + subset + "]>";
        DoctypeScanner d = scan(doctype + "<r/>");
        assertEquals(head.length(), d.subsetStart);
        assertEquals(head.length() + subset.length(), d.subsetEnd);
        assertEquals(doctype.length(), d.after);
        assertNull(problems.what);
    }

    @Test
    void positionsAreTheInputsOwnWhateverItsStart() {
        String head = "<!DOCTYPE r [";
        DoctypeScanner d = scan(head + "]><r/>", 7);
        assertEquals(7 + head.length(), d.subsetStart);
        assertEquals(7 + head.length(), d.subsetEnd);
        assertEquals(7 + head.length() + 2, d.after);
        scan("<!DOCTYPE>", 7);
        assertEquals(0, problems.offset, "noted at the input's start");
    }

    @Test
    void aDeclarationWithoutANameIsAProblemAtItsStart() {
        for (String text : new String[] {"<!DOCTYPE>", "<!DOCTYPE 1r>", "<!DOCTYPEr>", "<!DOCTYPE", "<!DOCTYPE "}) {
            DoctypeScanner d = scan(text);
            assertEquals("DOCTYPE without a name", problems.what, text);
            assertEquals(0, problems.offset, text);
        }
    }

    @Test
    void theInputEndingInsideEndsTheDeclarationThere() {
        for (String text : new String[] {"<!DOCTYPE r", "<!DOCTYPE r SYSTEM \"a>", "<!DOCTYPE r [<!ENTITY e \"x\">",
            "<!DOCTYPE r [<!-- ]>", "<!DOCTYPE r [<?pi ]>", "<!DOCTYPE r []"}) {
            DoctypeScanner d = scan(text);
            assertEquals(text.length(), d.after, text);
            assertFalse(d.closed, text);
            assertEquals("input ends inside the DOCTYPE", problems.what, text);
        }
        Input cut = Input.of("<!DOCTYPE r".toCharArray(), 0, 11);
        problems.reset(cut, true);
        scanner.scan(cut, 0);
        assertNull(problems.what, "the end of an input cut on purpose is no error");
        DoctypeScanner d = scan("<!DOCTYPE r [<!ENTITY e 'x'>");
        assertEquals(13, d.subsetStart);
        assertEquals(28, d.subsetEnd, "an unclosed subset ends at the input's end");
    }

    @Test
    void whatTheSubsetMayNotHoldIsAProblemWhereItIs() {
        DoctypeScanner d = scan("<!DOCTYPE r [%pe ]><r/>");
        assertEquals("bad parameter-entity reference in the internal subset", problems.what);
        assertEquals(13, problems.offset);
        d = scan("<!DOCTYPE r [<!FOO x> ]><r/>");
        assertEquals("unknown declaration in the internal subset", problems.what);
        assertEquals(13, problems.offset);
        d = scan("<!DOCTYPE r [<!ELEMENT r ANY ]><r/>");
        assertEquals("markup declaration not closed", problems.what);
        assertEquals(29, problems.offset);
        assertEquals(29, d.subsetEnd, "the subset ends at the bracket the declaration ran into");
        assertEquals(31, d.after);
    }

    @Test
    void theFirstProblemIsKeptAndAScanStartsClean() {
        DoctypeScanner d = scan("<!DOCTYPE [%a %b ]>");
        assertEquals("DOCTYPE without a name", problems.what);
        d = scan("<!DOCTYPE r [%a <!FOO> ]>");
        assertEquals("bad parameter-entity reference in the internal subset", problems.what);
        d = scan("<!DOCTYPE r>");
        assertNull(problems.what);
        assertEquals(-1, problems.offset);
        assertEquals(-1, d.subsetStart);
        assertTrue(d.closed);
    }
}
