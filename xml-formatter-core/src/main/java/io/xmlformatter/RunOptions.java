package io.xmlformatter;

/**
 * What one run does: the formatter's settings and what this kind of run adds to them (its layout, whether it only
 * probes for masked content, how deep in embedded documents it is). Immutable. A formatter makes its options once
 * ({@link #document}, {@link #trial}); each holds those of the documents read from its text, CDATA or literals
 * ({@link #embedded}, {@link #probe}) down to {@link #MAX_EMBEDDING} levels, so no run allocates options.
 */
final class RunOptions {
    /** The deepest level of documents read from text, CDATA or literals that is read as a document. */
    static final int MAX_EMBEDDING = 4;

    final PathRules rules;
    final OutputStyle style;
    final String mask;
    final String pruneMarker;
    final int maxTextLength;
    final int maxCdataLength;
    /** The maximum length of the document's output: none ({@link Long#MAX_VALUE}) in an embedded document. */
    final long documentLimit;
    final boolean embeddedXml;
    /** The value detectors, or null without any. */
    final ValueMasker detectors;
    /** What masked values are written as when not the mask, or null. */
    final Pseudonyms pseudonyms;
    /** Whether comments, DOCTYPEs, XML declarations and other processing instructions are written (or probed). */
    final boolean writesComments;
    final boolean writesDoctype;
    final boolean writesXmlDeclaration;
    final boolean writesProcessingInstructions;

    /** The level of embedding: 0 for the document itself. */
    final int embedding;
    final boolean indent;
    /** Whether whitespace is kept as written. */
    final boolean keepWhitespace;
    /**
     * Whether the run only finds out whether its input holds masked or pruned content: comments, PIs and DOCTYPEs
     * are read even where the formatter removes them, since they could hold such content, and a masked start tag
     * counts even without content (its content can follow the range probed).
     */
    final boolean probe;
    /** Whether the input was cut before the end (a stream over its maximum): its end is then no error. */
    final boolean inputCut;
    /**
     * Whether the document is checked per Namespaces in XML: the document itself, not embedded documents, which are
     * often fragments using their host's prefixes.
     */
    final boolean checksNamespaces;
    /** Whether namespace declarations are kept: for the checks, and for {uri} paths. */
    final boolean tracksNamespaces;

    private final RunOptions formattedEmbedded;
    private final RunOptions verbatimEmbedded;
    private final RunOptions probeEmbedded;

    private RunOptions(XmlFormatter f, int embedding, boolean indent, boolean keepWhitespace, boolean probe,
                       boolean inputCut, RunOptions[] next) {
        rules = f.rules;
        style = f.style;
        mask = f.mask;
        pruneMarker = f.pruneMarker;
        maxTextLength = f.maxTextLength;
        maxCdataLength = f.maxCdataLength;
        documentLimit = embedding == 0 ? f.maxDocumentLength : Long.MAX_VALUE;
        embeddedXml = f.embeddedXml;
        detectors = f.valueMasker();
        pseudonyms = f.pseudonyms;
        writesComments = !f.removeComments || probe;
        writesDoctype = !f.removeDoctype || probe;
        writesXmlDeclaration = !f.removeXmlDeclaration || probe;
        writesProcessingInstructions = !f.removeProcessingInstructions || probe;
        this.embedding = embedding;
        this.indent = indent;
        this.keepWhitespace = keepWhitespace;
        this.probe = probe;
        this.inputCut = inputCut;
        checksNamespaces = embedding == 0;
        tracksNamespaces = checksNamespaces || rules.namespaceAware;
        formattedEmbedded = next == null ? null : next[indent ? 0 : 1];
        verbatimEmbedded = next == null ? null : next[2];
        probeEmbedded = next == null ? null : next[3];
    }

    /**
     * The options of a run over a document {@code f} formats: laid out as {@code layout} says, over the start of
     * the input only when {@code inputCut}.
     */
    static RunOptions document(XmlFormatter f, XmlFormatter.Layout layout, boolean inputCut) {
        return new RunOptions(f, 0, layout == XmlFormatter.Layout.INDENT, layout == XmlFormatter.Layout.KEEP, false,
                inputCut, level(f, 1));
    }

    /**
     * The options of a trial run that only finds out whether a reading of the input holds masked content (see
     * {@code XmlFormatter.masksInOtherReading}).
     */
    static RunOptions trial(XmlFormatter f, boolean inputCut) {
        return new RunOptions(f, 0, false, false, true, inputCut, level(f, 1));
    }

    /**
     * The options of each kind of run at level {@code embedding}: formatted and indented, formatted without
     * indentation, with whitespace as written, a probe; null below the last level.
     */
    private static RunOptions[] level(XmlFormatter f, int embedding) {
        if (embedding > MAX_EMBEDDING) {
            return null;
        }
        RunOptions[] next = level(f, embedding + 1);
        return new RunOptions[] {
            new RunOptions(f, embedding, true, false, false, false, next),
            new RunOptions(f, embedding, false, false, false, false, next),
            new RunOptions(f, embedding, false, true, false, false, next),
            new RunOptions(f, embedding, false, true, true, false, next),
        };
    }

    /**
     * The options of a document read from the text, CDATA or a literal of a document run with these: formatted
     * (indented when these indent) or, not {@code format}, with whitespace as written. Only below
     * {@link #MAX_EMBEDDING}.
     */
    RunOptions embedded(boolean format) {
        return format ? formattedEmbedded : verbatimEmbedded;
    }

    /** The options of a probe ({@link #probe}) of a document read from one run with these. */
    RunOptions probe() {
        return probeEmbedded;
    }
}
