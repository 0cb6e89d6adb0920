package io.xmlformatter;

import java.util.Arrays;

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
 * A run is created per call and used by one thread.
 */
final class FormatRun {
    private static final int HAS_CHILD = 1;
    private static final int MAX_EMBEDDING = 4;
    private static final int MAX_END_TAG_SEARCH = 64;
    private static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
    private static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";
    /** What {@link #lookup} gives for the predeclared prefix {@code xml}. */
    private static final int XML_PREFIX = -2;
    private static final int UNBOUND = -1;
    /** Ints per attribute in {@link #attrs}. */
    private static final int ATTR = 7;
    /** Ints per namespace declaration in {@link #ns}. */
    private static final int NS = 5;
    private static final String UNBOUND_PREFIX = "unbound namespace prefix or not a qualified name";

    private XmlFormatter f;
    private PathRules rules;
    private OutputStyle style;
    private Input in;
    private FormatBuffer out;
    private int outStart;
    /** Indentation level of the document's root element (above 0 for embedded documents). */
    private int baseLevel;
    private int embedding;
    private boolean indent;
    private boolean keepWhitespace;
    private long documentLimit;

    private int depth;
    private Stacks stacks;
    private int[] nameStart;
    private int[] nameEnd;
    private long[] expected;
    private byte[] flags;
    private int verbatimDepth;
    private int hideDepth;
    private boolean hideIsMask;
    private boolean maskWritten;
    private boolean rootSeen;
    /** Chars of the current text node written so far (see {@link #writeText}); -1 once it was cut. */
    private int textWritten;
    /**
     * Whether the text or CDATA just read in this element held markup (a '<', as written or escaped) that the next
     * adjacent text or CDATA could complete: a reader that joins them would see a tag split in two. With masking
     * rules, such a next chunk is masked whole (fail closed); a tag, or the element's end, ends the state.
     */
    private boolean openChunk;
    /** Whether a DOCTYPE was seen: it may declare entities (which are never read). */
    private boolean doctypeSeen;
    private boolean stopped;

    /** Attribute ranges of the current start tag (see {@link Stacks#attrs}). */
    private int[] attrs;
    private int attrCount;
    private boolean selfClosing;
    /**
     * Whether, with masking on, the current start tag holds what could hide markup: an attribute value with
     * markup (raw or escaped), or something that is no attribute.
     */
    private boolean attrMarkup;
    /** Whether the current start tag declares a namespace, and whether it has a prefixed attribute. */
    private boolean tagDeclares;
    private boolean tagPrefixesAttribute;

    /**
     * Whether namespace declarations are kept: for {uri} paths, and in the document itself (not in embedded
     * documents, which are often fragments using their host's prefixes) to check it per Namespaces in XML.
     */
    private boolean tracksNamespaces;
    private boolean checksNamespaces;
    /**
     * Declarations in scope, {@link #NS} positions each: prefix start, prefix end (equal for the default), URI
     * range, and the prefix's {@link #prefixKey}.
     */
    private int[] ns;
    /** Per depth, the number of declarations in scope before the element's own. */
    private int[] nsMark;
    /** Per depth, the declaration of the element's prefix as {@link #elementPrefix} found it, or -1. */
    private int[] prefixDecl;
    private int nsCount;

    /** See {@link #asProbe()}. */
    private boolean probe;
    /** The run whose document holds this one (its namespace declarations are in scope here), or null. */
    private FormatRun parent;

    /** Whether the input was cut before the end (a stream over its maximum): its end is then no error. */
    private boolean inputCut;

    String problem;
    int problemOffset;
    int masked;
    int pruned;
    int truncatedNodes;
    boolean documentTruncated;

    FormatRun(XmlFormatter f, Input in, FormatBuffer out, int baseLevel, long rootExpected, int embedding,
              boolean indent, boolean keepWhitespace, boolean inputCut) {
        start(f, in, out, baseLevel, rootExpected, embedding, indent, keepWhitespace, inputCut);
    }

    /** A run for the documents read from another's text, CDATA or literals: {@link #start} sets it up each time. */
    private FormatRun() {
    }

    /**
     * Sets every field for a run over {@code in}: the constructor's work, also done again on a run object kept
     * for the documents read from another document's text, one after the other.
     */
    private FormatRun start(XmlFormatter f, Input in, FormatBuffer out, int baseLevel, long rootExpected,
                            int embedding, boolean indent, boolean keepWhitespace, boolean inputCut) {
        this.f = f;
        this.rules = f.rules;
        this.style = f.style;
        this.in = in;
        this.out = out;
        this.outStart = out.length();
        this.baseLevel = baseLevel;
        this.embedding = embedding;
        this.indent = indent;
        this.keepWhitespace = keepWhitespace;
        this.inputCut = inputCut;
        this.documentLimit = embedding == 0 ? f.maxDocumentLength : Long.MAX_VALUE;
        Stacks st = out.stacks;
        if (st == null) {
            st = new Stacks();
            out.stacks = st;
        }
        stacks = st;
        nameStart = st.nameStart;
        nameEnd = st.nameEnd;
        expected = st.expected;
        flags = st.flags;
        attrs = st.attrs;
        expected[0] = rootExpected;
        flags[0] = 0;
        checksNamespaces = embedding == 0;
        tracksNamespaces = checksNamespaces || rules.namespaceAware;
        ns = st.ns;
        nsMark = st.nsMark;
        prefixDecl = st.prefixDecl;
        prefixDecl[0] = -1;
        depth = 0;
        verbatimDepth = 0;
        hideDepth = 0;
        hideIsMask = false;
        maskWritten = false;
        rootSeen = false;
        textWritten = 0;
        openChunk = false;
        doctypeSeen = false;
        stopped = false;
        attrCount = 0;
        selfClosing = false;
        attrMarkup = false;
        tagDeclares = false;
        tagPrefixesAttribute = false;
        nsCount = 0;
        probe = false;
        parent = null;
        problem = null;
        problemOffset = -1;
        masked = 0;
        pruned = 0;
        truncatedNodes = 0;
        documentTruncated = false;
        return this;
    }

    /**
     * Makes this a run that only finds out whether its input holds masked or pruned content: comments, PIs and
     * DOCTYPEs are read even where the formatter removes them, since they could hold such content, and a masked
     * start tag counts even without content (its content can follow the range probed).
     */
    FormatRun asProbe() {
        probe = true;
        return this;
    }

    /** Makes this the run of a document read from the text, CDATA or a literal of {@code host}'s document. */
    private FormatRun inside(FormatRun host) {
        parent = host;
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
                if (c == '/') {
                    p = endTag(p);
                } else if (c == '!') {
                    p = bang(p);
                } else if (c == '?') {
                    p = processingInstruction(p);
                } else if (Input.isNameStart(c)) {
                    p = startTag(p);
                } else {
                    p = literalLessThan(p, "'<' not followed by a name");
                }
            }
            if (out.length() - outStart > documentLimit) {
                cutDocument();
            }
        }
        finish();
    }

    // ---------------------------------------------------------------- text

    private int text(int p, int end) {
        int w = in.skipWhitespace(p, end);
        boolean blank = w == end || in.at(w) == '<';
        int q = blank ? w : in.textEnd(w, end);
        int amp = blank ? -1 : in.firstAmpersand;
        if (hideDepth > 0) {
            writeMaskOnce();
            return q;
        }
        if (blank) {
            if (keepWhitespace || verbatimDepth > 0) {
                writeText(p, q);
            }
            return q;
        }
        if (depth == 0) {
            problem(p, "text outside the root element");
        }
        boolean escapedMarkup = amp >= 0 && checkReferences(amp, q);
        if (openChunk && rules.masks) { // completes markup begun in the CDATA before it
            markMixed();
            writeMask();
            return q;
        }
        openChunk = escapedMarkup;
        if (escapedMarkup && (depth > 0 || embedding > 0 || rules.masks) && (f.embeddedXml || rules.masks)
                && embeddedText(p, q)) {
            return q;
        }
        markMixed();
        writeText(p, q);
        return q;
    }

    /** A '<' that starts no markup: written as text (and hidden like text), flagged. */
    private int literalLessThan(int p, String why) {
        problem(p, why);
        if (hideDepth > 0) {
            writeMaskOnce();
        } else {
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
     * Validates the references in {@code [amp, to)} (amp is the first '&') and tells whether one of them is
     * the reference to {@code lt} (or the twice escaped form, {@code amp} then {@code lt;}), the sign of escaped
     * markup.
     */
    private boolean checkReferences(int amp, int to) {
        boolean lt = false;
        for (int a = amp; a >= 0; a = in.indexOf('&', a + 1, to)) {
            int semi = predefinedEntityEnd(a, to);
            if (semi >= 0) {
                lt |= isLessThan(a, semi);
                continue;
            }
            semi = in.referenceEnd(a, to);
            if (semi < 0) {
                problem(a, "'&' that starts no reference");
            } else if (in.at(a + 1) != '#') {
                if (!doctypeSeen) {
                    problem(a, "reference to an entity that no DOCTYPE declares");
                }
            } else {
                int c = in.characterReference(a + 2, semi); // read once: for both the check and the '<'
                if (!isXmlChar(c)) {
                    problem(a, "reference to a character XML does not allow");
                }
                lt |= c == '<';
            }
        }
        return lt;
    }

    /**
     * Whether the predefined entity reference {@code [a, semi]} (see {@link #predefinedEntityEnd}) stands for '<':
     * lt, or amp followed by what spells a reference to '<' at any depth ({@code amp;} any number of times, then
     * {@code lt;} or a character reference: markup escaped twice or more). Character references are read by
     * {@link #checkReferences} itself.
     */
    private boolean isLessThan(int a, int semi) {
        if (semi == a + 3) {
            return in.at(a + 1) == 'l'; // lt, not gt
        }
        if (semi != a + 4) {
            return false; // quot, apos
        }
        int n = semi + 1; // after amp, what follows spells a reference: "amp;..." again, "lt;", "#60;", "#x3C;"
        while (in.startsWith("amp;", n)) {
            n += 4;
        }
        if (in.startsWith("lt;", n)) {
            return true;
        }
        if (n < in.end && in.at(n) == '#') {
            int close = in.referenceEnd(n - 1, in.end); // the last ";" stands for the "&" of what follows
            return close > n + 1 && in.characterReference(n + 1, close) == '<';
        }
        return false;
    }

    /**
     * The position of the ';' ending the reference to a predefined entity ({@code lt gt amp quot apos}) at
     * {@code a}, or -1 for any other: the common references, told apart without reading a name.
     */
    private int predefinedEntityEnd(int a, int to) {
        int n = to - a;
        if (n < 4) {
            return -1;
        }
        int c = in.at(a + 1);
        int d = in.at(a + 2);
        int e = in.at(a + 3);
        if ((c == 'l' || c == 'g') && d == 't') {
            return e == ';' ? a + 3 : -1;
        }
        if (n < 5) {
            return -1;
        }
        int f = in.at(a + 4);
        if (c == 'a' && d == 'm' && e == 'p') {
            return f == ';' ? a + 4 : -1;
        }
        boolean named = (c == 'q' && d == 'u' && e == 'o' && f == 't') || (c == 'a' && d == 'p' && e == 'o' && f == 's');
        return named && n > 5 && in.at(a + 5) == ';' ? a + 5 : -1;
    }

    private static boolean isXmlChar(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0x10FFFF);
    }

    /**
     * Writes a run of text under the text-node maximum. The maximum applies to the text as written between two
     * pieces of written markup, which may be several runs of the input when a removed comment or PI stood
     * between them; so formatting the output again finds the same text nodes and cuts nothing more.
     */
    private void writeText(int p, int q) {
        int max = f.maxTextLength;
        if (max < 0 || depth == 0) {
            in.copy(out, p, q);
        } else if (textWritten >= 0) {
            int room = max - textWritten;
            textWritten = writeCapped(p, q, room) ? -1 : textWritten + q - p;
        }
    }

    /**
     * Writes {@code [p, q)} cut to {@code max} chars with a marker (never inside a reference or a pair);
     * tells whether it cut.
     */
    private boolean writeCapped(int p, int q, int max) {
        if (q - p <= max) {
            in.copy(out, p, q);
            return false;
        }
        int cut = in.advanceChars(p, q, max);
        if (cut >= q || endsWithOwnMarker(p, q, max)) {
            in.copy(out, p, q);
            return false;
        }
        cut = beforeOpenReference(p, cut);
        in.copy(out, p, cut);
        style.writeTruncationMarker(out, q - cut);
        truncatedNodes++;
        return true;
    }

    /** Moves a cut back before a reference it would split. */
    private int beforeOpenReference(int from, int cut) {
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

    /**
     * Whether {@code [p, q)} is text this formatter already cut: at most {@code max} chars followed by its own
     * marker. Leaving it as it is keeps formatting idempotent.
     */
    private boolean endsWithOwnMarker(int p, int q, int max) {
        int tail = style.truncationMarkerMaxLength();
        int from = Math.max(p, q - tail);
        String end = in.string(from, q);
        int m = style.truncationMarkerStart(end);
        return m >= 0 && from - p + m <= max;
    }

    // ---------------------------------------------------------------- embedded documents

    /**
     * Text holding escaped markup: formatted as a document of its own when embedded XML is on, or run through
     * the filters only (whitespace as written) when masking is configured and the text could hold a masked name,
     * so a masked element inside it is masked either way. Returns false when the text is to be written as
     * ordinary text.
     */
    private boolean embeddedText(int p, int q) {
        if (embedding >= MAX_EMBEDDING) {
            if (!rules.masks) {
                return false;
            }
            markMixed();
            writeMask();
            return true;
        }
        FormatBuffer doc = null;
        if (reformatsEmbedded()) {
            doc = unescape(p, q, stacks.doc());
            if (looksLikeDocument(doc) && embedded(doc, true).problem == null) {
                flags[depth] |= HAS_CHILD;
                OutputStyle.appendEscaped(out, stacks.inner);
                return true;
            }
        }
        if (!rules.masks || !rules.screen.mayHold(in, p, q, MAX_EMBEDDING - embedding - 1, false)) {
            return false;
        }
        embedded(doc != null ? doc : unescape(p, q, stacks.doc()), false);
        markMixed();
        OutputStyle.appendEscaped(out, stacks.inner);
        return true;
    }

    /** CDATA content holding markup, handled like {@link #embeddedText}. */
    private boolean embeddedCdata(int cs, int ce) {
        if (embedding >= MAX_EMBEDDING) {
            if (!rules.masks) {
                return false;
            }
            markMixed();
            out.append("<![CDATA[");
            writeMask();
            out.append("]]>");
            return true;
        }
        FormatBuffer doc = null;
        if (reformatsEmbedded()) {
            doc = copy(cs, ce, stacks.doc());
            if (looksLikeDocument(doc) && embedded(doc, true).problem == null) {
                out.append("<![CDATA[");
                OutputStyle.appendCdataSafe(out, stacks.inner);
                if (indent && verbatimDepth == 0) {
                    newline(baseLevel + depth - 1);
                }
                out.append("]]>");
                return true;
            }
        }
        // The content is read as a document without decoding: one level of embedding more than its escaping shows.
        if (!rules.masks || !rules.screen.mayHold(in, cs, ce, MAX_EMBEDDING - embedding - 2, true)) {
            return false;
        }
        embedded(doc != null ? doc : copy(cs, ce, stacks.doc()), false);
        markMixed();
        out.append("<![CDATA[");
        OutputStyle.appendCdataSafe(out, stacks.inner);
        out.append("]]>");
        return true;
    }

    /** Whether embedded documents get a layout: not where whitespace is kept as written (mixed content). */
    private boolean reformatsEmbedded() {
        return f.embeddedXml && !keepWhitespace && verbatimDepth == 0;
    }

    /**
     * Runs the document {@code doc} read from this one, formatted or (not {@code format}) with whitespace as
     * written, into {@link Stacks#inner}.
     */
    private FormatRun embedded(FormatBuffer doc, boolean format) {
        FormatRun run = nested(doc, format && indent, !format);
        run.run();
        run.parent = null;
        masked += run.masked;
        pruned += run.pruned;
        truncatedNodes += run.truncatedNodes;
        return run;
    }

    /**
     * The run of the document {@code doc} read from this one's text, CDATA or a literal, writing to
     * {@link Stacks#inner}: the same run and input objects for every such document at this level.
     */
    private FormatRun nested(FormatBuffer doc, boolean indent, boolean keepWhitespace) {
        Stacks st = stacks;
        if (st.nested == null) {
            st.nested = new FormatRun();
        }
        return st.nested.start(f, st.docInput.reset(doc.buf, doc.len), st.inner(), baseLevel + depth,
                anyLevelExpected(), embedding + 1, indent, keepWhitespace, false).inside(this);
    }

    /**
     * The path steps an element could match at the current level or any level around it. Markup read from text,
     * CDATA or a literal could belong to any of them: a literal that is not closed holds the rest of the
     * document, end tags of the elements around it included.
     */
    private long anyLevelExpected() {
        long e = 0;
        for (int d = 0; d <= depth; d++) {
            e |= expected[d];
        }
        return e;
    }

    private static boolean looksLikeDocument(FormatBuffer doc) {
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

    /** {@code [p, q)} as chars in {@code into}, emptied first. */
    private FormatBuffer copy(int p, int q, FormatBuffer into) {
        into.clear();
        in.copy(into, p, q);
        return into;
    }

    /**
     * {@code [p, q)} in {@code into} (emptied first) with its predefined entities and character references
     * decoded; others stay as written. Decoded in place: a reference is never shorter than what it stands for.
     */
    private FormatBuffer unescape(int p, int q, FormatBuffer into) {
        char[] c = copy(p, q, into).buf;
        int n = into.len;
        int w = 0;
        int i = 0;
        while (i < n) {
            char ch = c[i];
            int semi = ch == '&' ? referenceSemicolon(c, i, n) : -1;
            int cp = semi < 0 ? -1 : referenceValue(c, i + 1, semi);
            if (cp < 0) {
                c[w++] = ch;
                i++;
            } else if (cp >= 0x10000) {
                c[w++] = Character.highSurrogate(cp);
                c[w++] = Character.lowSurrogate(cp);
                i = semi + 1;
            } else {
                c[w++] = (char) cp;
                i = semi + 1;
            }
        }
        into.setLength(w);
        return into;
    }

    /**
     * The ';' of the reference starting at {@code c[amp]} ('&', a name or '#' and digits, as many leading zeros
     * as XML allows), or -1.
     */
    private static int referenceSemicolon(char[] c, int amp, int n) {
        int i = amp + 1;
        while (i < n && (Character.isLetterOrDigit(c[i]) || c[i] == '#')) {
            i++;
        }
        return i < n && i > amp + 1 && c[i] == ';' ? i : -1;
    }

    /**
     * The code point the reference named {@code c[from, to)} stands for: a predefined entity, or '#' and decimal
     * digits or 'x' and hexadecimal ones; -1 for any other.
     */
    private static int referenceValue(char[] c, int from, int to) {
        int n = to - from;
        if (n == 2 && c[from + 1] == 't' && (c[from] == 'l' || c[from] == 'g')) {
            return c[from] == 'l' ? '<' : '>';
        }
        if (n == 3 && c[from] == 'a' && c[from + 1] == 'm' && c[from + 2] == 'p') {
            return '&';
        }
        if (n == 4 && c[from + 2] == 'o' && ((c[from] == 'q' && c[from + 1] == 'u' && c[from + 3] == 't')
                || (c[from] == 'a' && c[from + 1] == 'p' && c[from + 3] == 's'))) {
            return c[from] == 'q' ? '"' : '\'';
        }
        if (n < 2 || c[from] != '#') {
            return -1;
        }
        boolean hex = c[from + 1] == 'x';
        int i = hex ? from + 2 : from + 1;
        if (i >= to) {
            return -1;
        }
        long v = 0;
        for (; i < to; i++) {
            int d = Character.digit(c[i], hex ? 16 : 10);
            if (d < 0) {
                return -1;
            }
            v = v * (hex ? 16 : 10) + d;
            if (v > Character.MAX_CODE_POINT) {
                return -1;
            }
        }
        return (int) v;
    }

    // ---------------------------------------------------------------- elements

    private int startTag(int p) {
        openChunk = false;
        int ns = p + 1;
        int ne = in.nameEnd(ns);
        int colon = in.firstColon;
        int lastColon = in.lastColon;
        int afterTag = scanTag(ne);
        boolean hidden = hideDepth > 0;
        if (hidden) {
            writeMaskOnce();
        } else {
            beforeMarkup();
        }
        if (depth == 0) {
            rootElement(p);
        }
        push(ns, ne);
        if (tracksNamespaces && tagDeclares) {
            declareNamespaces();
        }
        if (checksNamespaces && problem == null) { // after a problem, a second one would not be reported
            if (colon > ns && elementPrefix(ns, colon, lastColon, ne) == UNBOUND) {
                problem(ns, UNBOUND_PREFIX);
            }
            if (tagPrefixesAttribute) {
                checkPrefixedAttributes();
            }
        }
        long m = 0;
        if (!hidden && expected[depth - 1] != 0) {
            m = matchElement(ns, ne, colon, lastColon);
        }
        expected[depth] = m & ~(PathRules.MASK | PathRules.PRUNE);
        boolean markupInTag = !hidden && writeTag(p, afterTag);
        if (selfClosing) {
            pop();
        }
        if ((m & (PathRules.MASK | PathRules.PRUNE)) != 0 || markupInTag) {
            hideContent(m, markupInTag);
        }
        return afterTag;
    }

    private void rootElement(int p) {
        if (rootSeen && problem == null) {
            problem(p, "more than one root element");
        }
        rootSeen = true;
    }

    /**
     * Hides what follows a start tag the rules mask or prune (verdict {@code m}), or whose tag holds masked markup
     * (broken or escaped): where that markup's element ends cannot be told, so the content of this one is masked.
     */
    private void hideContent(long m, boolean markupInTag) {
        if (probe && (m & PathRules.MASK) != 0) {
            masked++; // a masked start tag alone: what follows the probed range could be its content
        }
        if (selfClosing) {
            return;
        }
        hideDepth = depth;
        hideIsMask = (m & PathRules.MASK) != 0 || markupInTag;
        if (hideIsMask) {
            maskWritten = false;
        } else {
            out.append(f.pruneMarker);
            pruned++;
        }
    }

    /**
     * The rules' verdict on the element named {@code [ns, ne)}, whose first and last colons are at {@code colon}
     * and {@code lastColon} (or -1). Its local name is what follows the last colon, as a reader that ignores
     * namespaces would take it from a name with several; such a name is in no namespace that can be told.
     */
    private long matchElement(int ns, int ne, int colon, int lastColon) {
        String uri = rules.namespaceAware && colon == lastColon ? resolveUri(ns, colon < 0 ? ns : colon) : null;
        return rules.match(expected[depth - 1], in, lastColon < 0 ? ns : lastColon + 1, ne, uri);
    }

    /**
     * Reads the attributes of a start tag (name already read, ending at {@code i}) into {@link #attrs} and
     * returns the position after the tag. Tolerates every kind of breakage, flagging it.
     */
    private int scanTag(int i) {
        final int end = in.end;
        attrCount = 0;
        attrMarkup = false;
        tagDeclares = false;
        tagPrefixesAttribute = false;
        selfClosing = false;
        while (true) {
            int s = in.skipWhitespace(i, end);
            if (s >= end) {
                eofProblem(s, "input ends inside a start tag");
                return end;
            }
            int c = in.at(s);
            if (c == '>') {
                return s + 1;
            }
            if (c == '/') {
                if (s + 1 < end && in.at(s + 1) == '>') {
                    selfClosing = true;
                    return s + 2;
                }
                problem(s, "'/' inside a start tag");
                i = s + 1;
                continue;
            }
            if (c == '<') {
                problem(s, "start tag not closed");
                return s;
            }
            if (s == i) {
                problem(s, "attributes not separated by whitespace");
            }
            int an = s;
            int ane = in.nameEnd(s);
            int colon = in.firstColon;
            int lastColon = in.lastColon;
            if (ane == an || !Input.isNameStart(c)) {
                problem(s, "invalid character in a start tag");
                attrMarkup |= rules.masks;
                i = Math.max(ane, s + 1);
                continue;
            }
            int eq = in.skipWhitespace(ane, end);
            if (eq >= end || in.at(eq) != '=') {
                problem(ane, "attribute without a value");
                attrMarkup |= rules.masks;
                addAttribute(an, ane, ane, ane, colon, lastColon);
                i = eq;
                continue;
            }
            int v = in.skipWhitespace(eq + 1, end);
            int vs;
            int ve;
            if (v < end && (in.at(v) == '"' || in.at(v) == '\'')) {
                vs = v + 1;
                ve = in.valueEnd(vs, in.at(v));
                if (ve < 0) {
                    eofProblem(end, "input ends inside an attribute value");
                    ve = end;
                    i = end;
                } else {
                    i = ve + 1;
                }
                if (in.sawLessThan) {
                    problem(vs, "'<' in an attribute value");
                    attrMarkup |= rules.masks;
                }
                if (in.firstAmpersand >= 0) {
                    attrMarkup |= checkReferences(in.firstAmpersand, ve) && rules.masks;
                }
            } else {
                problem(v, "attribute value without quotes");
                attrMarkup |= rules.masks;
                vs = v;
                ve = v;
                while (ve < end && !Input.isWhitespace(in.at(ve)) && in.at(ve) != '>' && in.at(ve) != '<') {
                    ve++;
                }
                i = ve;
            }
            addAttribute(an, ane, vs, ve, colon, lastColon);
        }
    }

    private void addAttribute(int ns, int ne, int vs, int ve, int colon, int lastColon) {
        int k = attrCount * ATTR;
        if (k + ATTR > attrs.length) {
            attrs = stacks.attrs = Arrays.copyOf(attrs, attrs.length * 2);
        }
        for (int j = 0; j < k; j += ATTR) {
            if (in.regionEquals(attrs[j], attrs[j + 1], ns, ne)) {
                problem(ns, "duplicate attribute");
            }
        }
        attrs[k] = ns;
        attrs[k + 1] = ne;
        attrs[k + 2] = vs;
        attrs[k + 3] = ve;
        attrs[k + 4] = colon;
        attrs[k + 5] = lastColon;
        boolean declaration = (ne - ns == 5 || colon == ns + 5) && in.startsWith("xmlns", ns);
        attrs[k + 6] = declaration ? 1 : 0;
        tagDeclares |= declaration;
        tagPrefixesAttribute |= !declaration && colon > ns;
        attrCount++;
    }

    /** Writes the start tag {@code [p, afterTag)}, masking the attribute values its rules name. */
    private boolean writeTag(int p, int afterTag) {
        long exp = expected[depth];
        if (!rules.hasAttributeRules(exp) && !attrMarkup) {
            in.copy(out, p, afterTag);
            return false;
        }
        return writeMaskedTag(p, afterTag, exp);
    }

    /** {@link #writeTag} for a tag whose attributes rules name ({@code exp}) or that holds markup. */
    private boolean writeMaskedTag(int p, int afterTag, long exp) {
        int ne = in.nameEnd(p + 1);
        if (attrMarkup && holdsMasked(ne, afterTag)) { // what is not an attribute could be anything
            in.copy(out, p, ne);
            out.append(' ');
            writeMask();
            int close = afterTag;
            while (close > ne && (in.at(close - 1) == '>' || in.at(close - 1) == '/')) {
                close--;
            }
            in.copy(out, close, afterTag);
            return true;
        }
        boolean markupMasked = false;
        int copied = p;
        for (int k = 0; k < attrCount * ATTR; k += ATTR) {
            int an = attrs[k];
            int ane = attrs[k + 1];
            if (isNamespaceDeclaration(k) || attrs[k + 2] == attrs[k + 3]) {
                continue;
            }
            int colon = attrs[k + 4];
            int lastColon = attrs[k + 5];
            String uri = null;
            if (rules.namespaceAware && colon == lastColon) {
                uri = colon < 0 ? "" : resolveUri(an, colon);
            }
            boolean byRule = rules.masksAttribute(exp, in, lastColon < 0 ? an : lastColon + 1, ane, uri);
            if (byRule || (attrMarkup && holdsMasked(attrs[k + 2], attrs[k + 3]))) {
                markupMasked |= !byRule;
                in.copy(out, copied, attrs[k + 2]);
                writeMask();
                copied = attrs[k + 3];
            }
        }
        in.copy(out, copied, afterTag);
        return markupMasked;
    }

    /** Whether the attribute at {@code k} in {@link #attrs} is a namespace declaration ({@code xmlns[:...]}). */
    private boolean isNamespaceDeclaration(int k) {
        return attrs[k + 6] != 0;
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
            eofProblem(close, close >= in.end ? "input ends inside an end tag" : "end tag not closed");
            after = close;
        }
        if (ne == ns) {
            problem(p, "end tag without a name");
        }
        if (closesInnermost) {
            closeElement(p, after);
        } else if (hideDepth > 0) {
            problem(p, "end tag does not match the open element");
            writeMaskOnce();
        } else {
            problem(p, "end tag does not match the open element");
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
            int n = depth * 2;
            nameStart = stacks.nameStart = Arrays.copyOf(nameStart, n);
            nameEnd = stacks.nameEnd = Arrays.copyOf(nameEnd, n);
            expected = stacks.expected = Arrays.copyOf(expected, n);
            flags = stacks.flags = Arrays.copyOf(flags, n);
            nsMark = stacks.nsMark = Arrays.copyOf(nsMark, n);
            prefixDecl = stacks.prefixDecl = Arrays.copyOf(prefixDecl, n);
        }
        nameStart[depth] = ns;
        nameEnd[depth] = ne;
        flags[depth] = 0;
        nsMark[depth] = nsCount;
        prefixDecl[depth] = -1;
    }

    private void pop() {
        if (verbatimDepth == depth) {
            verbatimDepth = 0;
        }
        nsCount = nsMark[depth];
        depth--;
    }

    // ---------------------------------------------------------------- namespaces

    /** Adds the current start tag's namespace declarations to those in scope. */
    private void declareNamespaces() {
        for (int k = 0; k < attrCount * ATTR; k += ATTR) {
            int an = attrs[k];
            int ane = attrs[k + 1];
            if (!isNamespaceDeclaration(k)) {
                continue;
            }
            int ps = ane - an > 5 ? an + 6 : ane;
            if (checksNamespaces) {
                checkDeclaration(an, ps, ane, attrs[k + 2], attrs[k + 3]);
            }
            int j = nsCount * NS;
            if (j + NS > ns.length) {
                ns = stacks.ns = Arrays.copyOf(ns, ns.length * 2);
            }
            ns[j] = ps;
            ns[j + 1] = ane;
            ns[j + 2] = attrs[k + 2];
            ns[j + 3] = attrs[k + 3];
            ns[j + 4] = prefixKey(ps, ane);
            nsCount++;
        }
    }

    /**
     * The reserved prefixes and names of Namespaces in XML: {@code xml} only for its namespace and that namespace
     * only for it, {@code xmlns} and its namespace never declared, no empty prefix, a prefix never bound to the
     * empty name.
     */
    private void checkDeclaration(int an, int ps, int pe, int vs, int ve) {
        boolean xmlPrefix = pe - ps == 3 && in.startsWith("xml", ps);
        boolean xmlName = ve - vs == XML_NS.length() && in.startsWith(XML_NS, vs);
        boolean xmlnsPrefix = pe - ps == 5 && in.startsWith("xmlns", ps);
        boolean xmlnsName = ve - vs == XMLNS_NS.length() && in.startsWith(XMLNS_NS, vs);
        if (pe - an == 6 || (ps < pe && vs == ve) || xmlPrefix != xmlName || xmlnsPrefix || xmlnsName) {
            problem(an, "namespace declaration of a reserved prefix or name, or of no name");
        }
    }

    /**
     * Namespaces in XML on the current start tag's prefixed attributes (its name is checked by
     * {@link #elementPrefix}): every prefix bound, a prefixed name with one colon and a local part, no two
     * attributes with the same local name in the same namespace. A name starting with a colon is let be, as the
     * JDK's parser does.
     */
    private void checkPrefixedAttributes() {
        for (int k = 0; k < attrCount * ATTR; k += ATTR) {
            int an = attrs[k];
            int ane = attrs[k + 1];
            int colon = attrs[k + 4];
            if (colon <= an || isNamespaceDeclaration(k)) {
                continue;
            }
            int decl = boundPrefix(an, colon, attrs[k + 5], ane);
            if (decl == UNBOUND) {
                problem(an, UNBOUND_PREFIX);
                continue;
            }
            for (int j = 0; j < k; j += ATTR) {
                int other = prefixEnd(j);
                if (other >= 0 && in.regionEquals(colon, ane, other, attrs[j + 1])
                        && sameNamespace(decl, lookup(attrs[j], other))) {
                    problem(an, "duplicate attribute once prefixes are resolved");
                }
            }
        }
    }

    /**
     * The declaration of the prefix of the name {@code [from, to)} whose first and last colons are at
     * {@code colon} and {@code lastColon}, or {@link #UNBOUND} when it has none, or when the name has no local
     * part or another colon.
     */
    private int boundPrefix(int from, int colon, int lastColon, int to) {
        return colon == lastColon && colon < to - 1 ? lookup(from, colon) : UNBOUND;
    }

    /**
     * {@link #boundPrefix} for the current element, noted in {@link #prefixDecl}. An element that declares nothing
     * and has its parent's prefix has its parent's declaration: SOAP's elements mostly do, so there is no lookup.
     */
    private int elementPrefix(int from, int colon, int lastColon, int to) {
        int decl = UNBOUND;
        if (colon == lastColon && colon < to - 1) {
            int parent = nsMark[depth] == nsCount ? prefixDecl[depth - 1] : -1;
            decl = parent >= 0 && in.regionEquals(ns[parent], ns[parent + 1], from, colon) ? parent
                    : lookup(from, colon);
        }
        prefixDecl[depth] = decl;
        return decl;
    }

    /** Where the prefix of the attribute at {@code k} in {@link #attrs} ends (its colon, not first nor last), or -1. */
    private int prefixEnd(int k) {
        int colon = attrs[k + 4];
        return colon > attrs[k] && colon < attrs[k + 1] - 1 ? colon : -1;
    }

    /** Whether two declarations name the same namespace, character references decoded. */
    private boolean sameNamespace(int a, int b) {
        if (a == b) {
            return true;
        }
        if (a < 0 || b < 0) {
            return false;
        }
        return in.regionEquals(ns[a + 2], ns[a + 3], ns[b + 2], ns[b + 3])
                || unescape(ns[a + 2], ns[a + 3], new FormatBuffer(64)).toString()
                        .equals(unescape(ns[b + 2], ns[b + 3], new FormatBuffer(64)).toString());
    }

    /**
     * The innermost declaration in scope of the prefix {@code [from, to)} (empty: the default namespace), as its
     * index in {@link #ns}; {@link #XML_PREFIX} or {@link #UNBOUND} without one.
     */
    private int lookup(int from, int to) {
        int key = prefixKey(from, to);
        for (int k = nsCount * NS - NS; k >= 0; k -= NS) {
            if (ns[k + 4] == key && in.regionEquals(ns[k], ns[k + 1], from, to)) {
                return k;
            }
        }
        return to - from == 3 && in.startsWith("xml", from) ? XML_PREFIX : UNBOUND;
    }

    /** Length, first and last char of the prefix {@code [from, to)}: equal prefixes have equal keys. */
    private int prefixKey(int from, int to) {
        return from == to ? 0 : (to - from) << 24 ^ in.at(from) << 12 ^ in.at(to - 1);
    }

    /**
     * The namespace name of the prefix {@code [from, to)} (empty: the default namespace): declared here, or, in a
     * document read from the text, CDATA or a literal of another, declared around it there. Null for a prefix
     * bound nowhere: its name could be in any namespace, and paths match it whatever their namespace.
     */
    private String resolveUri(int from, int to) {
        int decl = lookup(from, to);
        if (decl == XML_PREFIX) {
            return XML_NS;
        }
        if (decl == UNBOUND) {
            return parent != null ? parent.inheritedUri(in.string(from, to)) : from == to ? "" : null;
        }
        return in.string(ns[decl + 2], ns[decl + 3]);
    }

    private String inheritedUri(String prefix) {
        for (int k = nsCount * NS - NS; k >= 0; k -= NS) {
            if (in.string(ns[k], ns[k + 1]).equals(prefix)) {
                return in.string(ns[k + 2], ns[k + 3]);
            }
        }
        if ("xml".equals(prefix)) {
            return XML_NS;
        }
        return parent != null ? parent.inheritedUri(prefix) : prefix.isEmpty() ? "" : null;
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
        int close = in.indexOf("-->", p + 4, in.end);
        int after;
        if (close < 0) {
            eofProblem(in.end, "input ends inside a comment");
            after = in.end;
        } else {
            after = close + 3;
            if (in.indexOf("--", p + 4, close) >= 0 || (in.at(close - 1) == '-' && close - 1 >= p + 4)) {
                problem(p, "'--' inside a comment");
            }
        }
        if (hideDepth > 0) {
            writeMaskOnce();
        } else if (!f.removeComments || probe) {
            beforeMarkup();
            copyOrMask(p, p + 4, close < 0 ? in.end : close, after);
        }
        return after;
    }

    /**
     * Copies the markup {@code [p, after)} whose literal content is {@code [cs, ce)}; with masking on, content
     * that holds a masked element or attribute when read as XML (a comment, a processing instruction, a DOCTYPE
     * or an attribute value that runs to the end of the input; escaped markup) is written as the mask.
     */
    private void copyOrMask(int p, int cs, int ce, int after) {
        if (holdsMasked(cs, ce)) {
            in.copy(out, p, cs);
            writeMask();
            in.copy(out, ce, after);
        } else {
            in.copy(out, p, after);
        }
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
        if (embedding >= MAX_EMBEDDING) {
            return true;
        }
        if (!rules.screen.mayHold(in, s, e, MAX_EMBEDDING - embedding - 1, true)) {
            return false;
        }
        FormatBuffer doc = unescape(s, e, stacks.doc());
        FormatRun run = nested(doc, false, true).asProbe();
        run.run();
        run.parent = null;
        return run.masked > 0 || run.pruned > 0;
    }

    private int cdata(int p) {
        int cs = p + 9;
        int ce = in.indexOf("]]>", cs, in.end);
        int after;
        if (ce < 0) {
            eofProblem(in.end, "input ends inside a CDATA section");
            ce = in.end;
            after = in.end;
        } else {
            after = ce + 3;
        }
        if (hideDepth > 0) {
            writeMaskOnce();
            return after;
        }
        if (depth == 0) {
            problem(p, "CDATA outside the root element");
        }
        if (openChunk && rules.masks) { // completes markup begun in the text or CDATA before it
            markMixed();
            out.append("<![CDATA[");
            writeMask();
            out.append("]]>");
            return after;
        }
        boolean markup = (f.embeddedXml || rules.masks)
                && (in.indexOf('<', cs, ce) >= 0 || (rules.masks && in.indexOf('&', cs, ce) >= 0));
        openChunk = markup;
        if ((depth > 0 || embedding > 0 || rules.masks) && markup && embeddedCdata(cs, ce)) {
            return after;
        }
        markMixed();
        textWritten = 0;
        if (f.maxCdataLength < 0 || ce - cs <= f.maxCdataLength) {
            in.copy(out, p, after);
        } else {
            in.copy(out, p, cs);
            writeCapped(cs, ce, f.maxCdataLength);
            in.copy(out, ce, after);
        }
        return after;
    }

    private int doctype(int p) {
        if (rootSeen || depth > 0) {
            problem(p, "DOCTYPE after the root element started");
        }
        doctypeSeen = true;
        final int end = in.end;
        DoctypeScanner d = stacks.doctype;
        d.scan(in, p);
        if (d.problem != null) {
            problem(d.problemAt, d.problem);
        }
        int after = d.after;
        boolean unclosed = after < 0;
        if (unclosed) {
            eofProblem(end, "input ends inside the DOCTYPE");
            after = end;
        }
        if (hideDepth > 0) {
            writeMaskOnce();
        } else if (!f.removeDoctype || probe) {
            beforeMarkup();
            if (d.subsetStart >= 0 && rules.masks) {
                // Entity values in an internal subset could spell out what masked elements refer to.
                in.copy(out, p, d.subsetStart);
                writeMask();
                int rest = Math.min(d.subsetEnd, end);
                copyOrMask(rest, rest, unclosed ? end : after - 1, after);
            } else if (unclosed) {
                copyOrMask(p, Math.min(p + 9, end), end, end);
            } else {
                in.copy(out, p, after);
            }
        }
        return after;
    }

    private int processingInstruction(int p) {
        int close = in.indexOf("?>", p + 2, in.end);
        int after = close < 0 ? in.end : close + 2;
        if (close < 0) {
            eofProblem(in.end, "input ends inside a processing instruction");
        }
        int te = in.nameEnd(p + 2);
        boolean xmlTarget = te - (p + 2) == 3 && in.startsWith("xml", p + 2);
        boolean declaration = xmlTarget && p == in.start;
        if (te == p + 2) {
            problem(p, "processing instruction without a target");
        } else if (xmlTarget && !declaration) {
            problem(p, "XML declaration not at the start");
        } else if (te - (p + 2) == 3 && !xmlTarget && in.string(p + 2, te).equalsIgnoreCase("xml")) {
            problem(p, "processing instruction target 'xml' is reserved");
        } else if (declaration && close >= 0 && !stacks.declaration.isValid(in, p + 5, close)) {
            problem(p, "malformed XML declaration");
        } else if (te < after - 2 && !Input.isWhitespace(in.at(te)) && close >= 0 && te != close) {
            problem(te, "processing instruction target not followed by whitespace");
        }
        if (hideDepth > 0) {
            writeMaskOnce();
        } else if (probe || (declaration ? !f.removeXmlDeclaration : !f.removeProcessingInstructions)) {
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
        style.writeNewline(out, level);
    }

    private void writeMaskOnce() {
        if (hideIsMask && !maskWritten) {
            maskWritten = true;
            writeMask();
        }
    }

    private void writeMask() {
        out.append(f.mask);
        masked++;
    }

    private void cutDocument() {
        int limit = outStart + (int) documentLimit;
        int cut = limit;
        if (cut > outStart && Character.isHighSurrogate(out.charAt(cut - 1))) {
            cut--;
        }
        for (int i = cut - 1; i >= outStart && i >= cut - 32; i--) {
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
        documentTruncated = true;
        stopped = true;
    }

    /** The elements open now, as a path of their names ("/a/b/c"). */
    String openElements() {
        StringBuilder sb = new StringBuilder();
        for (int d = 1; d <= depth; d++) {
            sb.append('/').append(in.string(nameStart[d], nameEnd[d]));
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    private void finish() {
        if (stopped) {
            return;
        }
        if (depth > 0) {
            eofProblem(in.end, "input ends with open elements");
        } else if (!rootSeen) {
            eofProblem(in.end, "no root element");
        }
        if (in.malformedUtf8) {
            problem(in.end, "malformed UTF-8");
        }
    }

    private void problem(int offset, String what) {
        if (problem == null) {
            problem = what;
            problemOffset = offset - in.start;
        }
    }

    /** A problem that only the end of the input shows: none when the input was cut on purpose. */
    private void eofProblem(int offset, String what) {
        if (!inputCut || offset < in.end) {
            problem(offset, what);
        }
    }

    /** The arrays a run works with, kept in its {@link FormatBuffer} so the next run reuses them. */
    static final class Stacks {
        int[] nameStart = new int[16];
        int[] nameEnd = new int[16];
        long[] expected = new long[16];
        byte[] flags = new byte[16];
        /**
         * Attributes of the current start tag, {@link #ATTR} ints each: name start, name end, value start, value end,
         * the name's first and last colon (-1: none), 1 for a namespace declaration (else 0).
         */
        int[] attrs = new int[4 * ATTR];
        int[] ns = new int[8 * NS];
        int[] nsMark = new int[16];
        int[] prefixDecl = new int[16];

        /** The chars of a document read from this run's text, CDATA or a literal; see {@link #doc()}. */
        private FormatBuffer doc;
        /** The output of a document read from this run's text, CDATA or a literal; see {@link #inner()}. */
        private FormatBuffer inner;
        /** The input over {@link #doc} and the run reading it, kept for the next such document. */
        private final Input docInput = Input.of(new char[0], 0, 0);
        private FormatRun nested;
        /** The checker of XML declarations. */
        final XmlDeclaration declaration = new XmlDeclaration();
        /** The reader of DOCTYPE declarations. */
        final DoctypeScanner doctype = new DoctypeScanner();

        /** The buffer for the chars of a document read from the run's text, CDATA or a literal. */
        FormatBuffer doc() {
            if (doc == null) {
                doc = new FormatBuffer(256);
            }
            return doc;
        }

        /** The buffer a document read from the run's text, CDATA or a literal is written to, emptied. */
        FormatBuffer inner() {
            if (inner == null) {
                inner = new FormatBuffer(256);
            }
            inner.clear();
            return inner;
        }

        boolean isLarge() {
            return nameStart.length > 4096 || attrs.length > 4096 || ns.length > 4096 || isLarge(doc)
                    || isLarge(inner);
        }

        private static boolean isLarge(FormatBuffer b) {
            return b != null && (b.buf.length > FormatBuffer.MAX_KEPT || (b.stacks != null && b.stacks.isLarge()));
        }
    }
}
