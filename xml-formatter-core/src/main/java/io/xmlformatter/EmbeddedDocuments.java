package io.xmlformatter;

/**
 * The documents a run reads from its text, CDATA or literals (escaped or quoted markup): a buffer for each one's
 * chars, the input over it and a buffer for its output, kept for the next one. Each is run by the run of the output
 * buffer's own {@link RunParts}, one after the other. One per run's parts.
 */
final class EmbeddedDocuments {
    private final References references;
    /** The input over {@link #doc}, reset for each document. */
    private final Input docInput = Input.of(new char[0], 0, 0);
    private FormatBuffer doc;
    private FormatBuffer output;

    EmbeddedDocuments(References references) {
        this.references = references;
    }

    /**
     * The document in {@code [s, e)} of the run's input, in the buffer for the next one: CDATA content
     * ({@code cdata}) as it is, text or a literal with its references decoded.
     */
    FormatBuffer doc(int s, int e, boolean cdata) {
        return cdata ? references.copy(s, e, doc()) : references.unescape(s, e, doc());
    }

    /** The buffer for the chars of the next document, to be filled by the caller. */
    FormatBuffer doc() {
        if (doc == null) {
            doc = new FormatBuffer(256);
        }
        return doc;
    }

    /** The output of the last document run ({@link #run}). */
    FormatBuffer output() {
        return output;
    }

    /**
     * Runs the document {@code doc} (from {@link #doc()}) with {@code options} into {@link #output()}, its root at
     * indentation level {@code baseLevel}, the namespace declarations of {@code host} in scope; returns the run, to
     * read its results before the next one. Its elements match the path steps of every level from 0 to
     * {@code depth} of {@code expected} (the steps the host's open elements' children may match): markup read from
     * text, CDATA or a literal could belong to any of them, as a literal that is not closed holds the rest of the
     * host document, end tags of the elements around it included.
     */
    FormatRun run(RunOptions options, FormatBuffer doc, int baseLevel, long[] expected, int depth,
                  NamespaceScope host) {
        long steps = 0;
        for (int d = 0; d <= depth; d++) {
            steps |= expected[d];
        }
        if (output == null) {
            output = new FormatBuffer(256);
        }
        output.clear();
        FormatRun run = output.parts().run();
        run.start(options, docInput.reset(doc.buf, doc.len), output, baseLevel, steps, host);
        run.run();
        output.parts().scope.inside(null); // the host is not kept
        return run;
    }

    /** Whether a chars buffer is markup from its first to its last non-blank char ({@code <...>}). */
    static boolean looksLikeDocument(FormatBuffer doc) {
        char[] c = doc.buf;
        int s = 0;
        int e = doc.len;
        while (s < e && Input.isWhitespace(c[s])) {
            s++;
        }
        while (e > s && Input.isWhitespace(c[e - 1])) {
            e--;
        }
        return e - s >= 3 && c[s] == '<' && c[e - 1] == '>' && (Input.isNameStart(c[s + 1]) || c[s + 1] == '?'
                || c[s + 1] == '!');
    }

    /** Whether the buffers kept for the next document have grown past what is worth keeping. */
    boolean isLarge() {
        return isLarge(doc) || isLarge(output);
    }

    private static boolean isLarge(FormatBuffer b) {
        return b != null && (b.buf.length > FormatBuffer.MAX_KEPT || (b.parts != null && b.parts.isLarge()));
    }
}
