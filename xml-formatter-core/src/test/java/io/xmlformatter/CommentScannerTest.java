package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Comments alone: where they end and what is not well-formed in them. */
class CommentScannerTest {
    private final Problems problems = new Problems();
    private final CommentScanner scanner = new CommentScanner(problems);

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
}
