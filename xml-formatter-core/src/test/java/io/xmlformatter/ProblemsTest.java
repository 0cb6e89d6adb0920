package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The first problem of a run: kept alone, placed from the input's start, the end of a cut input let be. */
class ProblemsTest {
    private final Problems problems = new Problems();
    private final Input in = Input.of("0123456789".toCharArray(), 2, 8);

    @Test
    void theFirstProblemIsKeptWithItsOffsetFromTheInputsStart() {
        problems.reset(in, false);
        assertNull(problems.what);
        assertEquals(-1, problems.offset);
        problems.at(5, "first");
        problems.at(3, "second");
        assertEquals("first", problems.what);
        assertEquals(3, problems.offset);
        problems.reset(in, false);
        assertNull(problems.what, "each run starts over");
    }

    @Test
    void theEndOfAnInputCutOnPurposeIsNoProblem() {
        problems.reset(in, true);
        problems.atEnd(8, "ends inside");
        assertNull(problems.what);
        problems.atEnd(7, "before the end");
        assertEquals("before the end", problems.what);
        problems.reset(in, false);
        problems.atEnd(8, "ends inside");
        assertEquals("ends inside", problems.what);
    }
}
