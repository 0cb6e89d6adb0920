package io.xmlformatter;

/**
 * The references in a run's text and attribute values: checks them (a reference XML does not allow, an entity no
 * DOCTYPE declares), tells the reference to '<' at any depth of escaping (the sign of escaped markup), and decodes
 * them to read escaped markup as a document. No entity other than the predefined ones is ever read or resolved.
 * One per run's {@link RunParts}; {@link #reset} starts it over for each run.
 */
final class References {
    private final Problems problems;
    private Input in;
    /** Whether a DOCTYPE was seen: it may declare entities (which are never read). */
    boolean doctypeSeen;

    References(Problems problems) {
        this.problems = problems;
    }

    /** Starts over for a run over {@code in}. */
    void reset(Input in) {
        this.in = in;
        doctypeSeen = false;
    }

    /**
     * Validates the references in {@code [amp, to)} (amp is the first '&') and tells whether one of them is
     * the reference to {@code lt} (or the twice escaped form, {@code amp} then {@code lt;}), the sign of escaped
     * markup.
     */
    boolean check(int amp, int to) {
        boolean lt = false;
        for (int a = amp; a >= 0; a = in.indexOf('&', a + 1, to)) {
            int semi = predefinedEntityEnd(a, to);
            if (semi >= 0) {
                lt |= isLessThan(a, semi);
                continue;
            }
            semi = in.referenceEnd(a, to);
            if (semi < 0) {
                problems.at(a, "'&' that starts no reference");
            } else if (in.at(a + 1) != '#') {
                if (!doctypeSeen) {
                    problems.at(a, "reference to an entity that no DOCTYPE declares");
                }
            } else {
                int c = in.characterReference(a + 2, semi); // read once: for both the check and the '<'
                if (!isXmlChar(c)) {
                    problems.at(a, "reference to a character XML does not allow");
                }
                lt |= c == '<';
            }
        }
        return lt;
    }

    /**
     * Whether the predefined entity reference {@code [a, semi]} (see {@link #predefinedEntityEnd}) stands for '<':
     * lt, or amp followed by what spells a reference to '<' at any depth ({@code amp;} any number of times, then
     * {@code lt;} or a character reference: markup escaped twice or more). Character references are read by
     * {@link #check} itself.
     */
    private boolean isLessThan(int a, int semi) {
        if (semi == a + 3) {
            return in.at(a + 1) == 'l'; // lt, not gt
        }
        if (semi != a + 4) {
            return false; // quot, apos
        }
        int n = semi + 1; // after amp, what follows spells a reference: "amp;..." again, "lt;", "#60;", "#x3C;"
        while (in.startsWith("amp;", n)) {
            n += 4;
        }
        if (in.startsWith("lt;", n)) {
            return true;
        }
        if (n < in.end && in.at(n) == '#') {
            int close = in.referenceEnd(n - 1, in.end); // the last ";" stands for the "&" of what follows
            return close > n + 1 && in.characterReference(n + 1, close) == '<';
        }
        return false;
    }

    /**
     * The position of the ';' ending the reference to a predefined entity ({@code lt gt amp quot apos}) at
     * {@code a}, or -1 for any other: the common references, told apart without reading a name.
     */
    private int predefinedEntityEnd(int a, int to) {
        int n = to - a;
        if (n < 4) {
            return -1;
        }
        int c = in.at(a + 1);
        int d = in.at(a + 2);
        int e = in.at(a + 3);
        if ((c == 'l' || c == 'g') && d == 't') {
            return e == ';' ? a + 3 : -1;
        }
        if (n < 5) {
            return -1;
        }
        int f = in.at(a + 4);
        if (c == 'a' && d == 'm' && e == 'p') {
            return f == ';' ? a + 4 : -1;
        }
        boolean named = (c == 'q' && d == 'u' && e == 'o' && f == 't') || (c == 'a' && d == 'p' && e == 'o' && f == 's');
        return named && n > 5 && in.at(a + 5) == ';' ? a + 5 : -1;
    }

    private static boolean isXmlChar(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0x10FFFF);
    }

    /** {@code [p, q)} as chars in {@code into}, emptied first. */
    FormatBuffer copy(int p, int q, FormatBuffer into) {
        into.clear();
        in.copy(into, p, q);
        return into;
    }

    /**
     * {@code [p, q)} in {@code into} (emptied first) with its predefined entities and character references
     * decoded; others stay as written. Decoded in place: a reference is never shorter than what it stands for.
     */
    FormatBuffer unescape(int p, int q, FormatBuffer into) {
        char[] c = copy(p, q, into).buf;
        int n = into.len;
        int w = 0;
        int i = 0;
        while (i < n) {
            char ch = c[i];
            int semi = ch == '&' ? referenceSemicolon(c, i, n) : -1;
            int cp = semi < 0 ? -1 : referenceValue(c, i + 1, semi);
            if (cp < 0) {
                c[w++] = ch;
                i++;
            } else if (cp >= 0x10000) {
                c[w++] = Character.highSurrogate(cp);
                c[w++] = Character.lowSurrogate(cp);
                i = semi + 1;
            } else {
                c[w++] = (char) cp;
                i = semi + 1;
            }
        }
        into.setLength(w);
        return into;
    }

    /**
     * The ';' of the reference starting at {@code c[amp]} ('&', a name or '#' and digits, as many leading zeros
     * as XML allows), or -1.
     */
    private static int referenceSemicolon(char[] c, int amp, int n) {
        int i = amp + 1;
        while (i < n && (Character.isLetterOrDigit(c[i]) || c[i] == '#')) {
            i++;
        }
        return i < n && i > amp + 1 && c[i] == ';' ? i : -1;
    }

    /**
     * The code point the reference named {@code c[from, to)} stands for: a predefined entity, or '#' and decimal
     * digits or 'x' and hexadecimal ones; -1 for any other.
     */
    private static int referenceValue(char[] c, int from, int to) {
        int n = to - from;
        if (n == 2 && c[from + 1] == 't' && (c[from] == 'l' || c[from] == 'g')) {
            return c[from] == 'l' ? '<' : '>';
        }
        if (n == 3 && c[from] == 'a' && c[from + 1] == 'm' && c[from + 2] == 'p') {
            return '&';
        }
        if (n == 4 && c[from + 2] == 'o' && ((c[from] == 'q' && c[from + 1] == 'u' && c[from + 3] == 't')
                || (c[from] == 'a' && c[from + 1] == 'p' && c[from + 3] == 's'))) {
            return c[from] == 'q' ? '"' : '\'';
        }
        if (n < 2 || c[from] != '#') {
            return -1;
        }
        boolean hex = c[from + 1] == 'x';
        int i = hex ? from + 2 : from + 1;
        if (i >= to) {
            return -1;
        }
        long v = 0;
        for (; i < to; i++) {
            int d = Character.digit(c[i], hex ? 16 : 10);
            if (d < 0) {
                return -1;
            }
            v = v * (hex ? 16 : 10) + d;
            if (v > Character.MAX_CODE_POINT) {
                return -1;
            }
        }
        return (int) v;
    }
}
