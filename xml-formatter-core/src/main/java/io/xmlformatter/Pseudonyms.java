package io.xmlformatter;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Keyed pseudonyms written in place of masked values ({@link XmlFormatter.Builder#pseudonyms}): the value's
 * HMAC-SHA-256 under a secret key, its first four bytes in hexadecimal, as {@code [h:3f9a2c1e]}. Two records that
 * carried the same secret show the same pseudonym, so they can still be joined, and nothing else of it; without the
 * key, a pseudonym cannot be computed from a guess (a card number has few enough values to be guessed). The value is
 * hashed as a reader decodes it (references, escapes and percent-encoding decoded), so one secret has one pseudonym
 * in XML, JSON, a form or a header; and of its normal form ({@link #of}), so one card grouped, ungrouped or dashed,
 * or one value with spaces around it, has one pseudonym too. A value cut short (a body logged in part) or one whose
 * decoded form cannot be told is written as the mask instead: its pseudonym would be another value's.
 *
 * <p>The key is never written anywhere: not in a record, an exception or {@link #toString()}. Immutable and
 * thread-safe; each thread keeps its own {@link Mac}.
 */
@Experimental
public final class Pseudonyms {
    /** The fewest key bytes taken: a shorter key could be found by trying keys on a pseudonym of a known value. */
    public static final int MIN_KEY_BYTES = 16;
    private static final String ALGORITHM = "HmacSHA256";
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final SecretKeySpec key;
    private final ThreadLocal<Mac> macs;

    private Pseudonyms(byte[] key) {
        this.key = new SecretKeySpec(key, ALGORITHM);
        this.macs = ThreadLocal.withInitial(this::newMac);
    }

    /**
     * Pseudonyms under {@code key} (copied).
     *
     * @throws IllegalArgumentException without a key, or with one shorter than {@link #MIN_KEY_BYTES} (the message
     *                                  says how long it was, never what it was)
     */
    public static Pseudonyms keyed(byte[] key) {
        if (key == null || key.length == 0) {
            throw new IllegalArgumentException("pseudonyms need a secret key (HMAC-SHA-256) of at least "
                    + MIN_KEY_BYTES + " bytes; none was given");
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("pseudonyms: the key has " + key.length + " bytes; at least "
                    + MIN_KEY_BYTES + " are needed (a short key can be found from a pseudonym of a known value)");
        }
        return new Pseudonyms(Arrays.copyOf(key, key.length));
    }

    /** Pseudonyms under the UTF-8 bytes of {@code key} (as a setting written as text gives it). */
    public static Pseudonyms keyed(String key) {
        return keyed(key == null ? null : key.getBytes(StandardCharsets.UTF_8));
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is not available", e);
        }
    }

    /**
     * The pseudonym of {@code value} as a reader decodes it, e.g. {@code [h:3f9a2c1e]}: to find the records about
     * one account or card, compute its pseudonym with the same key and search for it. It is the pseudonym of the
     * value's normal form: surrounding whitespace left out; a number written in groups (digits, ASCII or
     * full-width, and the separators card numbers are grouped by, nothing else) as its ASCII digits; an IBAN (two
     * letters, two digits, then letters and digits, separators between groups) in upper case without separators.
     */
    public String of(CharSequence value) {
        return pseudonym(value.toString());
    }

    /** Appends the pseudonym of {@code value[from, to)} to {@code out}. */
    public void write(CharSequence value, int from, int to, StringBuilder out) {
        out.append(pseudonym(value.subSequence(from, to).toString()));
    }

    /** Appends the pseudonym of {@code value[from, to)} to {@code out}. */
    void write(char[] value, int from, int to, FormatBuffer out) {
        out.append(pseudonym(new String(value, from, to - from)));
    }

    private String pseudonym(String value) {
        byte[] h = macs.get().doFinal(normalized(value).getBytes(StandardCharsets.UTF_8));
        char[] p = {'[', 'h', ':', 0, 0, 0, 0, 0, 0, 0, 0, ']'};
        for (int i = 0; i < 4; i++) {
            p[3 + 2 * i] = HEX[(h[i] >> 4) & 0xF];
            p[4 + 2 * i] = HEX[h[i] & 0xF];
        }
        return new String(p);
    }

    /** The normal form of {@code value} a pseudonym is of ({@link #of}). */
    static String normalized(String value) {
        int from = 0;
        int to = value.length();
        while (from < to && isBlank(value.charAt(from))) {
            from++;
        }
        while (to > from && isBlank(value.charAt(to - 1))) {
            to--;
        }
        StringBuilder digits = new StringBuilder(to - from);
        boolean grouped = true;
        for (int i = from; i < to && grouped; i++) {
            char c = value.charAt(i);
            if (CardNumbers.isDigit(c)) {
                digits.append((char) (c <= '9' ? c : c - '\uFF10' + '0'));
            } else {
                grouped = CardNumbers.isSeparator(c);
            }
        }
        if (grouped && digits.length() > 0) {
            return digits.toString();
        }
        StringBuilder iban = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            if (!CardNumbers.isSeparator(c)) {
                iban.append(Character.toUpperCase(c));
            }
        }
        return iban.length() >= 15 && iban.length() <= 34 && IBAN.matcher(iban).matches() ? iban.toString()
                : value.substring(from, to);
    }

    /** An IBAN's characters, separators left out: two letters, two digits, letters and digits. */
    private static final java.util.regex.Pattern IBAN = java.util.regex.Pattern.compile("[A-Z]{2}[0-9]{2}[A-Z0-9]+");

    private static boolean isBlank(char c) {
        return Character.isWhitespace(c) || c == '\u00A0' || c == '\u2007' || c == '\u202F';
    }

    /** Names the algorithm; the key is not shown. */
    @Override
    public String toString() {
        return "Pseudonyms[HMAC-SHA-256, key not shown]";
    }
}
