package io.xmlformatter;

/**
 * Secrets found by their value ({@link ValueDetector}) in a run's text, CDATA and attribute values: each value is
 * given whole to the detectors, and what they mark is replaced by the mask before the value is written (so a cap
 * or the document cut never shows part of one). A value holding references is read decoded, and masked whole when
 * a detector finds something in it (where the decoded secret stands among the references cannot be kept), or when it
 * still holds a reference once decoded (escaped twice or more, it could spell anything). A value is first read as
 * written ({@link ValueMasker#needsFoundInXml}): most hold nothing a detector reads and are not decoded. A detector
 * that throws masks the whole value. A value that runs to the input's end has what could be the start of a secret
 * there masked ({@link ValueDetector#cutFrom}): the input could have been cut there, said so or not (a
 * well-formed document ends with its root's end tag); such a value holding references is masked whole (a reference
 * could be cut short too). One per run's {@link RunParts}; {@link #reset} starts it over.
 */
final class ValueMasking {
    private final References references;
    private final Detections found = new Detections();
    /** The run's input, and a decoded value, as the detectors read them. */
    private final CharsView chars = new CharsView();
    private final CharsView decodedChars = new CharsView();
    /** A value holding markup without its comments, PIs and CDATA edges ({@link #foundAcrossMarkup}). */
    private final FormatBuffer joinedText = new FormatBuffer(64);
    private final CharsView joinedView = new CharsView();
    /** The value {@link #foundAcrossMarkup} reads, as an input to search in. */
    private final Input scanned = Input.of(new char[0], 0, 0);
    private Input in;
    /** The value with its secrets masked, and the input over it that {@link #masked} gives. */
    private final FormatBuffer value = new FormatBuffer(256);
    private final Input valueInput = Input.of(new char[0], 0, 0);
    private FormatBuffer decoded;
    private ValueMasker detectors;
    private String mask;
    private Pseudonyms pseudonyms;
    /** Whether the run's input is a document read from its host's text or CDATA ({@link #joinsBefore}). */
    private boolean embedded;
    /** The number of secrets masked in this run. */
    int count;

    ValueMasking(References references) {
        this.references = references;
    }

    /**
     * Starts over for a run over {@code in} with {@code detectors} (null: none), writing {@code mask}, or what is
     * found as its {@code pseudonyms} (null: none); {@code embedded}: the input is a document read from its host's
     * text or CDATA, whose text it could join at the input's start.
     */
    void reset(Input in, ValueMasker detectors, String mask, Pseudonyms pseudonyms, boolean embedded) {
        this.in = in;
        this.embedded = embedded;
        chars.reset(in.array(), in.end);
        this.detectors = detectors;
        this.mask = mask;
        this.pseudonyms = pseudonyms;
        count = 0;
    }

    /**
     * The value {@code [p, q)} of the run's input (an attribute value, a comment, a processing instruction) with its
     * secrets masked, as an input over its own chars, or null when it holds none (or no detector is configured).
     */
    Input masked(int p, int q) {
        return masked(p, q, false, q == in.end);
    }

    /**
     * {@link #masked(int, int)} for the content {@code [p, q)} of a text or CDATA chunk whose markup spans
     * {@code [before, after)}: a reader takes it as one text with a text or CDATA chunk beside it, across a comment
     * or processing instruction (which the formatter may remove), a CDATA section's edge or an empty element
     * ({@code 4111 1111<br/> 1111 1111}: a reader of the element's text content joins them), so what could be part of
     * a secret at such an edge is masked as at a cut ({@link ValueDetector#cutFrom}, {@link ValueDetector#cutTo}).
     */
    Input maskedChunk(int p, int q, int before, int after) {
        return masked(p, q, joinsBefore(before), after >= in.end || joinsAfter(after));
    }

    /**
     * {@link #masked(int, int)} for the content {@code [cs, ce)} of a comment, PI or DOCTYPE whose markup spans
     * {@code [p, after)}: when it holds a '<' (markup begun inside it: broken), a lenient reader could take it for
     * text, so it is read as a text chunk ({@link #maskedChunk}); when that markup is a comment, PI or DOCTYPE begun
     * inside (a reader could end either at either end), it is masked whole.
     */
    Input maskedLiteral(int cs, int ce, int p, int after) {
        if (in.indexOf('<', cs, ce) < 0) {
            return masked(cs, ce);
        }
        if (detectors != null && (in.indexOf("<?", cs, ce) >= 0 || in.indexOf("<!", cs, ce) >= 0)) {
            return whole();
        }
        return maskedChunk(cs, ce, p, after);
    }

    /**
     * Whether text or a CDATA section ends at {@code before}, or ends where the comments and PIs that end there
     * begin, or (in an embedded document) nothing does. A tag taken for a comment's or PI's end ({@code <x-->})
     * could only make this true where it is false.
     */
    private boolean joinsBefore(int before) {
        Input in = this.in;
        int i = before;
        while (i > in.start) {
            if (in.at(i - 1) != '>') {
                return true; // text
            }
            int c = i - 2 >= in.start ? in.at(i - 2) : 0;
            int b = i - 3 >= in.start ? in.at(i - 3) : 0;
            int start = c == ']' && b == ']' ? -2 : c == '-' && b == '-' ? in.lastIndexOf("<!--", in.start, i - 3)
                    : c == '?' ? in.lastIndexOf("<?", in.start, i - 2) : c == '/' ? emptyElementStart(i - 2) : -3;
            if (start == -3) {
                return false; // a tag
            }
            if (start < 0) {
                return true; // a CDATA section, or no start: what is before cannot be told
            }
            i = start;
        }
        return embedded; // the input's start: an embedded document's joins its host's text before it
    }

    /** Whether text or a CDATA section starts at {@code after}, or after the comments and PIs that start there. */
    private boolean joinsAfter(int after) {
        Input in = this.in;
        int i = after;
        while (i < in.end) {
            if (in.at(i) != '<' || in.startsWith("<![CDATA[", i)) {
                return true;
            }
            if (cutShort("<![CDATA[", i) || cutShort("<!--", i)) {
                return true; // the input ends inside what could start one
            }
            boolean comment = in.startsWith("<!--", i);
            if (!comment && !in.startsWith("<?", i)) {
                int empty = emptyElementEnd(i);
                if (empty < 0) {
                    return false; // a tag
                }
                i = empty;
                continue;
            }
            int end = comment ? in.indexOf("-->", i + 4, in.end) : in.indexOf("?>", i + 2, in.end);
            if (end < 0) {
                return true; // unclosed: what it holds runs to the end
            }
            i = end + (comment ? 3 : 2);
        }
        return true; // the input's end: it could have been cut
    }

    /** Where the empty element tag ({@code <br/>}) whose {@code '/'} of {@code />} is at {@code slash} starts, or -3. */
    private int emptyElementStart(int slash) {
        int lt = in.lastIndexOf("<", in.start, slash);
        return lt >= 0 && lt + 1 < slash && isNameStart(in.at(lt + 1)) && in.indexOf('>', lt, slash) < 0 ? lt : -3;
    }

    /** Where the empty element tag ({@code <br/>}) starting at {@code lt} ends (after its {@code >}), or -1. */
    private int emptyElementEnd(int lt) {
        if (lt + 1 >= in.end || !isNameStart(in.at(lt + 1))) {
            return -1;
        }
        int gt = in.indexOf('>', lt, in.end);
        return gt > lt + 1 && in.at(gt - 1) == '/' && in.indexOf('<', lt + 1, gt) < 0 ? gt + 1 : -1;
    }

    private static boolean isNameStart(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c > 127;
    }

    /**
     * Where {@code [p, q)}, cut at {@code q}, ends without the start of a delimiter cut short there ({@code ]]>},
     * {@code -->}, {@code ?>}, {@code <!--}, {@code <?}, {@code <![CDATA[}): what could be the start of a secret is
     * before it.
     */
    private int beforeDelimiterStart(int p, int q) {
        int to = q;
        while (to > p && "<!-?]".indexOf(in.at(to - 1)) >= 0) {
            to--;
        }
        for (int n = Math.min(CDATA_START.length() - 1, to - p); n >= 3; n--) {
            if (in.startsWith(CDATA_START.substring(0, n), to - n)) {
                return to - n;
            }
        }
        return to;
    }

    /**
     * Where markup begun in {@code [p, q)} and not closed before the cut at {@code q} starts — the earliest
     * {@code <?} after the last {@code ?>}, or {@code <!--} after the last {@code -->} — or {@code q}: what it holds
     * runs to the cut (a PI's target and content, a comment's), so it is masked to the cut, and what could be the
     * start of a secret is looked for before it (finding-33: {@code 4929 8046 <?p 1775}, cut).
     */
    private int unclosedMarkupStart(int p, int q) {
        int start = q;
        int piClose = in.lastIndexOf("?>", p, q);
        int pi = in.indexOf("<?", piClose < 0 ? p : piClose + 2, q);
        if (pi >= 0) {
            start = pi;
        }
        int commentClose = in.lastIndexOf("-->", p, q);
        int comment = in.indexOf("<!--", commentClose < 0 ? p : commentClose + 3, q);
        return comment >= 0 ? Math.min(start, comment) : start;
    }

    /** Whether the input ends at {@code i} inside the start of {@code markup}, which could have gone on. */
    private boolean cutShort(String markup, int i) {
        int n = in.end - i;
        return n < markup.length() && in.startsWith(markup.substring(0, n), i);
    }

    private Input masked(int p, int q, boolean joined, boolean cut) {
        ValueMasker ds = detectors;
        if (ds == null || p >= q) {
            return null;
        }
        Input in = this.in;
        int could = cut || joined ? ValueMasker.ALL : ds.needsFoundInXml(chars, p, q);
        if (could == 0) {
            return null; // nothing a detector reads, as written or decoded: no need to decode
        }
        boolean references = in.indexOf('&', p, q) >= 0;
        if (references && cut) {
            return whole(); // a reference itself could be cut short: what it would complete cannot be told
        }
        CharsView text = chars;
        int from = p;
        int to = q;
        int tail = q; // with a cut: where markup not closed before it starts, masked to the cut
        if (cut) {
            tail = unclosedMarkupStart(p, q);
            to = beforeDelimiterStart(p, tail);
        }
        if (references) {
            decoded = this.references.unescape(p, q, decoded == null ? new FormatBuffer(256) : decoded);
            text = decodedChars.reset(decoded.buf, decoded.len);
            from = 0;
            to = decoded.len;
            if (could == ValueMasker.ALL && !joined) {
                could = ds.needsFound(text, from, to);
            }
        }
        if (foundAcrossMarkup(text, from, to, joined, cut) || !ds.detect(text, from, to, joined, cut, could, found)) {
            return whole();
        }
        if (tail < q) {
            found.mask(tail, q); // a cut value has no references: positions are the input's
        }
        boolean escapedTwice = references && decodedHoldsReference();
        if (found.count() == 0 && !escapedTwice) {
            return null;
        }
        found.merge();
        if (references) { // where the decoded secrets stand among the references cannot be kept
            // and a value escaped twice could spell anything: the mask
            return pseudonyms == null || escapedTwice || found.count() == 0 ? whole() : pseudonymsOfDecoded();
        }
        value.clear();
        int copied = p;
        for (int i = 0; i < found.count(); i++) {
            int s = Math.max(found.start(i), copied);
            int e = Math.min(found.end(i), q);
            if (s >= e) {
                continue;
            }
            in.copy(value, copied, s);
            if (pseudonyms == null || (cut && e == q) || (joined && s == p)) { // part of a secret: another's pseudonym
                value.append(mask);
            } else {
                pseudonyms.write(in.array(), s, e, value);
            }
            copied = e;
            count++;
        }
        in.copy(value, copied, q);
        return valueInput.reset(value.buf, value.len);
    }

    /**
     * Whether the detectors find something in {@code text[from, to)} (a value holding markup: escaped, or CDATA)
     * read as a reader of the document it holds reads its text: across its comments, PIs and CDATA sections' edges;
     * or as a lenient reader might, with every innermost {@code <...>} left out (a PI or tag begun inside another).
     * The value is then masked whole: where the parts stand cannot be kept. False at once when it holds no comment,
     * PI or CDATA edge. What those comments and PIs hold is read as written too, by the caller.
     */
    private boolean foundAcrossMarkup(CharsView text, int from, int to, boolean joined, boolean cut) {
        char[] c = text.array();
        Input t = scanned.reset(c, to);
        if (indexOfSplitter(t, from) < 0) {
            return false;
        }
        FormatBuffer b = joinedText;
        b.clear();
        int i = from;
        for (int s = indexOfSplitter(t, i); s >= 0; s = indexOfSplitter(t, i)) {
            b.append(c, i, s - i);
            if (c[s] == ']' || (c[s + 1] == '!' && c[s + 2] == '[')) { // a CDATA section's edge: text within
                i = s + (c[s] == ']' ? 3 : CDATA_START.length());
                continue;
            }
            String close = c[s + 1] == '?' ? "?>" : "-->";
            int end = t.indexOf(close, s + (c[s + 1] == '?' ? 2 : 4), to);
            i = end < 0 ? to : end + close.length();
        }
        b.append(c, i, to - i);
        if (foundIn(b, joined, cut)) {
            return true;
        }
        b.clear();
        i = from;
        for (int lt = t.indexOf('<', i, to); lt >= 0; lt = t.indexOf('<', lt + 1, to)) {
            int gt = lt + 1;
            while (gt < to && c[gt] != '>' && c[gt] != '<') {
                gt++;
            }
            if (gt < to && c[gt] == '>') {
                b.append(c, i, lt - i);
                i = gt + 1;
                lt = gt;
            }
        }
        b.append(c, i, to - i);
        return foundIn(b, joined, cut);
    }

    /** Whether the detectors find something in {@code b} (or one throws). */
    private boolean foundIn(FormatBuffer b, boolean joined, boolean cut) {
        CharsView v = joinedView.reset(b.buf, b.len);
        int could = joined || cut ? ValueMasker.ALL : detectors.needsFound(v, 0, b.len);
        return could != 0 && (!detectors.detect(v, 0, b.len, joined, cut, could, found) || found.count() > 0);
    }

    /**
     * The first comment, PI or CDATA start ({@code <!--}, {@code <?}, {@code <![CDATA[}) or CDATA end from
     * {@code from} in {@code t}, or -1.
     */
    private static int indexOfSplitter(Input t, int from) {
        for (int i = from; i < t.end; i++) {
            int ch = t.at(i);
            if ((ch == '<' && (t.startsWith("<?", i) || t.startsWith("<!--", i) || t.startsWith(CDATA_START, i)))
                    || (ch == ']' && t.startsWith("]]>", i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the value just decoded holds a reference still ('&' then '#', or a name and ';'): it was escaped twice
     * or more.
     */
    private boolean decodedHoldsReference() {
        char[] c = decoded.buf;
        int n = decoded.len;
        for (int i = 0; i + 2 < n; i++) {
            if (c[i] != '&') {
                continue;
            }
            if (c[i + 1] == '#') {
                return true;
            }
            int j = i + 1;
            while (j < n && Character.isLetterOrDigit(c[j])) {
                j++;
            }
            if (j > i + 1 && j < n && c[j] == ';') {
                return true;
            }
        }
        return false;
    }

    /** The pseudonyms of what was found in the value just decoded, in order, a space between them. */
    private Input pseudonymsOfDecoded() {
        value.clear();
        for (int i = 0; i < found.count(); i++) {
            if (i > 0) {
                value.append(' ');
            }
            pseudonyms.write(decoded.buf, found.start(i), found.end(i), value);
            count++;
        }
        return valueInput.reset(value.buf, value.len);
    }

    /**
     * Writes to {@code out} the pseudonym of {@code [p, q)} of the run's input, masked by a rule (an attribute
     * value, an element's content): its text decoded, what a CDATA section alone holds, or, holding markup, the
     * content as written.
     */
    void writePseudonym(int p, int q, FormatBuffer out) {
        Input in = this.in;
        if (in.indexOf('<', p, q) < 0) {
            if (in.indexOf('&', p, q) < 0) {
                pseudonyms.write(in.array(), p, q, out);
            } else {
                decoded = references.unescape(p, q, decoded == null ? new FormatBuffer(256) : decoded);
                pseudonyms.write(decoded.buf, 0, decoded.len, out);
            }
            return;
        }
        int inner = p + CDATA_START.length();
        if (in.startsWith(CDATA_START, p) && q - 3 >= inner && in.indexOf("]]>", inner, q) == q - 3) {
            pseudonyms.write(in.array(), inner, q - 3, out);
        } else {
            pseudonyms.write(in.array(), p, q, out);
        }
    }

    private static final String CDATA_START = "<![CDATA[";

    /** The whole value as the mask. */
    private Input whole() {
        value.clear();
        value.append(mask);
        count++;
        return valueInput.reset(value.buf, value.len);
    }
}
