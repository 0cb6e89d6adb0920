package io.xmlformatter;

import java.util.Locale;

/**
 * Finds secrets by their value, wherever they stand: a card number in free text, an IBAN in a note. A detector is
 * given a whole value (a text node, a CDATA section, an attribute value) and marks the ranges to mask; the engine
 * masks each one in place. Detectors are off unless configured ({@link XmlFormatter.Builder#detect}).
 *
 * <p>A detector must be thread-safe and keep nothing of the text. If it throws, the whole value is masked (fail
 * closed).
 */
@Experimental
public interface ValueDetector {
    /** Marks in {@code found} the ranges of {@code text} between {@code from} and {@code to} to mask. */
    void detect(CharSequence text, int from, int to, Detections found);

    /**
     * Where to mask from when the value {@code text[from, to)} was cut at {@code to} (a body or document logged in
     * part): the start of what could be the beginning of a secret this detector would find had the value gone on,
     * or {@code to} when nothing at its end could be. The default is {@code from}: the whole value is masked, which
     * is always safe; a detector that can tell should say where.
     */
    default int cutFrom(CharSequence text, int from, int to) {
        return from;
    }

    /**
     * Where to mask to when the value {@code text[from, to)} goes on, at {@code from}, from text before it that a
     * reader takes as one with it (text after a comment, a processing instruction or a CDATA section in the same
     * element: the formatter may remove the one, and a reader of the element's text joins the others): the end of
     * what could be the rest of a secret begun before, or {@code from} when nothing at its start could be. The
     * default is {@code to}: the whole value is masked, which is always safe; a detector that can tell should say
     * where. {@link #cutFrom} is asked at the other edge.
     */
    default int cutTo(CharSequence text, int from, int to) {
        return to;
    }

    /**
     * Payment card numbers: 13 to 19 digits, single spaces or dashes allowed between groups, Luhn-valid, with a
     * known issuer prefix (2, 3, 4, 5, 6 or 8 and the issuers' ranges under them). Every digit is masked.
     */
    static ValueDetector cardNumbers() {
        return CardNumbers.ALL;
    }

    /** {@link #cardNumbers()} that leaves the first six and last four digits readable, as PCI DSS allows. */
    static ValueDetector cardNumbersShowingFirstSixLastFour() {
        return CardNumbers.FIRST_SIX_LAST_FOUR;
    }

    /**
     * IBANs: a country code, two check digits and the account, of the country's length, single spaces allowed
     * between groups, any letter case, the ISO 7064 mod-97 check passed.
     */
    static ValueDetector ibans() {
        return Ibans.INSTANCE;
    }

    /** E-mail addresses: a local part, '@' and a domain with a dot and a top-level domain of two letters or more. */
    static ValueDetector emailAddresses() {
        return EmailAddresses.INSTANCE;
    }

    /**
     * Credentials in addresses written in text: the user-info of {@code scheme://user:pass@host}, and the values of
     * sensitive query and fragment parameters ({@code ?access_token=...}, {@code password}, {@code client_secret},
     * ...) in any run of text holding {@code ?} or {@code #} — WS-Addressing's {@code wsa:To}, a callback URL in JSON.
     */
    static ValueDetector urlCredentials() {
        return UrlCredentials.INSTANCE;
    }

    /**
     * The built-in detector of this name, for settings written as text (CXF bean properties, annotations, Spring
     * Boot properties): {@code card-numbers}, {@code card-numbers-first-six-last-four}, {@code ibans},
     * {@code email-addresses} or {@code url-credentials}; letter case, '-' and '_' are ignored ({@code cardNumbers} is {@code card-numbers}).
     *
     * @throws IllegalArgumentException for any other name, with the names there are
     */
    static ValueDetector named(String name) {
        String key = name == null ? "" : name.trim().replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
        switch (key) {
            case "cardnumbers":
                return cardNumbers();
            case "cardnumbersfirstsixlastfour":
                return cardNumbersShowingFirstSixLastFour();
            case "ibans":
                return ibans();
            case "emailaddresses":
                return emailAddresses();
            case "urlcredentials":
                return urlCredentials();
            default:
                throw new IllegalArgumentException("no value detector named '" + name + "'; there are card-numbers, "
                        + "card-numbers-first-six-last-four, ibans, email-addresses and url-credentials");
        }
    }
}
