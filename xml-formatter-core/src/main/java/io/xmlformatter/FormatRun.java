package io.xmlformatter;

/**
 * One formatting pass over one document: the engine's single loop.
 *
 * <p>A run reads tokens left to right and writes each one at once: there is no tree, no recursion on depth
 * and no look-back into the output except for cutting it at the document limit. What it must remember is a
 * stack of open elements (where their names are in the input, the path steps their children may match and
 * whether they have child markup) and three depths:
 * <ul>
 *   <li>{@code verbatimDepth}: the element, if any, whose content holds text beside child markup (mixed
 *       content); from there on whitespace is kept exactly as written;</li>
 *   <li>{@code hideDepth}: the element, if any, whose content is masked or pruned; its content is still read
 *       (to find where it ends) but never written. In it, an end tag that does not close the innermost open
 *       element never closes anything: broken input stays hidden rather than leaking;</li>
 *   <li>{@code depth}: the number of open elements.</li>
 * </ul>
 * What is not per token is in parts it calls once per token, each with its own state: the start tag's attributes
 * ({@link StartTag}), the namespaces in scope ({@link NamespaceScope}), references ({@link References}), the
 * DOCTYPE ({@link DoctypeScanner}), the XML declaration ({@link XmlDeclaration}), documents read from text, CDATA
 * or literals ({@link EmbeddedDocuments}), what the path rules do ({@link PathRules}), the layout and markers
 * ({@link OutputStyle}) and the first problem ({@link Problems}). What the run does is in its {@link RunOptions}.
 * The run and its parts are kept in the {@link RunParts} of the buffer written to, and used by one thread.
 */
final class FormatRun {
    private static final int HAS_CHILD = 1;
    private static final int MAX_END_TAG_SEARCH = 64;

    private final RunParts parts;
    /** The first problem found ({@link Problems#what} null when the document is well-formed) and where. */
    final Problems problems;
    private final References references;
    private final StartTag tag;
    private final NamespaceScope scope;
    private final EmbeddedDocuments embedded;
    private final ValueMasking values;

    private RunOptions o;
    private PathRules rules;
    private Input in;
    private FormatBuffer out;
    private int outStart;
    /** Indentation level of the document's root element (above 0 for embedded documents). */
    private int baseLevel;
    /** {@link RunOptions#indent}, {@link RunOptions#keepWhitespace}, {@link RunOptions#documentLimit}: per token. */
    private boolean indent;
    private boolean keepWhitespace;
    private long documentLimit;
    /** Whether value detectors are configured ({@link ValueMasking}). */
    private boolean detecting;

    private int depth;
    private int[] nameStart;
    private int[] nameEnd;
    private long[] expected;
    private byte[] flags;
    private int verbatimDepth;
    private int hideDepth;
    private boolean hideIsMask;
    private boolean maskWritten;
    /** Where the content of the element whose content is hidden starts, and where its mask was written. */
    private int hideFrom;
    private int maskAt;
    private boolean rootSeen;
    /** Chars of the current text node written so far (see {@link #writeText}); -1 once it was cut. */
    private int textWritten;
    /**
     * Whether the text or CDATA just read in this element held markup (a '<', as written or escaped) that the next
     * adjacent text or CDATA could complete: a reader that joins them would see a tag split in two. With masking
     * rules, such a next chunk is masked whole (fail closed); a tag, or the element's end, ends the state, except a
     * broken start tag, whose parts a lenient reader could take for text (or, unclosed, for the start of a tag).
     */
    private boolean openChunk;
    private boolean stopped;

    int masked;
    int pruned;
    int truncatedNodes;
    boolean documentTruncated;

    /** The run over {@code parts} (see {@link RunParts#run()}): {@link #start} sets it up for each document. */
    FormatRun(RunParts parts) {
        this.parts = parts;
        problems = parts.problems;
        references = parts.references;
        tag = parts.tag;
        scope = parts.scope;
        embedded = parts.embedded;
        values = parts.values;
    }

    /**
     * Sets up a run over {@code in} into {@code out} with {@code options}: its root element at indentation level
     * {@code baseLevel}, matching the path steps {@code rootExpected}; {@code host} is the namespace scope around
     * the place of a document read from another's text, CDATA or a literal (null for others).
     */
    FormatRun start(RunOptions options, Input in, FormatBuffer out, int baseLevel, long rootExpected,
                    NamespaceScope host) {
        this.o = options;
        this.rules = options.rules;
        this.in = in;
        this.out = out;
        this.outStart = out.length();
        this.baseLevel = baseLevel;
        indent = options.indent;
        keepWhitespace = options.keepWhitespace;
        documentLimit = options.documentLimit;
        detecting = options.detectors != null;
        parts.reset(options, in, host);
        elements();
        expected[0] = rootExpected;
        flags[0] = 0;
        depth = 0;
        verbatimDepth = 0;
        hideDepth = 0;
        hideIsMask = false;
        maskWritten = false;
        rootSeen = false;
        textWritten = 0;
        openChunk = false;
        stopped = false;
        masked = 0;
        pruned = 0;
        truncatedNodes = 0;
        documentTruncated = false;
        return this;
    }

    /** Formats the whole input; never throws for any input. */
    void run() {
        final Input in = this.in;
        final int end = in.end;
        int p = in.start;
        while (p < end && !stopped) {
            if (in.at(p) != '<') {
                p = text(p, end);
            } else if (p + 1 >= end) {
                p = literalLessThan(p, "'<' at the end of the input");
            } else {
                int c = in.at(p + 1);
                // Most common first: the JIT inlines the calls in this order until its budget is spent.
                if (Input.isNameStart(c)) {
                    p = startTag(p);
                } else if (c == '/') {
                    p = endTag(p);
                } else if (c == '!') {
                    p = bang(p);
                } else if (c == '?') {
                    p = processingInstruction(p);
                } else {
                    p = literalLessThan(p, "'<' not followed by a name");
                }
            }
            if (out.length() - outStart > documentLimit) {
                cutDocument();
            }
        }
        masked += values.count;
        finish();
    }

    // ---------------------------------------------------------------- text

    private int text(int p, int end) {
        int w = in.skipWhitespace(p, end);
        boolean blank = w == end || in.at(w) == '<';
        int q = blank ? w : in.textEnd(w, end);
        int amp = blank ? -1 : in.firstAmpersand;
        if (hidden()) {
            return q;
        }
        if (blank) {
            if (keepWhitespace || verbatimDepth > 0) {
                writeText(in, p, q);
            }
            return q;
        }
        if (depth == 0) {
            problems.at(p, "text outside the root element");
        }
        boolean escapedMarkup = amp >= 0 && references.check(amp, q);
        if (masksCompletion(false)) {
            return q;
        }
        openChunk = escapedMarkup;
        if (escapedMarkup && (depth > 0 || o.embedding > 0 || rules.masks) && (o.embeddedXml || rules.masks)
                && embeddedDocument(p, q, false)) {
            return q;
        }
        markMixed();
        if (detecting) {
            writeDetected(p, q);
        } else {
            writeText(in, p, q);
        }
        return q;
    }

    /** Writes the text {@code [p, q)} with what the value detectors find in it masked (apart: keeps text() small). */
    private void writeDetected(int p, int q) {
        Input value = values.maskedChunk(p, q, p, q);
        if (value == null) {
            writeText(in, p, q);
        } else {
            writeText(value, value.start, value.end);
        }
    }

    /** A '<' that starts no markup: written as text (and hidden like text), flagged. */
    private int literalLessThan(int p, String why) {
        problems.at(p, why);
        if (!hidden()) {
            markMixed();
            in.copy(out, p, p + 1);
        }
        return p + 1;
    }

    private void markMixed() {
        if (verbatimDepth == 0 && depth > 0) {
            verbatimDepth = depth;
        }
    }

    /**
     * Writes a run of text under the text-node maximum. The maximum applies to the text as written between two
     * pieces of written markup, which may be several runs of the input when a removed comment or PI stood
     * between them; so formatting the output again finds the same text nodes and cuts nothing more.
     */
    private void writeText(Input text, int p, int q) {
        int max = o.maxTextLength;
        if (max < 0 || depth == 0) {
            text.copy(out, p, q);
        } else if (textWritten >= 0) {
            int room = max - textWritten;
            textWritten = writeCapped(text, p, q, room) ? -1 : textWritten + q - p;
        }
    }

    /** Writes {@code [p, q)} of {@code text} cut to {@code max} chars with a marker (see {@link OutputStyle}). */
    private boolean writeCapped(Input text, int p, int q, int max) {
        if (!o.style.writeCapped(text, out, p, q, max)) {
            return false;
        }
        truncatedNodes++;
        return true;
    }

    // ---------------------------------------------------------------- embedded documents

    /**
     * Text holding escaped markup, or ({@code cdata}) CDATA content holding markup: formatted as a document of its
     * own when embedded XML is on, or run through the filters only (whitespace as written) when masking is
     * configured and it could hold a masked name, so a masked element inside it is masked either way; beyond the
     * last level of embedding, masked whole. Returns false when it is to be written as ordinary text or CDATA.
     */
    private boolean embeddedDocument(int s, int e, boolean cdata) {
        // At the input's end (which could be a cut), the last value could hold the start of a secret: masked whole.
        boolean last = o.embedding >= RunOptions.MAX_EMBEDDING || (detecting && e == in.end);
        FormatBuffer doc = null;
        if (!last && reformatsEmbedded()) {
            doc = embedded.doc(s, e, cdata);
            if (EmbeddedDocuments.looksLikeDocument(doc) && embed(doc, true).problems.what == null) {
                writeEmbedded(cdata, true);
                return true;
            }
        }
        // CDATA content is read without decoding: one level of embedding more than its escaping shows.
        int levels = RunOptions.MAX_EMBEDDING - o.embedding - (cdata ? 2 : 1);
        if (!rules.masks || (!last && !rules.screen.mayHold(in, s, e, levels, cdata))) {
            return false;
        }
        markMixed();
        if (last) {
            writeMask(cdata);
        } else {
            embed(doc != null ? doc : embedded.doc(s, e, cdata), false);
            writeEmbedded(cdata, false);
        }
        return true;
    }

    /** Writes the last embedded document's output as text (escaped) or as CDATA, {@code formatted} or not. */
    private void writeEmbedded(boolean cdata, boolean formatted) {
        if (!cdata) {
            if (formatted) {
                flags[depth] |= HAS_CHILD;
            }
            OutputStyle.appendEscaped(out, embedded.output());
            return;
        }
        out.append("<![CDATA[");
        OutputStyle.appendCdataSafe(out, embedded.output());
        if (formatted && indent && verbatimDepth == 0) {
            newline(baseLevel + depth - 1);
        }
        out.append("]]>");
    }

    /** Whether embedded documents get a layout: not where whitespace is kept as written (mixed content). */
    private boolean reformatsEmbedded() {
        return o.embeddedXml && !keepWhitespace && verbatimDepth == 0;
    }

    /**
     * Runs the document {@code doc} read from this one, formatted or (not {@code format}) with whitespace as
     * written, into {@link EmbeddedDocuments#output()}, counting what it masked, pruned and cut as this run's.
     */
    private FormatRun embed(FormatBuffer doc, boolean format) {
        FormatRun run = embedded.run(o.embedded(format), doc, baseLevel + depth, expected, depth, scope);
        masked += run.masked;
        pruned += run.pruned;
        truncatedNodes += run.truncatedNodes;
        return run;
    }

    // ---------------------------------------------------------------- elements

    private int startTag(int p) {
        openChunk = false;
        int ns = p + 1;
        int ne = in.nameEnd(ns);
        int colon = in.firstColon;
        int lastColon = in.lastColon;
        final StartTag tag = this.tag;
        int afterTag = tag.scan(ne);
        boolean hidden = hidden();
        if (!hidden) {
            beforeMarkup();
        }
        if (depth == 0) {
            rootElement(p);
        }
        push(ns, ne);
        if (tag.declares && o.tracksNamespaces) {
            scope.declare(tag, o.checksNamespaces);
        }
        if (o.checksNamespaces && problems.what == null) { // after a problem, a second one would not be reported
            if (colon > ns) {
                scope.checkElement(depth, ns, colon, lastColon, ne);
            }
            if (tag.prefixesAttribute) {
                scope.checkAttributes(tag);
            }
        }
        long m = 0;
        if (!hidden && (expected[depth - 1] != 0 || rules.byWords)) {
            m = matchElement(ns, ne, colon, lastColon);
        }
        expected[depth] = PathRules.steps(m);
        boolean markupInTag = !hidden && writeTag(p, afterTag);
        if (tag.selfClosing) {
            pop();
        }
        PathRules.Action action = PathRules.action(m);
        if (action != PathRules.Action.NONE || markupInTag) {
            hideContent(action, markupInTag, afterTag);
        }
        // A broken tag could be read as text, an unclosed one as the start of a tag: the text after it could complete
        // markup begun in it.
        openChunk = tag.broken && rules.masks;
        return afterTag;
    }

    private void rootElement(int p) {
        if (rootSeen && problems.what == null) {
            problems.at(p, "more than one root element");
        }
        rootSeen = true;
    }

    /**
     * Hides what follows a start tag the rules mask or prune ({@code action}), or whose tag holds masked markup
     * (broken or escaped): where that markup's element ends cannot be told, so the content of this one is masked.
     */
    private void hideContent(PathRules.Action action, boolean markupInTag, int afterTag) {
        if (o.probe && action == PathRules.Action.MASK) {
            masked++; // a masked start tag alone: what follows the probed range could be its content
        }
        if (tag.selfClosing) {
            return;
        }
        hideDepth = depth;
        hideFrom = afterTag;
        hideIsMask = action == PathRules.Action.MASK || markupInTag;
        if (hideIsMask) {
            maskWritten = false;
        } else {
            out.append(o.pruneMarker);
            pruned++;
        }
    }

    /**
     * The rules' verdict on the element named {@code [ns, ne)}, whose first and last colons are at {@code colon}
     * and {@code lastColon} (or -1). Its local name is what follows the last colon, as a reader that ignores
     * namespaces would take it from a name with several; such a name is in no namespace that can be told.
     */
    private long matchElement(int ns, int ne, int colon, int lastColon) {
        String uri = rules.namespaceAware && colon == lastColon ? scope.uri(ns, colon < 0 ? ns : colon) : null;
        return rules.match(expected[depth - 1], in, lastColon < 0 ? ns : lastColon + 1, ne, uri);
    }

    /** Writes the start tag {@code [p, afterTag)}, masking the attribute values its rules name. */
    private boolean writeTag(int p, int afterTag) {
        long exp = expected[depth];
        if (!rules.hasAttributeRules(exp) && !tag.markup && (!detecting || (tag.count == 0 && !tag.broken))) {
            in.copy(out, p, afterTag);
            return false;
        }
        return writeMaskedTag(p, afterTag, exp);
    }

    /**
     * {@link #writeTag} for a tag whose attributes rules name ({@code exp}), that holds markup, or whose values
     * go to the value detectors.
     */
    private boolean writeMaskedTag(int p, int afterTag, long exp) {
        final StartTag tag = this.tag;
        int ne = in.nameEnd(p + 1);
        // what is not an attribute could be anything; in a broken tag, which junk is whose value cannot be told
        if ((tag.markup && holdsMasked(ne, afterTag)) || (detecting && tag.broken && masksAnAttribute(exp))) {
            in.copy(out, p, ne);
            out.append(' ');
            writeMask();
            in.copy(out, tagClose(ne, afterTag), afterTag);
            return true;
        }
        if (detecting && tag.broken && writeDetectedTag(p, ne, afterTag)) {
            return false;
        }
        boolean markupMasked = false;
        int copied = p;
        for (int a = 0; a < tag.count; a++) {
            int ane = tag.nameEnd(a);
            int vs = tag.valueStart(a);
            int ve = tag.valueEnd(a);
            if (tag.isNamespaceDeclaration(a) || vs == ve) {
                continue;
            }
            String uri = rules.namespaceAware ? scope.attributeUri(tag, a) : null;
            boolean byRule = rules.masksAttribute(exp, in, tag.localNameStart(a), ane, uri);
            if (byRule || (tag.markup && holdsMasked(vs, ve))) {
                markupMasked |= !byRule;
                in.copy(out, copied, vs);
                if (byRule) {
                    writeMaskOf(vs, ve);
                } else {
                    writeMask();
                }
                copied = ve;
            } else if (detecting) {
                Input value = values.masked(vs, ve);
                if (value != null) {
                    in.copy(out, copied, vs);
                    value.copy(out, value.start, value.end);
                    copied = ve;
                }
            }
        }
        in.copy(out, copied, afterTag);
        return markupMasked;
    }

    /**
     * A broken start tag {@code [p, afterTag)} named up to {@code ne}: what follows its name, which a lenient reader
     * could take for text, given whole to the value detectors; writes it and returns true when they find something.
     */
    private boolean writeDetectedTag(int p, int ne, int afterTag) {
        int close = tagClose(ne, afterTag);
        Input value = values.maskedChunk(ne, close, p, afterTag); // as text, a lenient reader joins it to more
        if (value == null) {
            return false;
        }
        in.copy(out, p, ne);
        value.copy(out, value.start, value.end);
        in.copy(out, close, afterTag);
        return true;
    }

    /** Whether the rules ({@code exp}) mask one of the current tag's attributes. */
    private boolean masksAnAttribute(long exp) {
        final StartTag tag = this.tag;
        for (int a = 0; a < tag.count; a++) {
            String uri = rules.namespaceAware ? scope.attributeUri(tag, a) : null;
            if (rules.masksAttribute(exp, in, tag.localNameStart(a), tag.nameEnd(a), uri)) {
                return true;
            }
        }
        return false;
    }

    /** Where the {@code >} or {@code />} closing the start tag ending at {@code afterTag} begins, from {@code ne}. */
    private int tagClose(int ne, int afterTag) {
        int close = afterTag;
        while (close > ne && (in.at(close - 1) == '>' || in.at(close - 1) == '/')) {
            close--;
        }
        return close;
    }

    private int endTag(int p) {
        openChunk = false;
        int ns = p + 2;
        boolean closesInnermost = closesInnermost(ns);
        int ne = closesInnermost ? ns + nameEnd[depth] - nameStart[depth] : in.nameEnd(ns);
        int close = in.skipWhitespace(ne, in.end);
        int after;
        if (close < in.end && in.at(close) == '>') {
            after = close + 1;
        } else {
            problems.atEnd(close, close >= in.end ? "input ends inside an end tag" : "end tag not closed");
            after = close;
        }
        if (ne == ns) {
            problems.at(p, "end tag without a name");
        }
        if (closesInnermost) {
            closeElement(p, after);
            return after;
        }
        problems.at(p, "end tag does not match the open element");
        if (!hidden()) {
            int match = openElementNamed(ns, ne);
            if (match > 0) {
                while (depth > match) {
                    pop();
                }
                closeElement(p, after);
            } else {
                beforeMarkup();
                in.copy(out, p, after);
            }
        }
        return after;
    }

    /** Whether the name at {@code ns} is the innermost open element's (the common case, checked in one pass). */
    private boolean closesInnermost(int ns) {
        if (depth == 0) {
            return false;
        }
        int ne = ns + nameEnd[depth] - nameStart[depth];
        return ne <= in.end && in.regionEquals(nameStart[depth], nameEnd[depth], ns, ne)
                && (ne == in.end || !in.isNameChar(ne));
    }

    /** The depth of the nearest open element with that name (searched a bounded way up), or 0. */
    private int openElementNamed(int ns, int ne) {
        for (int d = depth - 1; d > 0 && d >= depth - MAX_END_TAG_SEARCH; d--) {
            if (in.regionEquals(nameStart[d], nameEnd[d], ns, ne)) {
                return d;
            }
        }
        return 0;
    }

    /** Writes the end tag {@code [p, after)} of the innermost element and closes it. */
    private void closeElement(int p, int after) {
        if (hideDepth == depth) {
            if (maskWritten && o.pseudonyms != null) {
                writePseudonymOfHidden(p);
            }
            hideDepth = 0;
        } else if (hideDepth > 0) {
            pop();
            return;
        }
        if ((flags[depth] & HAS_CHILD) != 0 && indent && verbatimDepth == 0) {
            newline(baseLevel + depth - 1);
        }
        in.copy(out, p, after);
        textWritten = 0;
        pop();
    }

    private void push(int ns, int ne) {
        depth++;
        if (depth == nameStart.length) {
            parts.growElements();
            elements();
        }
        nameStart[depth] = ns;
        nameEnd[depth] = ne;
        flags[depth] = 0;
        scope.open(depth);
    }

    /** Takes the arrays of open elements from the parts (they are grown there). */
    private void elements() {
        nameStart = parts.nameStart;
        nameEnd = parts.nameEnd;
        expected = parts.expected;
        flags = parts.flags;
    }

    private void pop() {
        if (verbatimDepth == depth) {
            verbatimDepth = 0;
        }
        scope.close(depth);
        depth--;
    }

    // ---------------------------------------------------------------- comments, CDATA, DOCTYPE, PIs

    private int bang(int p) {
        if (in.startsWith("<!--", p)) {
            return comment(p);
        }
        if (in.startsWith("<![CDATA[", p)) {
            return cdata(p);
        }
        if (in.startsWith("<!DOCTYPE", p)) {
            return doctype(p);
        }
        return literalLessThan(p, "unknown markup after '<!'");
    }

    private int comment(int p) {
        CommentScanner c = parts.comments;
        c.comment(in, p);
        if (!hidden() && o.writesComments) {
            beforeMarkup();
            copyOrMask(p, p + 4, c.contentEnd, c.after);
        }
        return c.after;
    }

    /**
     * Copies the markup {@code [p, after)} whose literal content is {@code [cs, ce)}; with masking on, content
     * that holds a masked element or attribute when read as XML (a comment, a processing instruction, a DOCTYPE
     * or an attribute value that runs to the end of the input; escaped markup) is written as the mask, and what
     * the value detectors find in it is masked in place.
     */
    private void copyOrMask(int p, int cs, int ce, int after) {
        boolean hides = holdsMasked(cs, ce);
        Input value = hides || !detecting ? null : values.maskedLiteral(cs, ce, p, after);
        if (!hides && value == null) {
            in.copy(out, p, after);
            return;
        }
        in.copy(out, p, cs);
        if (hides) {
            writeMask();
        } else {
            value.copy(out, value.start, value.end);
        }
        in.copy(out, ce, after);
    }

    /**
     * Whether {@code [s, e)}, read as XML with its references decoded, holds masked content (or pruned content,
     * which could hold it): text that cannot be shown to lie outside every masked element is masked. Beyond the
     * nesting limit of embedded documents, any markup counts.
     */
    private boolean holdsMasked(int s, int e) {
        if (!rules.masks || (in.indexOf('<', s, e) < 0 && in.indexOf('&', s, e) < 0)) {
            return false;
        }
        if (o.embedding >= RunOptions.MAX_EMBEDDING) {
            return true;
        }
        if (!rules.screen.mayHold(in, s, e, RunOptions.MAX_EMBEDDING - o.embedding - 1, true)) {
            return false;
        }
        FormatBuffer doc = embedded.doc(s, e, false);
        FormatRun run = embedded.run(o.probe(), doc, baseLevel + depth, expected, depth, scope);
        return run.masked > 0 || run.pruned > 0;
    }

    private int cdata(int p) {
        int cs = p + 9;
        int ce = in.indexOf("]]>", cs, in.end);
        int after;
        if (ce < 0) {
            problems.atEnd(in.end, "input ends inside a CDATA section");
            ce = in.end;
            after = in.end;
        } else {
            after = ce + 3;
        }
        if (hidden()) {
            return after;
        }
        if (depth == 0) {
            problems.at(p, "CDATA outside the root element");
        }
        if (masksCompletion(true)) {
            return after;
        }
        boolean markup = (o.embeddedXml || rules.masks)
                && (in.indexOf('<', cs, ce) >= 0 || (rules.masks && in.indexOf('&', cs, ce) >= 0));
        openChunk = markup;
        if ((depth > 0 || o.embedding > 0 || rules.masks) && markup && embeddedDocument(cs, ce, true)) {
            return after;
        }
        markMixed();
        textWritten = 0;
        Input value = detecting ? values.maskedChunk(cs, ce, p, after) : null;
        if (value == null && (o.maxCdataLength < 0 || ce - cs <= o.maxCdataLength)) {
            in.copy(out, p, after);
        } else {
            in.copy(out, p, cs);
            if (value == null) {
                writeCdataContent(in, cs, ce);
            } else {
                writeCdataContent(value, value.start, value.end);
            }
            in.copy(out, ce, after);
        }
        return after;
    }

    /** Writes CDATA content {@code [s, e)} of {@code content}, capped. */
    private void writeCdataContent(Input content, int s, int e) {
        if (o.maxCdataLength < 0 || e - s <= o.maxCdataLength) {
            content.copy(out, s, e);
        } else {
            writeCapped(content, s, e, o.maxCdataLength);
        }
    }

    private int doctype(int p) {
        if (rootSeen || depth > 0) {
            problems.at(p, "DOCTYPE after the root element started");
        }
        references.doctypeSeen = true;
        DoctypeScanner d = parts.doctype;
        d.scan(in, p);
        if (!hidden() && o.writesDoctype) {
            beforeMarkup();
            if (d.subsetStart >= 0 && rules.masks) {
                // Entity values in an internal subset could spell out what masked elements refer to.
                in.copy(out, p, d.subsetStart);
                writeMask();
                int rest = Math.min(d.subsetEnd, in.end);
                copyOrMask(rest, rest, d.closed ? d.after - 1 : in.end, d.after);
            } else if (!d.closed) {
                copyOrMask(p, Math.min(p + 9, in.end), in.end, in.end);
            } else {
                in.copy(out, p, d.after);
            }
        }
        return d.after;
    }

    private int processingInstruction(int p) {
        int close = in.indexOf("?>", p + 2, in.end);
        int after = close < 0 ? in.end : close + 2;
        if (close < 0) {
            problems.atEnd(in.end, "input ends inside a processing instruction");
        }
        int te = in.nameEnd(p + 2);
        boolean xmlTarget = te - (p + 2) == 3 && in.startsWith("xml", p + 2);
        boolean declaration = xmlTarget && p == in.start;
        if (te == p + 2) {
            problems.at(p, "processing instruction without a target");
        } else if (xmlTarget && !declaration) {
            problems.at(p, "XML declaration not at the start");
        } else if (te - (p + 2) == 3 && !xmlTarget && in.string(p + 2, te).equalsIgnoreCase("xml")) {
            problems.at(p, "processing instruction target 'xml' is reserved");
        } else if (declaration && close >= 0 && !parts.declaration.isValid(in, p + 5, close)) {
            problems.at(p, "malformed XML declaration");
        } else if (te < after - 2 && !Input.isWhitespace(in.at(te)) && close >= 0 && te != close) {
            problems.at(te, "processing instruction target not followed by whitespace");
        }
        if (!hidden() && (declaration ? o.writesXmlDeclaration : o.writesProcessingInstructions)) {
            beforeMarkup();
            copyOrMask(p, Math.min(te, after), close < 0 ? in.end : close, after);
        }
        return after;
    }

    // ---------------------------------------------------------------- output helpers

    /** Layout before child markup: a new line at the element's level unless whitespace is kept as written. */
    private void beforeMarkup() {
        textWritten = 0;
        flags[depth] |= HAS_CHILD;
        if (indent && verbatimDepth == 0 && (out.length() > outStart || baseLevel > 0)) {
            newline(baseLevel + depth);
        }
    }

    private void newline(int level) {
        o.style.writeNewline(out, level);
    }

    /**
     * Whether what is read now is inside hidden (masked or pruned) content; if so, the mask stands for all of it,
     * written once. Every token but the end tag closing the hidden element asks this before writing anything.
     */
    private boolean hidden() {
        if (hideDepth == 0) {
            return false;
        }
        writeMaskOnce();
        return true;
    }

    private void writeMaskOnce() {
        if (hideIsMask && !maskWritten) {
            maskWritten = true;
            maskAt = out.length();
            writeMask();
        }
    }

    private void writeMask() {
        out.append(o.mask);
        masked++;
    }

    /**
     * With pseudonyms, writes the pseudonym of the masked value {@code [p, q)} of the input (an attribute value),
     * else the mask.
     */
    private void writeMaskOf(int p, int q) {
        if (o.pseudonyms == null || q == in.end) { // a value at the input's end could be cut: part of one
            writeMask();
        } else {
            values.writePseudonym(p, q, out);
            masked++;
        }
    }

    /**
     * At the end tag at {@code p} of an element whose content was masked: the mask written for it becomes the
     * content's pseudonym (only now is the whole value known).
     */
    private void writePseudonymOfHidden(int p) {
        if (out.length() == maskAt + o.mask.length()) {
            out.setLength(maskAt);
            values.writePseudonym(hideFrom, p, out);
        }
    }

    /**
     * With masking rules, text or ({@code cdata}) CDATA that could complete markup begun in the text, CDATA or
     * broken tag before it ({@code openChunk}) is masked whole; returns whether it was.
     */
    private boolean masksCompletion(boolean cdata) {
        if (!openChunk || !rules.masks) {
            return false;
        }
        markMixed();
        writeMask(cdata);
        return true;
    }

    /** Writes the mask in place of text, or ({@code cdata}) of CDATA content, as a CDATA section. */
    private void writeMask(boolean cdata) {
        if (!cdata) {
            writeMask();
            return;
        }
        out.append("<![CDATA[");
        writeMask();
        out.append("]]>");
    }

    private void cutDocument() {
        OutputStyle.cut(out, outStart, (int) documentLimit);
        documentTruncated = true;
        stopped = true;
    }

    /** The elements open now, as a path of their names ("/a/b/c"). */
    String openElements() {
        return parts.openElements(in, depth);
    }

    private void finish() {
        if (stopped) {
            return;
        }
        if (depth > 0) {
            problems.atEnd(in.end, "input ends with open elements");
        } else if (!rootSeen) {
            problems.atEnd(in.end, "no root element");
        }
        if (in.malformedUtf8) {
            problems.at(in.end, "malformed UTF-8");
        }
    }
}
