package io.xmlformatter;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A formatter's value detectors ({@link XmlFormatter.Builder#detect}) for text that is not XML: JSON strings, form,
 * query and path values, header values, plain text ({@link XmlFormatter#valueMasker()}). A value is given whole to
 * the detectors and what they mark is replaced by the mask in place ({@link #mask}); a value read in an escaped form
 * (JSON escapes, percent-encoding) is given to them decoded, and written as the mask whole when they find anything
 * in it ({@link #finds}): where a decoded secret stands among the escapes is not kept. A detector that throws masks
 * the whole value (fail closed). Immutable and thread-safe.
 */
public final class ValueMasker {
    private final ValueDetector[] detectors;
    /** Per detector: the screen bit a built-in one needs ({@link #screen}), or 0 for one of one's own (always run). */
    private final int[] needs;
    private final String mask;
    private final AtomicLong failures = new AtomicLong();

    private static final int DIGIT_RUN = 1;
    private static final int COUNTRY_AND_CHECK = 2;
    private static final int AT_SIGN = 4;

    /** The screen bits of every detector, or -1 when one of one's own is among them (it always runs). */
    private final int anyNeed;

    ValueMasker(ValueDetector[] detectors, String mask) {
        this.detectors = detectors;
        this.mask = mask;
        needs = new int[detectors.length];
        int any = 0;
        for (int k = 0; k < detectors.length; k++) {
            ValueDetector d = detectors[k];
            needs[k] = d instanceof CardNumbers ? DIGIT_RUN : d instanceof Ibans ? COUNTRY_AND_CHECK
                    : d instanceof EmailAddresses ? AT_SIGN : 0;
            any = needs[k] == 0 || any < 0 ? -1 : any | needs[k];
        }
        anyNeed = any;
    }

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
                out.append(text, copied, s).append(mask);
                copied = e;
                masked++;
            }
        }
        out.append(text, copied, to);
        return masked;
    }

    /**
     * Whether the detectors find anything in {@code value} (a decoded value), or, when it was cut at its end
     * ({@code cut}), what could be the start of a secret there; a detector that throws finds it.
     */
    public boolean finds(CharSequence value, boolean cut) {
        Detections found = new Detections();
        CharsView v = view(value, 0, value.length());
        int could = cut ? ALL : needsFound(v, 0, value.length());
        return !detect(v, 0, value.length(), cut, could, found) || found.count() > 0;
    }

    /**
     * What the built-in detectors need, found in one pass over {@code c[from, to)}: a run of 13 digits or more
     * (single spaces or dashes between them) for a card number, two ASCII letters then two digits for an IBAN, an
     * '@' for an e-mail address. A superset of what they match, so skipping a detector whose need is absent skips
     * nothing it would find.
     */
    private static int screen(char[] c, int from, int to) {
        int found = 0;
        int run = 0;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch >= '0' && ch <= '9') {
                if (++run >= 13) {
                    found |= DIGIT_RUN;
                }
                if (i >= from + 3 && isDigit(c[i - 1]) && isAsciiLetter(c[i - 2]) && isAsciiLetter(c[i - 3])) {
                    found |= COUNTRY_AND_CHECK;
                }
            } else if ((ch != ' ' && ch != '-') || run == 0 || i + 1 >= to || !isDigit(c[i + 1])) {
                run = 0; // not a group's edge, where the run goes on
                if (ch == '@') {
                    found |= AT_SIGN;
                }
            }
        }
        return found;
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
            }
            return true;
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            return false;
        }
    }
}
