package io.xmlformatter;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A formatter's value detectors ({@link XmlFormatter.Builder#detect}) for text that is not XML: JSON strings, form,
 * query and path values, header values, plain text ({@link XmlFormatter#valueMasker()}). A value is given whole to
 * the detectors and what they mark is replaced in place ({@link #mask}) by the mask, or by its keyed pseudonym
 * ({@link XmlFormatter.Builder#pseudonyms}); a value read in an escaped form (JSON escapes,
 * percent-encoding) is given to them decoded, and written whole as the pseudonyms of what they find in it, or the
 * mask ({@link #maskDecoded}): where a decoded secret stands among the escapes is not kept. A detector that throws
 * masks the whole value (fail closed). Immutable and thread-safe.
 */
@Internal
public final class ValueMasker {
    private final ValueDetector[] detectors;
    /** Per detector: the screen bit a built-in one needs ({@link #screen}), or 0 for one of one's own (always run). */
    private final int[] needs;
    private final String mask;
    /** What is found is written as, when not the mask; or null. */
    private final Pseudonyms pseudonyms;
    private final AtomicLong failures = new AtomicLong();

    private static final int DIGIT_RUN = 1;
    private static final int COUNTRY_AND_CHECK = 2;
    private static final int AT_SIGN = 4;
    private static final int URL_MARK = 8;

    /** The screen bits of every detector, or -1 when one of one's own is among them (it always runs). */
    private final int anyNeed;

    ValueMasker(ValueDetector[] detectors, String mask, Pseudonyms pseudonyms) {
        this.detectors = detectors;
        this.mask = mask;
        this.pseudonyms = pseudonyms;
        needs = new int[detectors.length];
        int any = 0;
        for (int k = 0; k < detectors.length; k++) {
            ValueDetector d = detectors[k];
            needs[k] = d instanceof CardNumbers ? DIGIT_RUN : d instanceof Ibans ? COUNTRY_AND_CHECK
                    : d instanceof EmailAddresses ? AT_SIGN : d instanceof UrlCredentials ? URL_MARK : 0;
            any = needs[k] == 0 || any < 0 ? -1 : any | needs[k];
        }
        anyNeed = any;
    }

    /**
     * Fewer chars than the shortest value a built-in detector finds in ({@code a@b.cc}, {@code ?pwd=x},
     * {@code a://b@}).
     */
    private static final int SHORTEST_FOUND = 6;

    /** Screen bits for "run every detector" ({@link #detect}). */
    static final int ALL = -1;

    /**
     * What the built-in detectors need that {@code text[from, to)} holds, as screen bits for {@link #detect}: 0 when
     * every detector is a built-in one and what each needs is absent, {@link #ALL} with a detector of one's own.
     * Read on a value as written, with named references only, it holds for the value decoded too: those decode to
     * none of the chars the built-in detectors need.
     */
    int needsFound(CharsView text, int from, int to) {
        return anyNeed < 0 ? ALL : screen(text.array(), from, to) & anyNeed;
    }

    /**
     * {@link #needsFound} for a value as a document writes it, read once without decoding it: a reference to '<',
     * '>', a quotation mark, a no-break space or any char no detector reads stands between what the detectors read,
     * as it does once decoded. {@link #ALL} when a reference could spell what a detector reads (an ASCII letter or
     * digit, a space, '-', '@', '.', '_', '%', '+', '&', '#', ';', '<'), when an escaped '&' comes before a letter or
     * '#' (escaped twice, it could spell anything), when a '&' and '#' start no reference, or when a comment, PI or
     * CDATA section begins, escaped or not (it could split a secret: {@link ValueMasking}).
     */
    int needsFoundInXml(CharsView text, int from, int to) {
        int found = anyNeed < 0 ? ALL : screenXml(text.array(), from, to);
        return found == ALL ? ALL : found & anyNeed; // ALL stays ALL: the value is to be decoded and screened again
    }

    /**
     * How many times a detector threw, here or in the formatter's documents (each time, the whole value was
     * masked).
     */
    public long failures() {
        return failures.get();
    }

    /** The mask written in place of what the detectors find. */
    public String mask() {
        return mask;
    }

    /**
     * Appends {@code text[from, to)} to {@code out} with what the detectors find in it masked in place; returns how
     * many ranges it masked. When the value was cut at {@code to} ({@code cut}: a body logged in part), what could
     * be the start of a secret there is masked too ({@link ValueDetector#cutFrom}).
     */
    public int mask(CharSequence text, int from, int to, boolean cut, StringBuilder out) {
        if (from >= to) {
            return 0;
        }
        if (!cut && anyNeed >= 0 && to - from < SHORTEST_FOUND) { // built-in detectors only: none finds less // a JSON key or number: nothing to copy or screen
            out.append(text, from, to);
            return 0;
        }
        Detections found = new Detections();
        CharsView v = view(text, from, to);
        if (!detect(v, 0, to - from, cut, cut ? ALL : needsFound(v, 0, to - from), found)) {
            out.append(mask);
            return 1;
        }
        found.merge();
        int masked = 0;
        int copied = from;
        for (int i = 0; i < found.count(); i++) {
            int s = Math.max(from + found.start(i), copied);
            int e = Math.min(from + found.end(i), to);
            if (s < e) {
                out.append(text, copied, s);
                if (pseudonyms == null || (cut && e == to)) { // at the cut: part of a secret, another's pseudonym
                    out.append(mask);
                } else {
                    pseudonyms.write(text, s, e, out);
                }
                copied = e;
                masked++;
            }
        }
        out.append(text, copied, to);
        return masked;
    }

    /**
     * For a value read decoded from an escaped form, whose secrets cannot be masked in place among the escapes:
     * when the detectors find anything in {@code decoded}, appends the pseudonyms of what they found (a space between
     * them) or, without pseudonyms, the mask, and returns how many it masked; returns 0 and appends nothing when
     * they find nothing. A detector that throws: the mask.
     */
    public int maskDecoded(CharSequence decoded, StringBuilder out) {
        Detections found = new Detections();
        CharsView v = view(decoded, 0, decoded.length());
        if (!detect(v, 0, decoded.length(), false, needsFound(v, 0, decoded.length()), found)) {
            out.append(mask);
            return 1;
        }
        if (found.count() == 0) {
            return 0;
        }
        if (pseudonyms == null) {
            out.append(mask);
            return 1;
        }
        found.merge();
        for (int i = 0; i < found.count(); i++) {
            if (i > 0) {
                out.append(' ');
            }
            pseudonyms.write(v, found.start(i), found.end(i), out);
        }
        return found.count();
    }

    /**
     * What the built-in detectors need, found in one pass over {@code c[from, to)}: a run of 13 digits or more
     * (separators between them, as {@link CardNumbers} reads them) for a card number, a country code at a word's
     * start (or after the word IBAN) then two digits for an IBAN, an '@' or {@code %40} for an e-mail address, a
     * {@code ?}, {@code #} or {@code ://} for credentials in a URL. A superset of what they match, so skipping a
     * detector whose need is absent skips nothing it would find.
     */
    private static int screen(char[] c, int from, int to) {
        int found = 0;
        int run = 0;
        int next;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (CardNumbers.isDigit(ch)) {
                if (++run >= 13) {
                    found |= DIGIT_RUN;
                }
                if (i >= from + 3 && isDigit(ch) && isDigit(c[i - 1]) && Ibans.isCountry(c[i - 3], c[i - 2])
                        && (i == from + 3 || !isAsciiLetterOrDigit(c[i - 4]) || Ibans.atWordStart(c, i - 3, from))) {
                    found |= COUNTRY_AND_CHECK; // a country code at a word's start, then two digits
                }
            } else if (run > 0 && CardNumbers.isSeparator(ch) && (next = CardNumbers.separatorEnd(c, i, to)) > 0) {
                i = next - 1; // a group's edge: the run goes on
            } else {
                run = 0;
                if (ch == '@' || (ch == '%' && i + 2 < to && c[i + 1] == '4' && c[i + 2] == '0')) {
                    found |= AT_SIGN; // '@', or '%40' as a URL in text writes it
                } else if (ch == '?' || ch == '#' || (ch == ':' && i + 2 < to && c[i + 1] == '/' && c[i + 2] == '/')) {
                    found |= URL_MARK; // a query, a fragment or an authority
                }
            }
        }
        return found;
    }

    /**
     * {@link #screen} over a value as XML writes it ({@link #needsFoundInXml}): it stops only at what a detector
     * reads first (a digit, '@') and at references; at a run of digits, it reads the run, and the two chars before
     * it for a country code.
     */
    private static int screenXml(char[] c, int from, int to) {
        int found = 0;
        int i = from;
        while (i < to) {
            char ch = c[i];
            if (ch < STOPS.length ? !STOPS[ch] : !CardNumbers.isDigit(ch)) {
                i = nextStop(c, i + 1, to);
            } else if (ch == '&') {
                int semi = referenceAt(c, i, to, (found & COUNTRY_AND_CHECK) != 0);
                if (semi < 0) {
                    return ALL;
                }
                i = semi + 1; // it stands for a char no detector reads: between what they read
            } else if (ch == '<') { // in CDATA: a comment, PI or CDATA section in it could split a secret
                if (i + 1 < to && (c[i + 1] == '!' || c[i + 1] == '?')) {
                    return ALL;
                }
                i++;
            } else if (ch == '@' || ch == '%') {
                if (ch == '@' || (i + 2 < to && c[i + 1] == '4' && c[i + 2] == '0')) {
                    found |= AT_SIGN; // '@', or '%40' as a URL in text writes it
                }
                i++;
            } else if (ch == '?' || ch == '#' || ch == ':') {
                if (ch != ':' || (i + 2 < to && c[i + 1] == '/' && c[i + 2] == '/')) {
                    found |= URL_MARK; // a query, a fragment or an authority
                }
                i++;
            } else {
                if (i >= from + 2 && i + 1 < to && isDigit(c[i + 1]) && Ibans.isCountry(c[i - 2], c[i - 1])
                        && (i == from + 2 || !isAsciiLetterOrDigit(c[i - 3]) || Ibans.atWordStart(c, i - 2, from))) {
                    found |= COUNTRY_AND_CHECK;
                }
                int digits = 0;
                while (i < to) {
                    if (CardNumbers.isDigit(c[i])) {
                        digits++;
                        i++;
                        continue;
                    }
                    int next = digits > 0 ? CardNumbers.separatorEnd(c, i, to) : -1;
                    if (next < 0) {
                        break;
                    }
                    i = next;
                }
                if (digits >= 13) {
                    found |= DIGIT_RUN;
                }
            }
        }
        return found;
    }

    /** The first char at or after {@code i} that {@link #screenXml} stops at, or {@code to}. */
    private static int nextStop(char[] c, int i, int to) {
        boolean[] stops = STOPS;
        for (; i < to; i++) {
            char ch = c[i];
            if (ch < 128 ? stops[ch] : CardNumbers.isDigit(ch)) {
                return i;
            }
        }
        return to;
    }

    /**
     * The ASCII chars {@link #screenXml} stops at: digits, '@', '%', '&', '<', ':', '?', '#' (and, beyond ASCII,
     * full-width digits).
     */
    private static final boolean[] STOPS = new boolean[128];

    static {
        for (char d = '0'; d <= '9'; d++) {
            STOPS[d] = true;
        }
        STOPS['@'] = true;
        STOPS['%'] = true;
        STOPS['&'] = true;
        STOPS['<'] = true;
        STOPS[':'] = true;
        STOPS['?'] = true;
        STOPS['#'] = true;
    }

    /**
     * For the '&' at {@code c[amp]}: the ';' ending the reference there when what it stands for is read by no
     * detector, or is a separator no group of a number stands beside (a no-break space before "mm"; {@code iban}:
     * an IBAN's start was seen, so letters are groups too), so it only stands between what they read; {@code amp}
     * itself for a '&' that starts no reference (kept as written, so read as written); -1 when the reference could
     * spell what a detector reads.
     */
    private static int referenceAt(char[] c, int amp, int to, boolean iban) {
        int i = amp + 1;
        if (i + 2 < to && c[i + 1] == 't' && c[i + 2] == ';' && (c[i] == 'l' || c[i] == 'g')) {
            // escaped markup: a comment, PI or CDATA section in it could split a secret
            return c[i] == 'l' && i + 3 < to && (c[i + 3] == '!' || c[i + 3] == '?') ? -1 : i + 2;
        }
        if (i + 3 < to && c[i] == 'a' && c[i + 1] == 'm' && c[i + 2] == 'p' && c[i + 3] == ';') {
            int next = i + 4; // '&': then a reference, escaped twice?
            return next < to && (c[next] == '#' || isAsciiLetter(c[next])) ? -1 : i + 3;
        }
        if (i + 4 < to && c[i + 4] == ';' && c[i + 2] == 'o' && ((c[i] == 'q' && c[i + 1] == 'u' && c[i + 3] == 't')
                || (c[i] == 'a' && c[i + 1] == 'p' && c[i + 3] == 's'))) {
            return i + 4;
        }
        if (i >= to || c[i] != '#') {
            return amp; // another entity, or no reference: kept as written
        }
        boolean hex = ++i < to && c[i] == 'x';
        int v = 0;
        int digits = 0;
        for (i = hex ? i + 1 : i; i < to && c[i] != ';' && digits < 8; i++, digits++) {
            int d = hexDigit(c[i]);
            if (d < 0 || (d > 9 && !hex)) {
                return -1;
            }
            v = v * (hex ? 16 : 10) + d;
        }
        if (digits == 0 || i >= to || c[i] != ';' || v > Character.MAX_CODE_POINT) {
            return -1;
        }
        if (!isRead(v) || (onlySeparates(v) && !betweenGroups(c, amp, i, to, iban))) {
            return i; // a no-break space between '10' and 'mm': no number's groups beside it
        }
        return -1;
    }

    /**
     * Whether the char {@code v} is read by the card detector only, as a separator between groups ('/' and '?' are
     * read by the URL detector too).
     */
    private static boolean onlySeparates(int v) {
        return v < 128 ? "\t\r\n\u001A".indexOf(v) >= 0 : v <= Character.MAX_VALUE && !CardNumbers.isDigit((char) v);
    }

    /**
     * Whether the reference {@code c[amp, semi]} stands where a separator between a number's groups could: a digit
     * (or, once an IBAN's start was seen, a letter), another reference or a separator before it, and one after it.
     */
    private static boolean betweenGroups(char[] c, int amp, int semi, int to, boolean iban) {
        char before = amp > 0 ? c[amp - 1] : ' ';
        char after = semi + 1 < to ? c[semi + 1] : ' ';
        return groupEdge(before, iban) && groupEdge(after, iban);
    }

    private static boolean groupEdge(char x, boolean iban) {
        return CardNumbers.isDigit(x) || (iban && Character.isLetter(x)) || x == ';' || x == '&'
                || CardNumbers.isSeparator(x);
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    /** Whether a detector could read the char {@code v} stands for, decoded (a card's digits and separators too). */
    private static boolean isRead(int v) {
        return v < 128 ? isAsciiLetterOrDigit((char) v) || " -@._%+&#;</?:=\t\r\n\u001A".indexOf(v) >= 0
                : v <= Character.MAX_VALUE && (CardNumbers.isDigit((char) v) || CardNumbers.isSeparator((char) v));
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return isDigit(c) || isAsciiLetter(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /**
     * {@code text[from, to)} copied into a view from 0: the detectors read every value through this one type (as
     * the engine's), so their {@code charAt} calls stay inlined.
     */
    private static CharsView view(CharSequence text, int from, int to) {
        char[] buf = new char[to - from];
        for (int i = from; i < to; i++) {
            buf[i - from] = text.charAt(i);
        }
        return new CharsView().reset(buf, buf.length);
    }

    /**
     * Runs the detectors over {@code text[from, to)} into {@code found} (cleared first), with what could be a
     * secret's start at the end when the value was {@code cut} there; a built-in detector whose need is not among
     * {@code could} ({@link #needsFound}, or {@link #ALL}) is skipped. False when one threw (counted), so the whole
     * value is to be masked.
     */
    boolean detect(CharsView text, int from, int to, boolean cut, int could, Detections found) {
        return detect(text, from, to, false, cut, could, found);
    }

    /**
     * {@link #detect(CharsView, int, int, boolean, int, Detections)}, with what could be the rest of a secret at the
     * start masked too when the value goes on from text before it ({@code joined}: {@link ValueDetector#cutTo}).
     */
    boolean detect(CharsView text, int from, int to, boolean joined, boolean cut, int could, Detections found) {
        found.clear();
        try {
            for (int k = 0; k < detectors.length; k++) {
                if (needs[k] != 0 && (could & needs[k]) == 0) {
                    continue; // what this built-in detector needs is not there: it would find nothing
                }
                ValueDetector d = detectors[k];
                d.detect(text, from, to, found);
                if (cut) {
                    found.mask(Math.max(from, d.cutFrom(text, from, to)), to);
                }
                if (joined) {
                    found.mask(from, Math.min(to, d.cutTo(text, from, to)));
                }
            }
            return true;
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            return false;
        }
    }
}
