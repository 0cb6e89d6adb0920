package io.xmlformatter;

/**
 * IBANs ({@link ValueDetector#ibans()}): a known country code, two check digits, then letters and digits up to the
 * country's length, separators allowed between them as between a card number's groups
 * ({@link CardNumbers#isSeparator}, one to three), any letter case; at a word's start or glued to the word
 * {@code IBAN}, and followed by no letter or digit but a currency code ({@code ...3000EUR}); masked when the ISO 7064
 * mod-97 check passes.
 */
final class Ibans implements ValueDetector {
    static final Ibans INSTANCE = new Ibans();
    /** Country code and IBAN length, from the IBAN registry. */
    private static final String LENGTHS = "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 "
            + "CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 "
            + "HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 "
            + "MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 "
            + "SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30";
    /** Per pair of letters (26 × first + second), the length of its IBAN, or 0. */
    private static final byte[] LENGTH = lengths();

    private Ibans() {
    }

    private static byte[] lengths() {
        byte[] l = new byte[26 * 26];
        for (int i = 0; i + 4 <= LENGTHS.length(); i += 5) {
            l[26 * (LENGTHS.charAt(i) - 'A') + LENGTHS.charAt(i + 1) - 'A'] =
                    (byte) (10 * (LENGTHS.charAt(i + 2) - '0') + LENGTHS.charAt(i + 3) - '0');
        }
        return l;
    }

    /** Whether {@code a} and {@code b} are a country code with an IBAN, in any letter case. */
    static boolean isCountry(char a, char b) {
        int x = letter(a);
        int y = letter(b);
        return x >= 0 && y >= 0 && LENGTH[26 * x + y] != 0;
    }

    @Override
    public void detect(CharSequence text, int from, int to, Detections found) {
        for (int i = from; i + 15 <= to; i++) {
            int a = letter(text.charAt(i));
            if (a < 0) {
                continue;
            }
            int b = letter(text.charAt(i + 1));
            if (b < 0 || !atWordStart(text, i, from)) {
                continue;
            }
            int length = LENGTH[26 * a + b];
            if (length == 0 || !isDigit(text.charAt(i + 2)) || !isDigit(text.charAt(i + 3))) {
                continue;
            }
            int end = checkedEnd(text, i, to, length);
            if (end > 0) {
                found.mask(i, end);
                i = end - 1;
            }
        }
    }

    /**
     * The first word in the run of letters and digits (separators between them) at the cut that could be an
     * IBAN's start: a country code, its check digits, fewer characters than the country's IBAN has.
     */
    @Override
    public int cutFrom(CharSequence text, int from, int to) {
        int start = to;
        while (start > from) {
            if (Character.isLetterOrDigit(text.charAt(start - 1))) {
                start--;
                continue;
            }
            int s = start;
            while (s > from && start - s < CardNumbers.MAX_SEPARATOR && CardNumbers.isSeparator(text.charAt(s - 1))) {
                s--;
            }
            if (s < start && s > from && Character.isLetterOrDigit(text.charAt(s - 1))) {
                start = s; // separators between letters or digits (or at the cut): the run goes on before them
            } else {
                break;
            }
        }
        for (int p = start; p < to; p++) {
            if ((p == from || !Character.isLetterOrDigit(text.charAt(p - 1)) || afterIbanWord(text, p, from))
                    && couldStart(text, p, to)) {
                return p;
            }
        }
        return to;
    }

    /** The run of letters and digits (separators between them) at the start, a separator first or not. */
    @Override
    public int cutTo(CharSequence text, int from, int to) {
        int i = from;
        while (i < to) {
            int next = Character.isLetterOrDigit(text.charAt(i)) ? i + 1 : separatorEnd(text, i, to);
            if (next < 0) {
                break;
            }
            i = next;
        }
        return i;
    }

    /** Where the letter or digit after the separators at {@code j} stands (one to three of them), or -1. */
    private static int separatorEnd(CharSequence text, int j, int to) {
        int k = j;
        while (k < to && k - j < CardNumbers.MAX_SEPARATOR && CardNumbers.isSeparator(text.charAt(k))) {
            k++;
        }
        return k > j && k < to && Character.isLetterOrDigit(text.charAt(k)) ? k : -1;
    }

    /** Whether {@code text[p, to)} could be the start of an IBAN cut short. */
    private static boolean couldStart(CharSequence text, int p, int to) {
        int n = 0;
        int a = -1;
        for (int j = p; j < to; j++) {
            char c = text.charAt(j);
            if (CardNumbers.isSeparator(c) && n >= 4) {
                continue;
            }
            boolean ok = n < 2 ? letter(c) >= 0 : n < 4 ? isDigit(c) : value(c) >= 0;
            if (!ok) {
                return false;
            }
            if (n == 0) {
                a = letter(c);
            } else if (n == 1 && LENGTH[26 * a + letter(c)] == 0) {
                return false;
            }
            n++;
        }
        if (n < 2) {
            return n > 0;
        }
        return n < LENGTH[26 * a + letter(text.charAt(p + 1))];
    }

    /**
     * Where the IBAN of {@code length} characters starting at {@code i} ends when it is one (its characters read
     * with separators allowed between them, followed by no other letter or digit but a currency code, the mod-97
     * check passed); else -1.
     */
    private static int checkedEnd(CharSequence text, int i, int to, int length) {
        int n = 0;
        int j = i;
        int rest = 0; // the mod-97 remainder of the characters from the fifth on
        while (n < length && j < to) {
            char c = text.charAt(j);
            int next = n > 0 && CardNumbers.isSeparator(c) ? separatorEnd(text, j, to) : -1;
            if (next > 0) {
                j = next;
                continue;
            }
            int v = value(c);
            if (v < 0) {
                return -1;
            }
            if (n >= 4) {
                rest = (v >= 10 ? rest * 100 + v : rest * 10 + v) % 97;
            }
            n++;
            j++;
        }
        if (n < length || (j < to && Character.isLetterOrDigit(text.charAt(j)) && !currencyAt(text, j, to))) {
            return -1;
        }
        for (int k = i, m = 0; m < 4; k++) { // then the country code and check digits
            char c = text.charAt(k);
            if (CardNumbers.isSeparator(c)) {
                continue;
            }
            int v = value(c);
            rest = (v >= 10 ? rest * 100 + v : rest * 10 + v) % 97;
            m++;
        }
        return rest == 1 ? j : -1;
    }

    /**
     * Whether an IBAN may start at {@code i}: at a word's start, or right after the word {@code IBAN} written with
     * no space ({@code IBANDE89...}).
     */
    static boolean atWordStart(CharSequence text, int i, int from) {
        return i == from || !isLetterOrDigit(text.charAt(i - 1)) || afterIbanWord(text, i, from);
    }

    /** Whether {@code text} holds the word {@code IBAN} (any case) right before {@code i}. */
    private static boolean afterIbanWord(CharSequence text, int i, int from) {
        return i - from >= 4 && (i - 4 == from || !isLetterOrDigit(text.charAt(i - 5)))
                && ibanWord(text.charAt(i - 4), text.charAt(i - 3), text.charAt(i - 2), text.charAt(i - 1));
    }

    /** {@link #atWordStart(CharSequence, int, int)} over an array. */
    static boolean atWordStart(char[] text, int i, int from) {
        return i == from || !isLetterOrDigit(text[i - 1]) || (i - from >= 4
                && (i - 4 == from || !isLetterOrDigit(text[i - 5]))
                && ibanWord(text[i - 4], text[i - 3], text[i - 2], text[i - 1]));
    }

    private static boolean ibanWord(char a, char b, char c, char d) {
        return (a | 0x20) == 'i' && (b | 0x20) == 'b' && (c | 0x20) == 'a' && (d | 0x20) == 'n';
    }

    /** Whether three letters (a currency code) and then no letter or digit stand at {@code j}: {@code ...3000EUR}. */
    private static boolean currencyAt(CharSequence text, int j, int to) {
        return j + 3 <= to && letter(text.charAt(j)) >= 0 && letter(text.charAt(j + 1)) >= 0
                && letter(text.charAt(j + 2)) >= 0 && (j + 3 == to || !isLetterOrDigit(text.charAt(j + 3)));
    }

    /** {@link Character#isLetterOrDigit}, without its table look-up for ASCII. */
    private static boolean isLetterOrDigit(char c) {
        return c < 128 ? isDigit(c) || letter(c) >= 0 : Character.isLetterOrDigit(c);
    }

    /** A letter's place in the alphabet (any case), or -1. */
    private static int letter(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        return c >= 'a' && c <= 'z' ? c - 'a' : -1;
    }

    /** A digit's value, a letter's as ISO 13616 counts it (A = 10 to Z = 35), or -1. */
    private static int value(char c) {
        if (isDigit(c)) {
            return c - '0';
        }
        int l = letter(c);
        return l < 0 ? -1 : 10 + l;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
