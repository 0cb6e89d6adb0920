package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The DOCTYPE scanner alone: the declaration's shape and its first problem, positions in the input's own terms. */
class DoctypeScannerTest {
    private final DoctypeScanner scanner = new DoctypeScanner();

    /** Scans {@code text} placed after a prefix of {@code lead} chars the input does not include. */
    private DoctypeScanner scan(String text, int lead) {
        char[] chars = (" ".repeat(lead) + text).toCharArray();
        scanner.scan(Input.of(chars, lead, chars.length), lead);
        return scanner;
    }

    private DoctypeScanner scan(String text) {
        return scan(text, 0);
    }

    @Test
    void aNameAlone() {
        DoctypeScanner d = scan("<!DOCTYPE r><r/>");
        assertEquals(12, d.after);
        assertEquals(-1, d.subsetStart);
        assertEquals(-1, d.subsetEnd);
        assertNull(d.problem);
    }

    @Test
    void quotedLiteralsHideBracketsAndGreaterThan() {
        String doctype = "<!DOCTYPE r SYSTEM \"a>b[c\" 'd]>'>";
        DoctypeScanner d = scan(doctype + "<r/>");
        assertEquals(doctype.length(), d.after);
        assertEquals(-1, d.subsetStart);
        assertNull(d.problem);
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
        assertNull(d.problem);
    }

    @Test
    void positionsAreTheInputsOwnWhateverItsStart() {
        String head = "<!DOCTYPE r [";
        DoctypeScanner d = scan(head + "]><r/>", 7);
        assertEquals(7 + head.length(), d.subsetStart);
        assertEquals(7 + head.length(), d.subsetEnd);
        assertEquals(7 + head.length() + 2, d.after);
        d = scan("<!DOCTYPE>", 7);
        assertEquals(7, d.problemAt);
    }

    @Test
    void aDeclarationWithoutANameIsAProblemAtItsStart() {
        for (String text : new String[] {"<!DOCTYPE>", "<!DOCTYPE 1r>", "<!DOCTYPEr>", "<!DOCTYPE", "<!DOCTYPE "}) {
            DoctypeScanner d = scan(text);
            assertEquals("DOCTYPE without a name", d.problem, text);
            assertEquals(0, d.problemAt, text);
        }
    }

    @Test
    void theInputEndingInsideLeavesNoEnd() {
        for (String text : new String[] {"<!DOCTYPE r", "<!DOCTYPE r SYSTEM \"a>", "<!DOCTYPE r [<!ENTITY e \"x\">",
            "<!DOCTYPE r [<!-- ]>", "<!DOCTYPE r [<?pi ]>", "<!DOCTYPE r []"}) {
            DoctypeScanner d = scan(text);
            assertEquals(-1, d.after, text);
            assertNull(d.problem, text);
        }
        DoctypeScanner d = scan("<!DOCTYPE r [<!ENTITY e 'x'>");
        assertEquals(13, d.subsetStart);
        assertEquals(28, d.subsetEnd, "an unclosed subset ends at the input's end");
    }

    @Test
    void whatTheSubsetMayNotHoldIsAProblemWhereItIs() {
        DoctypeScanner d = scan("<!DOCTYPE r [%pe ]><r/>");
        assertEquals("bad parameter-entity reference in the internal subset", d.problem);
        assertEquals(13, d.problemAt);
        d = scan("<!DOCTYPE r [<!FOO x> ]><r/>");
        assertEquals("unknown declaration in the internal subset", d.problem);
        assertEquals(13, d.problemAt);
        d = scan("<!DOCTYPE r [<!ELEMENT r ANY ]><r/>");
        assertEquals("markup declaration not closed", d.problem);
        assertEquals(29, d.problemAt);
        assertEquals(29, d.subsetEnd, "the subset ends at the bracket the declaration ran into");
        assertEquals(31, d.after);
    }

    @Test
    void theFirstProblemIsKeptAndAScanStartsClean() {
        DoctypeScanner d = scan("<!DOCTYPE [%a %b ]>");
        assertEquals("DOCTYPE without a name", d.problem);
        d = scan("<!DOCTYPE r [%a <!FOO> ]>");
        assertEquals("bad parameter-entity reference in the internal subset", d.problem);
        d = scan("<!DOCTYPE r>");
        assertNull(d.problem);
        assertEquals(-1, d.problemAt);
        assertEquals(-1, d.subsetStart);
    }
}
