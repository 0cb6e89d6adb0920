package io.xmlformatter;

/**
 * Payment card numbers ({@link ValueDetector#cardNumbers()}). A run of digits (ASCII or full-width) with separators
 * between groups — one to three of space, no-break, figure, thin or ideographic space, tab, CR, LF, '-', a Unicode
 * dash or minus, '.', '/' or '+', as people and URLs group numbers, or a replacement character, '?' or SUB (a byte
 * that did not decode, or a char a transcoder could not write, could have been one) — is read; every stretch of it
 * that starts and ends at a group's edge, holds 13 to 19 digits, has a known issuer prefix and passes the Luhn check
 * is a card number. So a card number inside a longer grouped number (an order number before it) is found, and an
 * ungrouped long number (an id) is not cut into candidates. A run of more than {@link #MAX_RUN} digits is too long
 * to judge (a card could straddle any window read in it): it is masked whole.
 */
final class CardNumbers implements ValueDetector {
    static final CardNumbers ALL = new CardNumbers(false);
    static final CardNumbers FIRST_SIX_LAST_FOUR = new CardNumbers(true);
    /** The most digits of one run read together; a longer run goes on as a new one. */
    private static final int MAX_RUN = 64;

    private final boolean showEnds;

    private CardNumbers(boolean showEnds) {
        this.showEnds = showEnds;
    }

    @Override
    public void detect(CharSequence text, int from, int to, Detections found) {
        int[] pos = null;
        boolean[] groupStart = null;
        int i = from;
        while (i < to) {
            if (!isDigit(text.charAt(i))) {
                i++;
                continue;
            }
            int after = runEnd(text, i, to);
            if (after < 0) { // fewer than 13 digits: no card, no arrays
                i = -after;
                continue;
            }
            if (pos == null) {
                pos = new int[MAX_RUN];
                groupStart = new boolean[MAX_RUN + 1];
            }
            int n = 0;
            groupStart[0] = true;
            while (i < to && n < MAX_RUN) {
                if (isDigit(text.charAt(i))) {
                    pos[n++] = i++;
                } else {
                    int next = n > 0 ? separatorEnd(text, i, to) : -1;
                    if (next < 0) {
                        break;
                    }
                    groupStart[n] = true;
                    i = next;
                    continue;
                }
                groupStart[n] = false;
            }
            groupStart[n] = true;
            if (n == MAX_RUN && i < to && (isDigit(text.charAt(i)) || separatorEnd(text, i, to) > 0)) {
                int end = cutTo(text, i, to);
                found.mask(pos[0], end);
                i = end;
                continue;
            }
            candidates(text, pos, groupStart, n, found);
        }
    }

    /** The run of digits (separators between them) at the cut: it could be a card number's start. */
    @Override
    public int cutFrom(CharSequence text, int from, int to) {
        int end = to;
        for (int k = 0; k < MAX_SEPARATOR && end > from && isSeparator(text.charAt(end - 1)); k++) {
            end--; // the cut may stand inside or right after a separator
        }
        int start = end;
        while (start > from) {
            if (isDigit(text.charAt(start - 1))) {
                start--;
                continue;
            }
            int s = start;
            while (s > from && start - s < MAX_SEPARATOR && isSeparator(text.charAt(s - 1))) {
                s--;
            }
            if (s < start && s > from && isDigit(text.charAt(s - 1)) && start < end) {
                start = s; // a separator between digits: the run goes on before it
            } else {
                break;
            }
        }
        return start < end ? start : to;
    }

    /** The run of digits (separators between them) at the start, a separator first or not. */
    @Override
    public int cutTo(CharSequence text, int from, int to) {
        int i = from;
        while (i < to) {
            int next = isDigit(text.charAt(i)) ? i + 1 : separatorEnd(text, i, to);
            if (next < 0) {
                break;
            }
            i = next;
        }
        return i;
    }

    /** The most separator chars between two groups of a number ({@code " - "}, a CRLF, two spaces). */
    static final int MAX_SEPARATOR = 3;

    /** Whether {@code c} may stand between the groups of a card number. */
    static boolean isSeparator(char c) {
        switch (c) {
            case ' ': case '-': case '.': case '/': case '+': case '\t': case '\r': case '\n':
            case '\u00A0': case '\u2007': case '\u2009': case '\u202F': case '\u3000': case '\u2212':
            case '\u2010': case '\u2011': case '\u2012': case '\u2013': case '\u2014': case '\u2015':
            case '\uFFFD': // a byte that did not decode: it could have been any of these
            case '?': // what a transcoder writes for a char its charset lacks (a thin space in Latin-1)
            case '\u001A': // the same in EBCDIC (SUB)
                return true;
            default:
                return false;
        }
    }

    /**
     * Where the digit after the separators at {@code i} stands (one to {@link #MAX_SEPARATOR} of them, then a digit),
     * or -1.
     */
    static int separatorEnd(CharSequence text, int i, int to) {
        int k = i;
        while (k < to && k - i < MAX_SEPARATOR && isSeparator(text.charAt(k))) {
            k++;
        }
        return k > i && k < to && isDigit(text.charAt(k)) ? k : -1;
    }

    /** {@link #separatorEnd(CharSequence, int, int)} over an array. */
    static int separatorEnd(char[] text, int i, int to) {
        int k = i;
        while (k < to && k - i < MAX_SEPARATOR && isSeparator(text[k])) {
            k++;
        }
        return k > i && k < to && isDigit(text[k]) ? k : -1;
    }

    /**
     * Where the run of digits at {@code i} (separators between them) ends, or minus that when it holds fewer than 13
     * digits.
     */
    private static int runEnd(CharSequence text, int i, int to) {
        int n = 0;
        while (i < to) {
            if (isDigit(text.charAt(i))) {
                n++;
                i++;
                continue;
            }
            int next = n > 0 ? separatorEnd(text, i, to) : -1;
            if (next < 0) {
                break;
            }
            i = next;
        }
        return n >= 13 ? i : -i;
    }

    /** Marks the card numbers among the {@code n} digits at {@code pos}, groups starting where {@code groupStart}. */
    private void candidates(CharSequence text, int[] pos, boolean[] groupStart, int n, Detections found) {
        for (int s = 0; s + 13 <= n; s++) {
            if (!groupStart[s] || !knownIssuer(text, pos, s)) {
                continue;
            }
            for (int e = s + 13; e <= n && e <= s + 19; e++) {
                if (groupStart[e] && luhn(text, pos, s, e)) {
                    if (showEnds) {
                        found.mask(pos[s + 6], pos[e - 5] + 1);
                    } else {
                        found.mask(pos[s], pos[e - 1] + 1);
                    }
                }
            }
        }
    }

    /**
     * Whether the digits from {@code s} start with an issuer's prefix: 4 (Visa); 5 (Mastercard, Maestro); 6
     * (Discover, UnionPay, Maestro, RuPay); 30 and 34 to 39 (Diners, Amex, JCB); 2200 to 2204 (Mir) and 2221 to
     * 2720 (Mastercard); 81 and 82 (UnionPay, RuPay).
     */
    private static boolean knownIssuer(CharSequence text, int[] pos, int s) {
        int d0 = digit(text.charAt(pos[s]));
        int d1 = digit(text.charAt(pos[s + 1]));
        switch (d0) {
            case 4:
            case 5:
            case 6:
                return true;
            case 3:
                return d1 == 0 || d1 >= 4;
            case 8:
                return d1 == 1 || d1 == 2;
            case 2:
                int four = 1000 * d0 + 100 * d1 + 10 * digit(text.charAt(pos[s + 2])) + digit(text.charAt(pos[s + 3]));
                return (four >= 2200 && four <= 2204) || (four >= 2221 && four <= 2720);
            default:
                return false;
        }
    }

    /** The Luhn check over the digits {@code s} to {@code e} (exclusive). */
    private static boolean luhn(CharSequence text, int[] pos, int s, int e) {
        int sum = 0;
        boolean twice = false;
        for (int k = e - 1; k >= s; k--) {
            int d = digit(text.charAt(pos[k]));
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    /** Whether {@code c} is a digit a card number may be written in: ASCII or full-width. */
    static boolean isDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= '\uFF10' && c <= '\uFF19');
    }

    private static int digit(char c) {
        return c <= '9' ? c - '0' : c - '\uFF10';
    }
}
