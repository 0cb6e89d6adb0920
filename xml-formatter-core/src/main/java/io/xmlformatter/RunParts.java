package io.xmlformatter;

/**
 * The parts a run works with and the arrays of its open elements, kept in the {@link FormatBuffer} it writes to so
 * the next run into that buffer reuses them: one run at a time per buffer. A document read from a run's text,
 * CDATA or a literal is written to a buffer of its own ({@link EmbeddedDocuments}), so each level of embedding has
 * its own parts.
 */
final class RunParts {
    /** Per open element (index 1 to the depth): where its name starts and ends in the input. */
    int[] nameStart = new int[16];
    int[] nameEnd = new int[16];
    /** Per open element: the path steps its children may match. */
    long[] expected = new long[16];
    /** Per open element: {@code FormatRun.HAS_CHILD}. */
    byte[] flags = new byte[16];

    final Problems problems = new Problems();
    final References references = new References(problems);
    final StartTag tag = new StartTag(problems, references);
    final NamespaceScope scope = new NamespaceScope(problems, references);
    final XmlDeclaration declaration = new XmlDeclaration();
    final DoctypeScanner doctype = new DoctypeScanner();
    final EmbeddedDocuments embedded = new EmbeddedDocuments();
    final ValueMasking values = new ValueMasking(references);
    /** The run over these parts; see {@link #run()}. */
    private FormatRun run;

    /** The run that works with these parts (the same object for each run into their buffer). */
    FormatRun run() {
        if (run == null) {
            run = new FormatRun(this);
        }
        return run;
    }

    /** Whether these parts have grown past what is worth keeping for the next run. */
    boolean isLarge() {
        return nameStart.length > 4096 || tag.isLarge() || scope.isLarge() || embedded.isLarge();
    }
}
