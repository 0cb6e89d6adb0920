package io.xmlformatter;

import java.io.ByteArrayOutputStream;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Formats, masks, prunes and truncates XML in one pass.
 *
 * <p>Instances are immutable and thread-safe; build one with {@link #builder()} and share it. Every option
 * combines with every other in the same single pass. A call never throws because of its input: malformed or
 * cut input is formatted as far as possible, masked wherever a masked element may still be open, and marked
 * with {@code [NOT WELL-FORMED XML: ...]} at the end (see {@link FormatResult#wellFormed()}).
 *
 * <pre>{@code
 * XmlFormatter formatter = XmlFormatter.builder()
 *         .indent(2)
 *         .wsSecurity()
 *         .anonymize("//creditCardNumber", "/Envelope/Header/Session/@token")
 *         .maxTextLength(2048)
 *         .build();
 * StringBuilder out = new StringBuilder();
 * FormatResult r = formatter.format(soapBytes, 0, soapBytes.length, out);
 * }</pre>
 */
public final class XmlFormatter {
    /** The default mask written in place of a masked value. */
    public static final String DEFAULT_MASK = "[*****]";
    /** The default marker written where a text or CDATA node was cut; {@code {n}} is the number of chars removed. */
    public static final String DEFAULT_TRUNCATION_MARKER = "...[TRUNCATED BY {n}]";
    /** The default {@link Builder#maxIndentLevel}: deeper levels are indented like this one. */
    public static final int DEFAULT_MAX_INDENT_LEVEL = 64;
    /** The default marker written in place of a pruned subtree. */
    public static final String DEFAULT_PRUNE_MARKER = "<!-- [SUBTREE REMOVED] -->";

    final PathRules rules;
    final String mask;
    final String pruneMarker;
    final int maxTextLength;
    final int maxCdataLength;
    final long maxDocumentLength;
    final boolean embeddedXml;
    final boolean removeComments;
    final boolean removeDoctype;
    final boolean removeXmlDeclaration;
    final boolean removeProcessingInstructions;
    /** The value detectors, or null without any. */
    private final ValueMasker valueMasker;
    /** What masked values are written as instead of the mask, or null. */
    final Pseudonyms pseudonyms;
    private final Layout layout;
    /** Line breaks, indentation and markers. */
    final OutputStyle style;
    /** The options of a run over a whole document, and over the start of one (a stream cut at its maximum). */
    private final RunOptions document;
    private final RunOptions documentStart;
    /** The options of a trial run over another reading of the bytes (see {@link #masksInOtherReading}). */
    private final RunOptions trial;
    private final RunOptions trialOfStart;

    /** How whitespace between elements is written. */
    enum Layout {
        /** One element per line, indented by depth; whitespace-only text between elements is replaced. */
        INDENT,
        /** Whitespace-only text between elements is dropped; nothing is added. */
        COMPACT,
        /** Whitespace is kept exactly as written (filters only). */
        KEEP
    }

    private XmlFormatter(Builder b) {
        rules = PathRules.compile(b.anonymize, b.anonymizeAnyCase, b.prune, NameWords.of(b.nameWords));
        mask = b.mask;
        pruneMarker = b.pruneMarker;
        maxTextLength = b.maxTextLength;
        maxCdataLength = b.maxCdataLength;
        maxDocumentLength = b.maxDocumentLength < 0 ? Long.MAX_VALUE : b.maxDocumentLength;
        embeddedXml = b.embeddedXml;
        removeComments = b.removeComments;
        removeDoctype = b.removeDoctype;
        removeXmlDeclaration = b.removeXmlDeclaration;
        removeProcessingInstructions = b.removeProcessingInstructions;
        pseudonyms = b.pseudonyms;
        valueMasker = b.detectors.isEmpty() ? null
                : new ValueMasker(b.detectors.toArray(new ValueDetector[0]), mask, pseudonyms);
        layout = b.layout;
        style = new OutputStyle(b.lineSeparator, b.indentUnit, b.maxIndentLevel, b.truncationMarker);
        document = RunOptions.document(this, layout, false);
        documentStart = RunOptions.document(this, layout, true);
        trial = RunOptions.trial(this, false);
        trialOfStart = RunOptions.trial(this, true);
    }

    /** A builder with the defaults: indent by 2 spaces, "\n", no masking, no limits, embedded XML off. */
    public static Builder builder() {
        return new Builder();
    }

    // ---------------------------------------------------------------- char input

    /** Formats {@code xml} and returns the result text. */
    public String format(String xml) {
        FormatBuffer buffer = FormatBuffer.forThisThread();
        try {
            run(Input.of(buffer.chars(xml), 0, xml.length()), buffer, xml.length(), false);
            return buffer.toString();
        } finally {
            buffer.release();
        }
    }

    /** Formats {@code xml}, appending to {@code out}. */
    public FormatResult format(CharSequence xml, StringBuilder out) {
        FormatBuffer buffer = FormatBuffer.forThisThread();
        try {
            FormatResult r = run(Input.of(buffer.chars(xml), 0, xml.length()), buffer, xml.length(), false);
            buffer.appendTo(out);
            return r;
        } finally {
            buffer.release();
        }
    }

    /** Formats {@code xml}, appending to any {@link Appendable}. */
    public FormatResult format(CharSequence xml, Appendable out) throws IOException {
        FormatBuffer buffer = FormatBuffer.forThisThread();
        try {
            FormatResult r = run(Input.of(buffer.chars(xml), 0, xml.length()), buffer, xml.length(), false);
            buffer.writeTo(out);
            return r;
        } finally {
            buffer.release();
        }
    }

    /** Formats {@code chars[offset, offset + length)}, appending to {@code out}. */
    public FormatResult format(char[] chars, int offset, int length, StringBuilder out) {
        checkRange(chars.length, offset, length);
        return runInto(out, buffer -> Input.of(chars, offset, offset + length), length, false);
    }

    /**
     * Formats {@code chars[offset, offset + length)}, appending to a reusable buffer: the way to format with an
     * allocation per call that does not grow with the document.
     */
    public FormatResult format(char[] chars, int offset, int length, FormatBuffer out) {
        checkRange(chars.length, offset, length);
        return run(Input.of(chars, offset, offset + length), out, length, false);
    }

    // ---------------------------------------------------------------- byte input

    /**
     * Formats the encoded document {@code bytes[offset, offset + length)}, appending to {@code out}.
     *
     * <p>The document is decoded with UTF-8 (the default, and what a UTF-8 byte order mark or the XML declaration
     * names), or with the charset a UTF-16 byte order mark or an XML declaration names; an unknown encoding name
     * is read as UTF-8 and flagged. A malformed UTF-8 sequence is written as U+FFFD and flagged. The problem
     * offset of a UTF-8 document is in bytes.
     */
    public FormatResult format(byte[] bytes, int offset, int length, StringBuilder out) {
        checkRange(bytes.length, offset, length);
        return runInto(out, buffer -> EncodingSniffer.input(bytes, offset, length, buffer.utf8()), length, false);
    }

    /**
     * Formats the encoded document {@code bytes[offset, offset + length)} like {@link #format(byte[], int, int,
     * StringBuilder)}, appending to a reusable buffer (which keeps the decoded chars too): the way to format with an
     * allocation per call that does not grow with the document.
     */
    public FormatResult format(byte[] bytes, int offset, int length, FormatBuffer out) {
        checkRange(bytes.length, offset, length);
        return run(EncodingSniffer.input(bytes, offset, length, out.utf8()), out, length, false);
    }

    /**
     * Formats {@code bytes[offset, offset + length)}, the start of a longer encoded document that cannot be read
     * to its end here (a message body still to be consumed, for instance). The end of the given bytes is then no
     * error; the output ends with the document-truncated marker, which states {@code originalLength} when it is
     * known. Masking applies up to the cut: a value cut short inside a masked element is masked.
     *
     * @param originalLength the whole document's length in bytes, or -1 when unknown
     */
    public FormatResult formatPrefix(byte[] bytes, int offset, int length, long originalLength, StringBuilder out) {
        checkRange(bytes.length, offset, length);
        return runInto(out, buffer -> EncodingSniffer.input(bytes, offset, length, buffer.utf8()), originalLength,
                true);
    }

    // ---------------------------------------------------------------- streams

    /**
     * Reads at most {@code maxChars} chars from {@code reader} and formats them. When the reader holds more,
     * the rest is read and counted but not kept, and the output ends with the document-truncated marker.
     * The reader is not closed.
     *
     * @throws UncheckedIOException when reading fails
     */
    public FormatResult format(Reader reader, int maxChars, StringBuilder out) {
        try {
            CharArrayWriter buf = new CharArrayWriter(Math.min(maxChars, 8192));
            char[] chunk = new char[8192];
            long total = 0;
            int n;
            while ((n = reader.read(chunk)) >= 0) {
                buf.write(chunk, 0, (int) Math.max(0, Math.min(n, maxChars - total)));
                total += n;
            }
            char[] chars = buf.toCharArray();
            return runInto(out, buffer -> Input.of(chars, 0, chars.length), total, total > maxChars);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads at most {@code maxBytes} bytes from {@code stream} and formats them like {@link #format(byte[], int,
     * int, StringBuilder)}. When the stream holds more, the rest is read and counted but not kept, and the
     * output ends with the document-truncated marker. The stream is not closed.
     *
     * @throws UncheckedIOException when reading fails
     */
    public FormatResult format(InputStream stream, int maxBytes, StringBuilder out) {
        try {
            ByteArrayOutputStream buf = new ByteArrayOutputStream(Math.min(maxBytes, 8192));
            byte[] chunk = new byte[8192];
            long total = 0;
            int n;
            while ((n = stream.read(chunk)) >= 0) {
                buf.write(chunk, 0, (int) Math.max(0, Math.min(n, maxBytes - total)));
                total += n;
            }
            byte[] bytes = buf.toByteArray();
            return runInto(out, buffer -> EncodingSniffer.input(bytes, 0, bytes.length, buffer.utf8()), total,
                    total > maxBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The value detectors of this formatter ({@link Builder#detect}), as its documents use them and for text that is
     * not XML (JSON, form values, headers), masking with this formatter's mask, counting their failures; null when
     * none is configured. For the message logger only.
     */
    @Internal
    public ValueMasker valueMasker() {
        return valueMasker;
    }

    // ---------------------------------------------------------------- the run

    /**
     * Runs the input {@code in} gives for this thread's buffer (an encoded document is decoded into an array the
     * buffer keeps) into that buffer, then appends the buffer to {@code out}.
     */
    private FormatResult runInto(StringBuilder out, Function<FormatBuffer, Input> in, long original,
                                 boolean inputCut) {
        FormatBuffer buffer = FormatBuffer.forThisThread();
        try {
            FormatResult r = run(in.apply(buffer), buffer, original, inputCut);
            buffer.appendTo(out);
            return r;
        } finally {
            buffer.release();
        }
    }

    /**
     * Formats {@code in} into {@code out}, then writes the markers.
     *
     * @param original the whole input's length in its own unit (bytes for encoded input)
     * @param inputCut whether {@code in} is only the start of the input (a stream over its maximum)
     */
    private FormatResult run(Input decoded, FormatBuffer out, long original, boolean inputCut) {
        int start = out.length();
        boolean indent = layout == Layout.INDENT;
        Input in = decoded.otherReadings != null && masksInOtherReading(decoded, out, inputCut)
                ? Input.withheld("the bytes hold masked markup in an encoding other than theirs") : decoded;
        String encodingProblem = in.encodingProblem;
        FormatRun run = out.parts().run().start(inputCut ? documentStart : document, in, out, 0, rules.rootExpected,
                null);
        String problem;
        long problemOffset;
        try {
            run.run();
            problem = encodingProblem != null ? encodingProblem : run.problems.what;
            problemOffset = encodingProblem != null ? 0 : in.sourceOffset(run.problems.offset);
        } catch (RuntimeException e) {
            // A defect of ours must not leak the document: everything written so far was already filtered.
            problem = "formatter error " + e.getClass().getSimpleName();
            problemOffset = -1;
        }
        boolean truncated = run.documentTruncated || inputCut;
        if (truncated) {
            style.writeDocumentCut(out, start, indent, original, in.encoded, run.openElements());
        }
        if (problem != null) {
            style.writeNotWellFormed(out, start, indent, problem, problemOffset);
        }
        return new FormatResult(problem, problemOffset, truncated, original, out.length() - start, run.masked,
                run.pruned, run.truncatedNodes);
    }

    /**
     * Whether the bytes of a document decoded as UTF-16, UTF-32 or EBCDIC, read in another encoding (UTF-8, UTF-16
     * in the other byte order, EBCDIC), hold something this formatter masks or prunes: markup written in another
     * encoding among the decoded characters, which the decoded text shows as other characters (a guess from the
     * first bytes that the rest belies, or bytes built to hide markup). Where such markup would sit in the
     * document cannot be told, so every path step may match it. The trial output is discarded; a failing trial
     * counts as masking.
     */
    private boolean masksInOtherReading(Input decoded, FormatBuffer out, boolean inputCut) {
        if (!rules.masks) {
            return false;
        }
        int start = out.length();
        try {
            for (Input reading : decoded.otherReadings.get()) {
                FormatRun run = out.parts().run().start(inputCut ? trialOfStart : trial, reading, out, 0,
                        rules.everyStep, null);
                run.run();
                out.setLength(start);
                if (run.masked > 0 || run.pruned > 0) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException e) {
            return true;
        } finally {
            out.setLength(start);
        }
    }

    private static void checkRange(int arrayLength, int offset, int length) {
        if (offset < 0 || length < 0 || offset + length > arrayLength || offset + length < 0) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + ", array " + arrayLength);
        }
    }

    /**
     * Builds {@link XmlFormatter}s. Not thread-safe; {@link #build()} may be called repeatedly, each formatter
     * keeps the settings it was built with.
     */
    public static final class Builder {
        private final List<String> anonymize = new ArrayList<>();
        private final List<String> anonymizeAnyCase = new ArrayList<>();
        private final List<String> nameWords = new ArrayList<>();
        private final List<String> prune = new ArrayList<>();
        private String mask = DEFAULT_MASK;
        private Pseudonyms pseudonyms;
        private String pruneMarker = DEFAULT_PRUNE_MARKER;
        private String truncationMarker = DEFAULT_TRUNCATION_MARKER;
        private int maxTextLength = -1;
        private int maxCdataLength = -1;
        private long maxDocumentLength = -1;
        private boolean embeddedXml;
        private boolean removeComments;
        private boolean removeDoctype;
        private boolean removeXmlDeclaration;
        private boolean removeProcessingInstructions;
        private final List<ValueDetector> detectors = new ArrayList<>();
        private Layout layout = Layout.INDENT;
        private String indentUnit = "  ";
        private String lineSeparator = "\n";
        private int maxIndentLevel = DEFAULT_MAX_INDENT_LEVEL;

        private Builder() {
        }

        /** One element per line, indented by {@code spaces} spaces per level. */
        public Builder indent(int spaces) {
            if (spaces < 0 || spaces > 16) {
                throw new IllegalArgumentException("indent must be 0..16 spaces, was " + spaces);
            }
            char[] c = new char[spaces];
            Arrays.fill(c, ' ');
            return indentWith(new String(c));
        }

        /** One element per line, indented by one tab per level. */
        public Builder indentWithTab() {
            return indentWith("\t");
        }

        private Builder indentWith(String unit) {
            layout = Layout.INDENT;
            indentUnit = unit;
            return this;
        }

        /** Drops whitespace-only text between elements and adds none. */
        public Builder compact() {
            layout = Layout.COMPACT;
            return this;
        }

        /** Keeps all whitespace as written: only the filters (masking, pruning, limits) change the document. */
        public Builder keepWhitespace() {
            layout = Layout.KEEP;
            return this;
        }

        /** The line separator written by {@link #indent(int)} and {@link #indentWithTab()}; "\n" by default. */
        public Builder lineSeparator(String separator) {
            if (!separator.equals("\n") && !separator.equals("\r\n") && !separator.equals("\r")) {
                throw new IllegalArgumentException("line separator must be \\n, \\r\\n or \\r");
            }
            lineSeparator = separator;
            return this;
        }

        /** Deeper levels are indented like this one (64 by default), so deep documents stay linear in size. */
        public Builder maxIndentLevel(int level) {
            if (level < 0 || level > 4096) {
                throw new IllegalArgumentException("maxIndentLevel must be 0..4096, was " + level);
            }
            maxIndentLevel = level;
            return this;
        }

        /**
         * Masks the text of the elements and the values of the attributes these paths select. A masked element's
         * whole content, descendants included, becomes one mask. Syntax: {@code /a/b/c}, {@code /a/*}{@code /c},
         * {@code //name} or {@code name}, {@code /a/b/@attr}, {@code //@attr}, {@code @*}, {@code {uri}local}.
         *
         * @throws IllegalArgumentException for a path that cannot be parsed (at {@link #build()})
         */
        public Builder anonymize(String... paths) {
            return anonymize(Arrays.asList(paths));
        }

        /** Like {@link #anonymize(String...)}. */
        public Builder anonymize(Iterable<String> paths) {
            for (String p : paths) {
                anonymize.add(p);
            }
            return this;
        }

        /**
         * Like {@link #anonymize(Iterable)}, with the paths' names matched in any letter case: for names a user
         * gives as names ({@code //password} masks {@code <Password>} and {@code <PASSWORD>} too).
         */
        public Builder anonymizeIgnoringCase(Iterable<String> paths) {
            for (String p : paths) {
                anonymizeAnyCase.add(p);
            }
            return this;
        }

        /**
         * Masks every element and attribute whose local name holds one of these names as words, in any letter case
         * ({@link NameWords}): {@code password} masks {@code <oldPassword>}, {@code <new_password>},
         * {@code PASSWORD-CONFIRM="..."}; {@code api_key} masks {@code <apiKey>}. Adds to what was given before.
         *
         * @throws IllegalArgumentException for a name without a letter or digit
         */
        public Builder maskNamesHoldingWords(Iterable<String> names) {
            for (String n : names) {
                NameWords.of(java.util.Collections.singleton(n)); // checked now
                nameWords.add(n);
            }
            return this;
        }

        /** Removes the content of the elements these paths select, leaving the prune marker. */
        public Builder prune(String... paths) {
            prune.addAll(Arrays.asList(paths));
            return this;
        }

        /**
         * Masks what the detectors find by its value, wherever it stands: in text, CDATA and attribute values (and
         * in documents read from them). Off by default. For example {@code detect(ValueDetector.cardNumbers(),
         * ValueDetector.ibans())}; a detector of your own implements {@link ValueDetector}.
         */
        @Experimental
        public Builder detect(ValueDetector... detectors) {
            for (ValueDetector d : detectors) {
                if (d == null) {
                    throw new IllegalArgumentException("detect: null detector");
                }
                this.detectors.add(d);
            }
            return this;
        }

        /**
         * Writes masked values as their keyed pseudonyms ({@link Pseudonyms}, e.g. {@code [h:3f9a2c1e]}) instead of
         * the mask: an element's content or an attribute value masked by a rule, and what the value detectors find.
         * A value cut short, or one the engine masks because it cannot tell what it holds, is still written as the
         * mask. Null: the mask (the default).
         */
        @Experimental
        public Builder pseudonyms(Pseudonyms pseudonyms) {
            this.pseudonyms = pseudonyms;
            return this;
        }

        /** Masks WS-Security and SAML secrets: the paths in {@link WsSecurity#PATHS}. */
        public Builder wsSecurity() {
            anonymize.addAll(WsSecurity.PATHS);
            return this;
        }

        /** The string written in place of a masked value; it must not contain markup characters or quotes. */
        public Builder mask(String value) {
            if (value.isEmpty() || value.matches(".*[<>&\"'].*")) {
                throw new IllegalArgumentException("mask must be non-empty and free of < > & \" '");
            }
            mask = value;
            return this;
        }

        /** The marker written in place of a pruned subtree; an XML comment is advised. */
        public Builder pruneMarker(String marker) {
            if (marker.contains("]]>")) {
                throw new IllegalArgumentException("prune marker must not contain ]]>");
            }
            pruneMarker = marker;
            return this;
        }

        /** The marker written where a node was cut; {@code {n}} stands for the number of chars removed. */
        public Builder truncationMarker(String marker) {
            if (!marker.contains("{n}") || marker.matches(".*[<&].*") || marker.contains("]]>")) {
                throw new IllegalArgumentException("truncation marker must contain {n} and be free of < & ]]>");
            }
            truncationMarker = marker;
            return this;
        }

        /** Cuts text nodes longer than {@code chars} (negative: no limit). */
        public Builder maxTextLength(int chars) {
            maxTextLength = chars;
            return this;
        }

        /** Cuts CDATA sections longer than {@code chars} (negative: no limit). */
        public Builder maxCdataLength(int chars) {
            maxCdataLength = chars;
            return this;
        }

        /**
         * Stops writing once the output reaches {@code chars} (negative: no limit) and ends it with a marker that
         * gives the original size and the elements left open. Masking happens before the cut.
         */
        public Builder maxDocumentLength(long chars) {
            maxDocumentLength = chars;
            return this;
        }

        /** Re-formats XML held in text (escaped) or in CDATA sections as nested documents, recursively. */
        public Builder embeddedXml(boolean on) {
            embeddedXml = on;
            return this;
        }

        /** Drops comments. */
        public Builder removeComments(boolean remove) {
            removeComments = remove;
            return this;
        }

        /** Drops the DOCTYPE declaration. */
        public Builder removeDoctype(boolean remove) {
            removeDoctype = remove;
            return this;
        }

        /** Drops the XML declaration. */
        public Builder removeXmlDeclaration(boolean remove) {
            removeXmlDeclaration = remove;
            return this;
        }

        /** Drops processing instructions (the XML declaration has its own switch). */
        public Builder removeProcessingInstructions(boolean remove) {
            removeProcessingInstructions = remove;
            return this;
        }

        /**
         * An immutable, thread-safe formatter with these settings.
         *
         * @throws IllegalArgumentException when a path cannot be parsed
         */
        public XmlFormatter build() {
            return new XmlFormatter(this);
        }
    }
}
