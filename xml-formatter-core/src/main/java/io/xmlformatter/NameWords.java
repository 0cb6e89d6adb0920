package io.xmlformatter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * Tells whether a name holds one of some names as words: {@code password} is held by {@code oldPassword},
 * {@code new_password}, {@code PASSWORD-CONFIRM} and {@code user.password}; {@code api_key} by {@code X-Api-Key} and
 * {@code apiKey}. A name's words are split at any char other than a letter or digit, between a lower-case and an
 * upper-case letter, before the last upper-case letter of a run followed by a lower-case one ({@code APIKey} is
 * {@code API Key}), and between letters and digits; they are compared in any letter case. A name given with
 * separators ({@code api_key}) is the sequence of its words, which must stand one after the other. Immutable and
 * thread-safe; nothing is allocated per call.
 */
@Internal
public final class NameWords {
    /** Per name given: its words, in lower case. */
    private final char[][][] entries;
    /** The first char of some entry's first word, in lower case (ASCII), as a quick test. */
    private final boolean[] firsts = new boolean[128];
    /** Whether some entry starts with a char beyond ASCII (the quick test is then off). */
    private final boolean wideFirst;

    private NameWords(List<char[][]> entries) {
        this.entries = entries.toArray(new char[0][][]);
        boolean wide = false;
        for (char[][] e : this.entries) {
            char c = e[0][0];
            if (c < 128) {
                firsts[c] = true;
            } else {
                wide = true;
            }
        }
        wideFirst = wide;
    }

    /**
     * The names held as words by the names {@code names} (each split into its words as a name is); null when
     * none is given.
     *
     * @throws IllegalArgumentException for a name without a letter or digit
     */
    public static NameWords of(Collection<String> names) {
        List<char[][]> entries = new ArrayList<>();
        for (String name : names) {
            char[] c = name.toCharArray();
            List<char[]> words = new ArrayList<>();
            int i = nextWord(c, 0, c.length);
            while (i < c.length) {
                int e = wordEnd(c, i, c.length);
                words.add(new String(c, i, e - i).toLowerCase(Locale.ROOT).toCharArray());
                i = nextWord(c, e, c.length);
            }
            if (words.isEmpty()) {
                throw new IllegalArgumentException("'" + name + "' holds no word");
            }
            entries.add(words.toArray(new char[0][]));
        }
        return entries.isEmpty() ? null : new NameWords(entries);
    }

    /** Whether the name {@code s} holds one of the names as words. */
    public boolean holds(CharSequence s) {
        boolean candidate = wideFirst;
        for (int i = 0; i < s.length() && !candidate; i++) {
            char f = Character.toLowerCase(s.charAt(i));
            candidate = f >= 128 || firsts[f];
        }
        if (!candidate) {
            return false; // no word of the names can start in it: nothing copied
        }
        char[] c = new char[s.length()];
        for (int i = 0; i < c.length; i++) {
            c[i] = s.charAt(i);
        }
        return holds(c, 0, c.length);
    }

    /** Whether the name {@code c[from, to)} holds one of the names as words. */
    boolean holds(char[] c, int from, int to) {
        for (int i = nextWord(c, from, to); i < to; i = nextWord(c, wordEnd(c, i, to), to)) {
            char f = Character.toLowerCase(c[i]);
            if (f < 128 && !firsts[f] && !wideFirst) {
                continue;
            }
            for (char[][] e : entries) {
                if (matchesAt(e, c, i, to)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code c[from, to)} holds one of the names' words anywhere, in any case, word edges or not: a superset
     * of {@link #holds}, for a screen that must not miss one.
     */
    boolean mayHold(Input in, int from, int to) {
        for (char[][] e : entries) {
            char[] w = e[0];
            for (int i = from; i + w.length <= to; i++) {
                if (in.regionEqualsIgnoringCase(i, i + w.length, w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the words of {@code entry} stand one after the other from the word at {@code i}. */
    private static boolean matchesAt(char[][] entry, char[] c, int i, int to) {
        int at = i;
        for (char[] w : entry) {
            if (at >= to) {
                return false;
            }
            int e = wordEnd(c, at, to);
            if (e - at != w.length) {
                return false;
            }
            for (int k = 0; k < w.length; k++) {
                if (Character.toLowerCase(c[at + k]) != w[k]) {
                    return false;
                }
            }
            at = nextWord(c, e, to);
        }
        return true;
    }

    /** The start of the word at or after {@code i} (skipping what is not a letter or digit), or {@code to}. */
    private static int nextWord(char[] c, int i, int to) {
        while (i < to && !Character.isLetterOrDigit(c[i])) {
            i++;
        }
        return i;
    }

    /** The end of the word starting at {@code i}. */
    private static int wordEnd(char[] c, int i, int to) {
        int k = i + 1;
        while (k < to && Character.isLetterOrDigit(c[k]) && !edge(c, k, to)) {
            k++;
        }
        return k;
    }

    /** Whether a word ends before {@code c[k]} (both letters or digits). */
    private static boolean edge(char[] c, int k, int to) {
        char a = c[k - 1];
        char b = c[k];
        if (Character.isDigit(a) != Character.isDigit(b)) {
            return true;
        }
        if (Character.isLowerCase(a) && Character.isUpperCase(b)) {
            return true;
        }
        return Character.isUpperCase(a) && Character.isUpperCase(b) && k + 1 < to
                && Character.isLowerCase(c[k + 1]);
    }
}
