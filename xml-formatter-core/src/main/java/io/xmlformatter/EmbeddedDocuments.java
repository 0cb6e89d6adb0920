package io.xmlformatter;

/**
 * The documents a run reads from its text, CDATA or literals (escaped or quoted markup): a buffer for each one's
 * chars, the input over it and a buffer for its output, kept for the next one. Each is run by the run of the output
 * buffer's own {@link RunParts}, one after the other. One per run's parts.
 */
final class EmbeddedDocuments {
    /** The input over {@link #doc}, reset for each document. */
    private final Input docInput = Input.of(new char[0], 0, 0);
    private FormatBuffer doc;
    private FormatBuffer output;

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
     * indentation level {@code baseLevel}, its root element matching {@code expected}, the namespace declarations
     * of {@code host} in scope; returns the run, to read its results before the next one.
     */
    FormatRun run(RunOptions options, FormatBuffer doc, int baseLevel, long expected, NamespaceScope host) {
        if (output == null) {
            output = new FormatBuffer(256);
        }
        output.clear();
        FormatRun run = output.parts().run();
        run.start(options, docInput.reset(doc.buf, doc.len), output, baseLevel, expected, host);
        run.run();
        run.leaveHost();
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
