package io.xmlformatter;

/**
 * What the engine writes besides the document's own text: line breaks with indentation, text and CDATA cut at their
 * maximum with the truncation marker, the document cut at its own, and the markers at the end of a cut or malformed
 * document. Immutable; one per
 * {@link XmlFormatter}.
 */
final class OutputStyle {
    private static final String NOT_WELL_FORMED = "[NOT WELL-FORMED XML: ";

    private final char[] newlineAndIndent;
    private final int lineSeparatorLength;
    private final int indentUnitLength;
    private final int maxIndentLevel;
    private final String truncationPrefix;
    private final String truncationSuffix;

    /**
     * @param truncationMarker the marker of a cut node, with {@code {n}} where the number of chars removed goes
     */
    OutputStyle(String lineSeparator, String indentUnit, int maxIndentLevel, String truncationMarker) {
        this.maxIndentLevel = maxIndentLevel;
        lineSeparatorLength = lineSeparator.length();
        indentUnitLength = indentUnit.length();
        StringBuilder sb = new StringBuilder(lineSeparator);
        for (int i = 0; i < maxIndentLevel; i++) {
            sb.append(indentUnit);
        }
        newlineAndIndent = sb.toString().toCharArray();
        int n = truncationMarker.indexOf("{n}");
        truncationPrefix = truncationMarker.substring(0, n);
        truncationSuffix = truncationMarker.substring(n + 3);
    }

    /** A line break and the indentation of {@code level} (at most the maximum level's). */
    void writeNewline(FormatBuffer out, int level) {
        out.append(newlineAndIndent, 0, lineSeparatorLength + Math.min(level, maxIndentLevel) * indentUnitLength);
    }

    /** The marker of a node cut by {@code removed} chars. */
    void writeTruncationMarker(FormatBuffer out, int removed) {
        out.append(truncationPrefix).append(removed).append(truncationSuffix);
    }

    /** An upper bound of the truncation marker's length. */
    int truncationMarkerMaxLength() {
        return truncationPrefix.length() + 11 + truncationSuffix.length();
    }

    /** Where this style's truncation marker starts in {@code tail}, if {@code tail} ends with one; else -1. */
    int truncationMarkerStart(String tail) {
        if (!tail.endsWith(truncationSuffix)) {
            return -1;
        }
        int m = tail.lastIndexOf(truncationPrefix);
        if (m < 0) {
            return -1;
        }
        int digits = m + truncationPrefix.length();
        int digitsEnd = tail.length() - truncationSuffix.length();
        if (digitsEnd <= digits) {
            return -1;
        }
        for (int i = digits; i < digitsEnd; i++) {
            if (tail.charAt(i) < '0' || tail.charAt(i) > '9') {
                return -1;
            }
        }
        return m;
    }

    /**
     * The marker of a document cut before its end, after what the run wrote from {@code start}.
     *
     * @param original the whole input's length, or -1 when unknown
     * @param encoded whether the length is in bytes (else chars)
     * @param openElements the names of the elements open at the cut
     */
    void writeDocumentCut(FormatBuffer out, int start, boolean indent, long original, boolean encoded,
                          String openElements) {
        lineBreak(out, start, indent);
        out.append("...[DOCUMENT TRUNCATED: original ");
        if (original >= 0) {
            out.append(original).append(encoded ? " bytes" : " chars");
        } else {
            out.append("size unknown");
        }
        out.append(", open elements: ").append(openElements).append(']');
    }

    /**
     * The marker of a document that is not well-formed, after what the run wrote from {@code start}; none when the
     * output already ends with one (the input was this formatter's output), so formatting stays idempotent.
     *
     * @param offset where the problem is, or -1 when not known
     */
    void writeNotWellFormed(FormatBuffer out, int start, boolean indent, String problem, long offset) {
        if (endsWithNotWellFormedMarker(out, start)) {
            return;
        }
        lineBreak(out, start, indent);
        out.append(NOT_WELL_FORMED).append(problem);
        if (offset >= 0) {
            out.append(" at offset ").append(offset);
        }
        out.append(']');
    }

    private static boolean endsWithNotWellFormedMarker(FormatBuffer out, int start) {
        int end = out.length();
        if (end - start < NOT_WELL_FORMED.length() + 1 || out.charAt(end - 1) != ']') {
            return false;
        }
        for (int i = end - NOT_WELL_FORMED.length() - 1; i >= start && i >= end - 512; i--) {
            if (out.charAt(i) == '\n' || out.charAt(i) == '<' || out.charAt(i) == '>') {
                return false;
            }
            int k = 0;
            while (k < NOT_WELL_FORMED.length() && out.charAt(i + k) == NOT_WELL_FORMED.charAt(k)) {
                k++;
            }
            if (k == NOT_WELL_FORMED.length()) {
                return true;
            }
        }
        return false;
    }

    /** A line break (indented output) or a space between what was written from {@code start} and a marker. */
    private void lineBreak(FormatBuffer out, int start, boolean indent) {
        if (out.length() > start) {
            if (indent) {
                writeNewline(out, 0);
            } else {
                out.append(' ');
            }
        }
    }

    /**
     * Writes {@code [p, q)} of {@code in} cut to {@code max} chars with the truncation marker (never inside a
     * reference or a pair); tells whether it cut. Text this style already cut is written as it is, so formatting
     * again cuts nothing more.
     */
    boolean writeCapped(Input in, FormatBuffer out, int p, int q, int max) {
        if (q - p <= max) {
            in.copy(out, p, q);
            return false;
        }
        int cut = in.advanceChars(p, q, max);
        if (cut >= q || endsWithOwnMarker(in, p, q, max)) {
            in.copy(out, p, q);
            return false;
        }
        cut = beforeOpenReference(in, p, cut);
        in.copy(out, p, cut);
        writeTruncationMarker(out, q - cut);
        return true;
    }

    /** Moves a cut back before a reference it would split. */
    private static int beforeOpenReference(Input in, int from, int cut) {
        for (int i = cut - 1; i >= from && i >= cut - 32; i--) {
            int c = in.at(i);
            if (c == ';' || c == '<' || c == '>' || Input.isWhitespace(c)) {
                return cut;
            }
            if (c == '&') {
                return i;
            }
        }
        return cut;
    }

    /** Whether {@code [p, q)} is text this style already cut: at most {@code max} chars followed by its marker. */
    private boolean endsWithOwnMarker(Input in, int p, int q, int max) {
        int from = Math.max(p, q - truncationMarkerMaxLength());
        int m = truncationMarkerStart(in.string(from, q));
        return m >= 0 && from - p + m <= max;
    }

    /**
     * Cuts what was written to {@code out} from {@code start} to at most {@code limit} chars, never inside a
     * surrogate pair or a reference.
     */
    static void cut(FormatBuffer out, int start, int limit) {
        int cut = start + limit;
        if (cut > start && Character.isHighSurrogate(out.charAt(cut - 1))) {
            cut--;
        }
        for (int i = cut - 1; i >= start && i >= cut - 32; i--) {
            char c = out.charAt(i);
            if (c == ';' || c == '<' || c == '>' || Input.isWhitespace(c)) {
                break;
            }
            if (c == '&') {
                cut = i;
                break;
            }
        }
        out.setLength(cut);
    }

    /** Appends {@code s} escaped for element text. */
    static void appendEscaped(FormatBuffer out, FormatBuffer s) {
        for (int i = 0; i < s.len; i++) {
            char c = s.buf[i];
            if (c == '&') {
                out.append("&amp;");
            } else if (c == '<') {
                out.append("&lt;");
            } else if (c == '>') {
                out.append("&gt;");
            } else {
                out.append(c);
            }
        }
    }

    /** Appends {@code s} for the inside of a CDATA section: a "]]>" in it is split across two sections. */
    static void appendCdataSafe(FormatBuffer out, FormatBuffer s) {
        char[] c = s.buf;
        int from = 0;
        for (int i = 2; i < s.len; i++) {
            if (c[i] == '>' && c[i - 1] == ']' && c[i - 2] == ']') {
                out.append(c, from, i - from).append("]]><![CDATA[");
                from = i;
            }
        }
        out.append(c, from, s.len - from);
    }
}
