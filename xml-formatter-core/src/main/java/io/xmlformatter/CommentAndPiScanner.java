package io.xmlformatter;

/**
 * Reads a comment or a processing instruction: where its content ends, where it ends, and (noted in the run's
 * {@link Problems}) the first thing in it that is not well-formed; for a processing instruction, where its target
 * ends and whether it is the XML declaration, whose pseudo-attributes it checks ({@link XmlDeclaration}). One per
 * run's {@link RunParts}: {@link #comment} and {@link #instruction} set every field.
 */
final class CommentAndPiScanner {
    private final Problems problems;
    private final XmlDeclaration declarationCheck = new XmlDeclaration();
    /** Where the content ends: at the closing delimiter, or at the input's end when there is none. */
    int contentEnd;
    /** The position after the closing delimiter, or the input's end when there is none. */
    int after;
    /** A processing instruction's content start: the end of its target (at most {@link #after}). */
    int targetEnd;
    /** Whether the processing instruction is the XML declaration (target {@code xml} at the input's start). */
    boolean declaration;

    CommentAndPiScanner(Problems problems) {
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

    /** Reads the processing instruction starting with {@code <?} at {@code p}. */
    void instruction(Input in, int p) {
        int close = in.indexOf("?>", p + 2, in.end);
        contentEnd = close < 0 ? in.end : close;
        after = close < 0 ? in.end : close + 2;
        if (close < 0) {
            problems.atEnd(in.end, "input ends inside a processing instruction");
        }
        int te = in.nameEnd(p + 2);
        targetEnd = Math.min(te, after);
        boolean xmlTarget = te - (p + 2) == 3 && in.startsWith("xml", p + 2);
        declaration = xmlTarget && p == in.start;
        if (te == p + 2) {
            problems.at(p, "processing instruction without a target");
        } else if (xmlTarget && !declaration) {
            problems.at(p, "XML declaration not at the start");
        } else if (te - (p + 2) == 3 && !xmlTarget && in.string(p + 2, te).equalsIgnoreCase("xml")) {
            problems.at(p, "processing instruction target 'xml' is reserved");
        } else if (declaration && close >= 0 && !declarationCheck.isValid(in, p + 5, close)) {
            problems.at(p, "malformed XML declaration");
        } else if (te < after - 2 && !Input.isWhitespace(in.at(te)) && close >= 0 && te != close) {
            problems.at(te, "processing instruction target not followed by whitespace");
        }
    }
}
