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
    private final String mask;
    private final AtomicLong failures = new AtomicLong();

    ValueMasker(ValueDetector[] detectors, String mask) {
        this.detectors = detectors;
        this.mask = mask;
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
        if (!detect(view(text, from, to), 0, to - from, cut, found)) {
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
        return !detect(view(value, 0, value.length()), 0, value.length(), cut, found) || found.count() > 0;
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
     * secret's start at the end when the value was {@code cut} there; false when one threw (counted), so the whole
     * value is to be masked.
     */
    boolean detect(CharSequence text, int from, int to, boolean cut, Detections found) {
        found.clear();
        try {
            for (ValueDetector d : detectors) {
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
