package io.xmlformatter;

/**
 * Payment card numbers ({@link ValueDetector#cardNumbers()}). A run of digits with single spaces or dashes between
 * groups is read; every stretch of it that starts and ends at a group's edge, holds 13 to 19 digits, has a known
 * issuer prefix and passes the Luhn check is a card number. So a card number inside a longer grouped number (an
 * order number before it) is found, and an ungrouped long number (an id) is not cut into candidates. A run of more
 * than {@link #MAX_RUN} digits is too long to judge (a card could straddle any window read in it): it is masked
 * whole.
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
                char c = text.charAt(i);
                if (isDigit(c)) {
                    pos[n++] = i++;
                } else if ((c == ' ' || c == '-') && i + 1 < to && isDigit(text.charAt(i + 1))) {
                    groupStart[n] = true;
                    i++;
                    continue;
                } else {
                    break;
                }
                groupStart[n] = false;
            }
            groupStart[n] = true;
            if (n == MAX_RUN && i < to && (isDigit(text.charAt(i)) || ((text.charAt(i) == ' '
                    || text.charAt(i) == '-') && i + 1 < to && isDigit(text.charAt(i + 1))))) {
                int end = Math.abs(runEnd(text, i, to));
                found.mask(pos[0], end);
                i = end;
                continue;
            }
            candidates(text, pos, groupStart, n, found);
        }
    }

    /** The run of digits (single spaces or dashes between them) at the cut: it could be a card number's start. */
    @Override
    public int cutFrom(CharSequence text, int from, int to) {
        int end = to > from && (text.charAt(to - 1) == ' ' || text.charAt(to - 1) == '-') ? to - 1 : to;
        int start = end;
        while (start > from) {
            char c = text.charAt(start - 1);
            if (isDigit(c) || ((c == ' ' || c == '-') && start < end && isDigit(text.charAt(start))
                    && start - 1 > from && isDigit(text.charAt(start - 2)))) {
                start--;
            } else {
                break;
            }
        }
        return start < end ? start : to;
    }

    /** The run of digits (single spaces or dashes between them) at the start, a separator first or not. */
    @Override
    public int cutTo(CharSequence text, int from, int to) {
        int i = from;
        while (i < to) {
            char c = text.charAt(i);
            if (isDigit(c) || ((c == ' ' || c == '-') && i + 1 < to && isDigit(text.charAt(i + 1)))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /**
     * Where the run of digits at {@code i} (single spaces or dashes between them) ends, or minus that when it holds
     * fewer than 13 digits.
     */
    private static int runEnd(CharSequence text, int i, int to) {
        int n = 0;
        while (i < to) {
            char c = text.charAt(i);
            if (isDigit(c)) {
                n++;
                i++;
            } else if ((c == ' ' || c == '-') && i + 1 < to && isDigit(text.charAt(i + 1))) {
                i++;
            } else {
                break;
            }
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
        int d0 = text.charAt(pos[s]) - '0';
        int d1 = text.charAt(pos[s + 1]) - '0';
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
                int four = 1000 * d0 + 100 * d1 + 10 * (text.charAt(pos[s + 2]) - '0') + text.charAt(pos[s + 3]) - '0';
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
            int d = text.charAt(pos[k]) - '0';
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

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
