package io.xmlformatter;

import java.util.ArrayList;
import java.util.List;

/**
 * A quick, conservative answer to "could this text, read as XML (its references decoded once or more), hold an
 * element or attribute the rules mask or prune?", read from the input in one pass, without decoding it into a
 * new buffer.
 *
 * <p>A rule acts only on a name equal to its last step's local name. Read from the text at any depth of escaping,
 * such a name is a run of name characters; predefined entity references decode to characters that end a run
 * ({@code < > & " '}), so without character references every run of every decoded reading is already a run of the
 * text as written. The screen therefore looks for the rules' names among the runs of ASCII letters, digits,
 * {@code _ . -} of the text as written (a narrower set than XML's name characters: a run cut short only makes a
 * name found more often) and answers "yes, maybe" — the caller then reads the text as XML — when it finds one, or
 * when the text holds what it does not follow:
 * <ul>
 *   <li>a character reference to an ASCII character that can be part of a name or of another reference (only
 *       {@code < > " '} and whitespace are let through), or {@code &} escaped so that {@code #} follows it;</li>
 *   <li>{@code &} followed by {@code amp;} so many times that the embedded documents would reach their nesting
 *       limit, beyond which any markup is masked;</li>
 *   <li>the names {@code DOCTYPE} (an internal subset is masked whatever it declares) and {@code CDATA} (a CDATA
 *       section holds one more level of embedding than its escaping shows).</li>
 * </ul>
 * A rule whose last step is {@code *} or a name with other characters turns the screen off: every text is then
 * read as XML.
 */
final class MaskedNameScreen {
    private static final boolean[] RUN_CHAR = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            RUN_CHAR[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-' || c == '.';
        }
    }

    /** The names looked for, or null when the screen is off. */
    private final char[][] names;
    private final byte[][] utf8;
    /** Bit {@code n} set when a name is {@code n} chars long (names up to 63 chars). */
    private final long lengths;
    /** Bit {@code c - 64} set when a name starts with {@code c} (names start with a letter or '_'). */
    private final long firstChars;

    /**
     * @param terminalNames the local names of the rules' last steps (null for {@code *})
     */
    MaskedNameScreen(List<String> terminalNames) {
        List<String> all = new ArrayList<>(terminalNames);
        all.add("DOCTYPE");
        all.add("CDATA");
        long len = 0;
        long first = 0;
        char[][] n = new char[all.size()][];
        byte[][] b = new byte[n.length][];
        for (int i = 0; i < n.length; i++) {
            String s = all.get(i);
            if (s == null || s.isEmpty() || s.length() > 63 || !isRun(s) || s.charAt(0) < 64) {
                n = null;
                break;
            }
            n[i] = s.toCharArray();
            b[i] = Input.utf8(s);
            len |= 1L << s.length();
            first |= 1L << (s.charAt(0) - 64);
        }
        names = n;
        utf8 = b;
        lengths = len;
        firstChars = first;
    }

    private static boolean isRun(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 128 || !RUN_CHAR[c]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code [from, to)} of {@code in} could hold a masked or pruned name, read as XML after any number of
     * decodings.
     *
     * @param maxAmpChain the number of {@code amp;} after an {@code &} from which the text is read as XML anyway
     *     (the embedded documents it would need reach the nesting limit); 0 or less: always
     */
    boolean mayHold(Input in, int from, int to, int maxAmpChain) {
        if (names == null || maxAmpChain <= 0) {
            return true;
        }
        int run = -1;
        for (int i = from; i < to; i++) {
            int c = in.at(i);
            if (c < 128 && RUN_CHAR[c]) {
                if (run < 0) {
                    run = i;
                }
                continue;
            }
            if (run >= 0) {
                if (isName(in, run, i)) {
                    return true;
                }
                run = -1;
            }
            if (c == '&' && !followsAmpersand(in, i + 1, to, maxAmpChain)) {
                return true;
            }
        }
        return run >= 0 && isName(in, run, to);
    }

    /**
     * Whether what follows an {@code &} at {@code i - 1} keeps the screen's premise: no more than
     * {@code maxAmpChain - 1} {@code amp;}, and no character reference (at any depth) to a character that could
     * extend a name or start a reference.
     */
    private static boolean followsAmpersand(Input in, int i, int to, int maxAmpChain) {
        int chain = 0;
        while (i + 4 <= to && in.startsWith("amp;", i)) {
            i += 4;
            if (++chain >= maxAmpChain) {
                return false;
            }
        }
        if (i >= to || in.at(i) != '#') {
            return true; // a named reference (its name is a run the scan checks) or no reference
        }
        if (chain > 0) {
            return false; // a character reference once decoded
        }
        int c = characterReference(in, i + 1, to);
        return c == '<' || c == '>' || c == '"' || c == '\'' || Input.isWhitespace(c) || c >= 128;
    }

    /**
     * The value of the character reference whose digits start at {@code i}, or -1 when they are not at most seven
     * ASCII digits followed by {@code ;}.
     */
    private static int characterReference(Input in, int i, int to) {
        boolean hex = i < to && in.at(i) == 'x';
        if (hex) {
            i++;
        }
        int v = 0;
        int digits = 0;
        for (; i < to && digits <= 7; i++, digits++) {
            int c = in.at(i);
            int d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                return c == ';' && digits > 0 ? v : -1;
            }
            v = v * (hex ? 16 : 10) + d;
        }
        return -1;
    }

    private boolean isName(Input in, int from, int to) {
        int n = to - from;
        int c = in.at(from) - 64;
        if (n > 63 || (lengths & 1L << n) == 0 || c < 0 || (firstChars & 1L << c) == 0) {
            return false;
        }
        for (int k = 0; k < names.length; k++) {
            if (names[k].length == n && in.regionEquals(from, to, names[k], utf8[k])) {
                return true;
            }
        }
        return false;
    }
}
