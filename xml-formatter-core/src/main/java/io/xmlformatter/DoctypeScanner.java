package io.xmlformatter;

/**
 * Reads a DOCTYPE declaration's shape without interpreting it: where its internal subset starts and ends, where the
 * declaration ends, and the first thing in it that is not well-formed. The internal subset is only checked to be a
 * sequence of markup declarations, comments, processing instructions and parameter-entity references; no
 * declaration is interpreted and no entity is read or resolved. What is not well-formed is noted in the run's
 * {@link Problems}. One per run's {@link RunParts}: {@link #scan} sets every field.
 */
final class DoctypeScanner {
    private final Problems problems;
    /** The first char of the internal subset, or -1 when there is none. */
    int subsetStart;
    /** The position of the ']' closing the internal subset (the input's end when it is not closed), or -1. */
    int subsetEnd;
    /** The position after the declaration's '>', or the input's end when the input ends inside the declaration. */
    int after;
    /** Whether the declaration's '>' was found. */
    boolean closed;

    DoctypeScanner(Problems problems) {
        this.problems = problems;
    }

    /** Reads the declaration starting with {@code <!DOCTYPE} at {@code p}. */
    void scan(Input in, int p) {
        subsetStart = -1;
        subsetEnd = -1;
        after = in.end;
        closed = false;
        final int end = in.end;
        int i = p + 9;
        int nameAt = in.skipWhitespace(i, end);
        if (i >= end || !Input.isWhitespace(in.at(i)) || nameAt >= end || !Input.isNameStart(in.at(nameAt))) {
            problems.at(p, "DOCTYPE without a name");
        }
        while (i < end) {
            int c = in.at(i);
            if (c == '"' || c == '\'') {
                int q = in.indexOf((char) c, i + 1, end);
                i = q < 0 ? end : q + 1;
            } else if (c == '[' && subsetStart < 0) {
                subsetStart = i + 1;
                subsetEnd = internalSubsetEnd(in, subsetStart);
                i = subsetEnd < end ? subsetEnd + 1 : end;
            } else if (c == '>') {
                after = i + 1;
                closed = true;
                return;
            } else {
                i++;
            }
        }
        problems.atEnd(end, "input ends inside the DOCTYPE");
    }

    /** The position of the ']' closing an internal subset starting at {@code i} (or the input's end). */
    private int internalSubsetEnd(Input in, int i) {
        final int end = in.end;
        while ((i = in.skipWhitespace(i, end)) < end) {
            int c = in.at(i);
            if (c == ']') {
                return i;
            } else if (in.startsWith("<!--", i)) {
                int q = in.indexOf("-->", i + 4, end);
                i = q < 0 ? end : q + 3;
            } else if (in.startsWith("<?", i)) {
                int q = in.indexOf("?>", i + 2, end);
                i = q < 0 ? end : q + 2;
            } else if (c == '%') {
                int e = in.nameEnd(i + 1);
                if (e == i + 1 || e >= end || in.at(e) != ';') {
                    problems.at(i, "bad parameter-entity reference in the internal subset");
                }
                i = e + 1;
            } else if (in.startsWith("<!ELEMENT", i) || in.startsWith("<!ATTLIST", i) || in.startsWith("<!ENTITY", i)
                    || in.startsWith("<!NOTATION", i)) {
                i = declarationEnd(in, i + 2);
            } else {
                problems.at(i, "unknown declaration in the internal subset");
                i = declarationEnd(in, i + 1);
            }
        }
        return end;
    }

    /** The position after the '>' ending a markup declaration, skipping quoted literals. */
    private int declarationEnd(Input in, int i) {
        final int end = in.end;
        while (i < end) {
            int c = in.at(i);
            if (c == '"' || c == '\'') {
                int q = in.indexOf((char) c, i + 1, end);
                i = q < 0 ? end : q + 1;
            } else if (c == '>') {
                return i + 1;
            } else if (c == '<' || c == ']') {
                problems.at(i, "markup declaration not closed");
                return i;
            } else {
                i++;
            }
        }
        return end;
    }
}
