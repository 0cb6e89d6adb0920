package io.xmlformatter;

/**
 * What one formatting call did. Immutable.
 */
public final class FormatResult {
    private final boolean wellFormed;
    private final String problem;
    private final long problemOffset;
    private final boolean truncated;
    private final long originalLength;
    private final int outputLength;
    private final int maskedCount;
    private final int prunedCount;
    private final int truncatedNodeCount;

    FormatResult(String problem, long problemOffset, boolean truncated, long originalLength, int outputLength,
                 int maskedCount, int prunedCount, int truncatedNodeCount) {
        this.wellFormed = problem == null;
        this.problem = problem;
        this.problemOffset = problemOffset;
        this.truncated = truncated;
        this.originalLength = originalLength;
        this.outputLength = outputLength;
        this.maskedCount = maskedCount;
        this.prunedCount = prunedCount;
        this.truncatedNodeCount = truncatedNodeCount;
    }

    /**
     * Whether no well-formedness problem was seen. The engine checks what a streaming scanner can (tags and
     * their nesting, attributes, references, comments, CDATA, the end of the input); it is not a validating
     * parser. When {@link #truncated()} is true, this covers the part that was read.
     */
    public boolean wellFormed() {
        return wellFormed;
    }

    /** The first problem seen, in words that never quote the document's content; null when well-formed. */
    public String problem() {
        return problem;
    }

    /** Offset of the first problem in the input (chars or bytes, as given), or -1. */
    public long problemOffset() {
        return problemOffset;
    }

    /** Whether the document was cut: by the document maximum, or because a stream was longer than allowed. */
    public boolean truncated() {
        return truncated;
    }

    /** Length of the whole input, in the units it was given in (chars, or bytes for byte input and streams). */
    public long originalLength() {
        return originalLength;
    }

    /** Number of chars this call appended to the output, markers included. */
    public int outputLength() {
        return outputLength;
    }

    /** Number of masks written: one per masked element with content, one per masked attribute value. */
    public int maskedCount() {
        return maskedCount;
    }

    /** Number of subtrees pruned. */
    public int prunedCount() {
        return prunedCount;
    }

    /** Number of text and CDATA nodes cut to their maximum length. */
    public int truncatedNodeCount() {
        return truncatedNodeCount;
    }

    @Override
    public String toString() {
        return "FormatResult{wellFormed=" + wellFormed + (problem == null ? "" : ", problem='" + problem + "' at "
                + problemOffset) + ", truncated=" + truncated + ", originalLength=" + originalLength
                + ", outputLength=" + outputLength + ", masked=" + maskedCount + ", pruned=" + prunedCount
                + ", truncatedNodes=" + truncatedNodeCount + '}';
    }
}
