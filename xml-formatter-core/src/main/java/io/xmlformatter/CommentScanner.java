package io.xmlformatter;

/**
 * Reads a comment: where its content ends, where it ends, and (noted in the run's {@link Problems}) the first thing in
 * it that is not well-formed. One per run's {@link RunParts}: {@link #comment} sets every field. (Processing
 * instructions are read in the run itself: moved here with the XML declaration's check, they were inlined into the
 * run's loop by the JIT, 2–3% slower at 1 KB.)
 */
final class CommentScanner {
    private final Problems problems;
    /** Where the content ends: at the closing {@code -->}, or at the input's end when there is none. */
    int contentEnd;
    /** The position after the closing {@code -->}, or the input's end when there is none. */
    int after;

    CommentScanner(Problems problems) {
        this.problems = problems;
    }

    /** Reads the comment starting with {@code <!--} at {@code p}. */
    void comment(Input in, int p) {
        int close = in.indexOf("-->", p + 4, in.end);
        if (close < 0) {
            problems.atEnd(in.end, "input ends inside a comment");
            contentEnd = in.end;
            after = in.end;
            return;
        }
        contentEnd = close;
        after = close + 3;
        if (in.indexOf("--", p + 4, close) >= 0 || (in.at(close - 1) == '-' && close - 1 >= p + 4)) {
            problems.at(p, "'--' inside a comment");
        }
    }
}
