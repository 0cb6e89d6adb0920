package io.xmlformatter;

import java.util.Arrays;

/**
 * The parts a run works with and the arrays of its open elements, kept in the {@link FormatBuffer} it writes to so
 * the next run into that buffer reuses them: one run at a time per buffer. A document read from a run's text,
 * CDATA or a literal is written to a buffer of its own ({@link EmbeddedDocuments}), so each level of embedding has
 * its own parts.
 */
final class RunParts {
    /** How many open elements a cut's marker names at each end of its path. */
    static final int PATH_ENDS = 8;
    /** The most chars of one name a cut's marker shows. */
    static final int MAX_NAME = 128;
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
    final CommentScanner comments = new CommentScanner(problems);
    final XmlDeclaration declaration = new XmlDeclaration();
    final DoctypeScanner doctype = new DoctypeScanner(problems);
    final EmbeddedDocuments embedded = new EmbeddedDocuments(references);
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

    /** Starts every part over for a run over {@code in} with {@code options} ({@link FormatRun#start}). */
    void reset(RunOptions options, Input in, NamespaceScope host) {
        problems.reset(in, options.inputCut);
        references.reset(in);
        tag.reset(in, options.rules.masks);
        scope.reset(in);
        scope.inside(host);
        values.reset(in, options.detectors, options.mask, options.pseudonyms, options.embedding > 0);
    }

    /** Doubles the arrays of open elements. */
    void growElements() {
        int n = nameStart.length * 2;
        nameStart = Arrays.copyOf(nameStart, n);
        nameEnd = Arrays.copyOf(nameEnd, n);
        expected = Arrays.copyOf(expected, n);
        flags = Arrays.copyOf(flags, n);
    }

    /**
     * The elements open at {@code depth} in a run over {@code in}, as a path of their names ("/a/b/c"); bounded
     * whatever the depth: past twice {@link #PATH_ENDS} levels the middle is counted ("/a/...[n more]/z"), and a name
     * is cut after {@link #MAX_NAME} chars.
     */
    String openElements(Input in, int depth) {
        StringBuilder sb = new StringBuilder();
        for (int d = 1; d <= depth; d++) {
            if (d == PATH_ENDS + 1 && depth > 2 * PATH_ENDS) {
                sb.append("/...[").append(depth - 2 * PATH_ENDS).append(" more]");
                d = depth - PATH_ENDS;
                continue;
            }
            int end = Math.min(nameEnd[d], nameStart[d] + MAX_NAME);
            if (end < nameEnd[d] && Character.isHighSurrogate((char) in.at(end - 1))) {
                end--;
            }
            sb.append('/').append(in.string(nameStart[d], end)).append(end < nameEnd[d] ? "..." : "");
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    /** Whether these parts have grown past what is worth keeping for the next run. */
    boolean isLarge() {
        return nameStart.length > 4096 || tag.isLarge() || scope.isLarge() || embedded.isLarge();
    }
}
