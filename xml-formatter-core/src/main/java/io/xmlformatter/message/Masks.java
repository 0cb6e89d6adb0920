package io.xmlformatter.message;

import io.xmlformatter.Pseudonyms;

/**
 * What a value of a message masked by name is written as: the mask, or with {@link MessageLoggerBuilder#pseudonyms}
 * its keyed pseudonym, of the value as a reader decodes it. A value cut short, or still encoded once decoded, is
 * written as the mask: its pseudonym would be another value's. Immutable and thread-safe.
 */
final class Masks {
    final String mask;
    /** Null: the mask. */
    private final Pseudonyms pseudonyms;

    Masks(String mask, Pseudonyms pseudonyms) {
        this.mask = mask;
        this.pseudonyms = pseudonyms;
    }

    /** Appends what stands for the whole {@code value} (as read, not encoded): its pseudonym, or the mask. */
    void write(CharSequence value, StringBuilder out) {
        if (pseudonyms == null) {
            out.append(mask);
        } else {
            pseudonyms.write(value, 0, value.length(), out);
        }
    }

    /**
     * Appends what stands for the percent- or plus-encoded value {@code text[from, to)}: the pseudonym of it decoded,
     * or the mask when it was {@code cut} at {@code to} or is still encoded once decoded.
     */
    void writeEncoded(CharSequence text, int from, int to, boolean cut, StringBuilder out) {
        if (pseudonyms == null || cut) {
            out.append(mask);
            return;
        }
        String decoded = DetectedValues.decode(text, from, to);
        if (DetectedValues.stillEncoded(decoded)) {
            out.append(mask);
        } else {
            pseudonyms.write(decoded, 0, decoded.length(), out);
        }
    }
}
