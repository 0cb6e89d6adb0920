package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comments and processing instructions alone: where they end, their target, and what is not well-formed. */
class CommentAndPiScannerTest {
    private final Problems problems = new Problems();
    private final CommentAndPiScanner scanner = new CommentAndPiScanner(problems);

    private Input input(String text, boolean inputCut) {
        Input in = Input.of(text.toCharArray(), 0, text.length());
        problems.reset(in, inputCut);
        return in;
    }

    @Test
    void aCommentsContentEndsAtItsDelimiter() {
        Input in = input("<!-- a - b -->x", false);
        scanner.comment(in, 0);
        assertEquals(11, scanner.contentEnd);
        assertEquals(14, scanner.after);
        assertNull(problems.what);
    }

    @Test
    void whatIsNotWellFormedInAComment() {
        scanner.comment(input("<!-- a -- b -->", false), 0);
        assertEquals("'--' inside a comment", problems.what);
        scanner.comment(input("<!-- a --->", false), 0);
        assertEquals("'--' inside a comment", problems.what);
        scanner.comment(input("<!-- a", false), 0);
        assertEquals("input ends inside a comment", problems.what);
        assertEquals(6, scanner.contentEnd);
        assertEquals(6, scanner.after);
        scanner.comment(input("<!-- a", true), 0);
        assertNull(problems.what, "the end of an input cut on purpose is no error");
    }

    @Test
    void anInstructionsTargetAndContent() {
        Input in = input("<?pi some data?><a/>", false);
        scanner.instruction(in, 0);
        assertEquals(4, scanner.targetEnd);
        assertEquals(14, scanner.contentEnd);
        assertEquals(16, scanner.after);
        assertFalse(scanner.declaration);
        assertNull(problems.what);
    }

    @Test
    void theXmlDeclarationIsTheXmlTargetAtTheStartAndIsChecked() {
        scanner.instruction(input("<?xml version=\"1.0\"?>", false), 0);
        assertTrue(scanner.declaration);
        assertNull(problems.what);
        scanner.instruction(input("<?xml version=\"2.0\"?>", false), 0);
        assertEquals("malformed XML declaration", problems.what);
        scanner.instruction(input(" <?xml version=\"1.0\"?>", false), 1);
        assertFalse(scanner.declaration);
        assertEquals("XML declaration not at the start", problems.what);
    }

    @Test
    void whatIsNotWellFormedInAnInstruction() {
        String[][] cases = {
            {"<? x?>", "processing instruction without a target"},
            {"<?XmL a?>", "processing instruction target 'xml' is reserved"},
            {"<?pi/x?>", "processing instruction target not followed by whitespace"},
            {"<?pi x", "input ends inside a processing instruction"},
        };
        for (String[] c : cases) {
            scanner.instruction(input(c[0], false), 0);
            assertEquals(c[1], problems.what, c[0]);
        }
        assertEquals(6, scanner.contentEnd, "unclosed: the content runs to the end");
        assertEquals(6, scanner.after);
    }
}
