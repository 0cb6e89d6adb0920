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
 * text as written. Runs are taken as ASCII letters, digits, {@code _ . -} (a narrower set than XML's name
 * characters: a run cut short only makes a name found more often), split at colons (a prefix is not part of the
 * local name).
 *
 * <p>An element name follows a {@code <} at the depth it is read, and every such {@code <} is, as written, a
 * {@code <} (in CDATA or a literal), or an {@code &} followed by {@code amp;} any number of times and then
 * {@code lt;} or a character reference to {@code <}. So when no rule names an attribute, only the run after each
 * of those is looked at; when one does, every run is (an attribute name has no mark before it).
 *
 * <p>The answer is "yes, maybe" — the caller then reads the text as XML — when a name is found, or when the text
 * holds what the screen does not follow:
 * <ul>
 *   <li>a character reference to an ASCII character that can be part of a name or of another reference (only
 *       {@code < > " '} and whitespace are let through), or {@code &} escaped so that {@code #} follows it;</li>
 *   <li>{@code &} followed by {@code amp;} so many times that the embedded documents would reach their nesting
 *       limit, beyond which any markup is masked;</li>
 *   <li>{@code <!} at any depth: a DOCTYPE (its internal subset is masked whatever it declares), a comment, or a
 *       CDATA section (which holds one more level of embedding than its escaping shows); with attribute rules,
 *       where runs are not tied to a {@code <}, the names {@code DOCTYPE} and {@code CDATA} stand for them.</li>
 * </ul>
 * A rule whose last step is {@code *} or a name with other characters turns the screen off: every text is then
 * read as XML.
 */
final class MaskedNameScreen {
    private static final boolean[] RUN_CHAR = new boolean[128];
    /** What {@link #lessThanAfter} gives when the text is to be read as XML whatever it holds. */
    private static final int READ_IT = -2;

    static {
        for (int c = 0; c < 128; c++) {
            RUN_CHAR[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-' || c == '.';
        }
    }

    /** The names looked for, or null when the screen is off. */
    private final char[][] names;
    /** Bit {@code n} set when a name is {@code n} chars long (names up to 63 chars). */
    private final long lengths;
    /** Bit {@code c - 64} set when a name starts with {@code c} (names start with a letter or '_'). */
    private final long firstChars;
    /** Whether every run is looked at (a rule names an attribute), not only those after a {@code <}. */
    private final boolean everyRun;
    /** Whether names are compared in any letter case ({@link #names} then in lower case). */
    private final boolean anyCase;
    /** Names masked when they hold these as words (any run holding one's first word anywhere is "maybe"), or null. */
    private final NameWords words;

    /**
     * @param elementNames the local names of the last steps of the rules on elements (null for {@code *})
     * @param attributeNames those of the rules on attributes
     * @param anyCase whether some rule matches its name in any letter case: then every name is compared so
     * @param words names masked when they hold these as words (elements and attributes), or null
     */
    MaskedNameScreen(List<String> elementNames, List<String> attributeNames, boolean anyCase, NameWords words) {
        this.anyCase = anyCase;
        this.words = words;
        everyRun = !attributeNames.isEmpty() || words != null;
        List<String> all = new ArrayList<>(elementNames);
        all.addAll(attributeNames);
        if (everyRun) {
            all.add("DOCTYPE");
            all.add("CDATA");
        }
        long len = 0;
        long first = 0;
        char[][] n = new char[all.size()][];
        for (int i = 0; i < n.length; i++) {
            String s = all.get(i);
            if (s == null || s.isEmpty() || s.length() > 63 || !isRun(s) || s.charAt(0) < 64) {
                n = null;
                break;
            }
            n[i] = anyCase ? Input.lowerAscii(s) : s.toCharArray();
            len |= 1L << s.length();
            char c = s.charAt(0);
            first |= 1L << (c - 64);
            if (anyCase && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                first |= (1L << ((c | 0x20) - 64)) | (1L << ((c & ~0x20) - 64));
            }
        }
        names = n;
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
     * @param lessThan whether the range can hold {@code <} as written (CDATA, a literal); text cannot
     */
    boolean mayHold(Input in, int from, int to, int maxAmpChain, boolean lessThan) {
        if (names == null || maxAmpChain <= 0) {
            return true;
        }
        return everyRun ? anyRunIsName(in, from, to, maxAmpChain)
                : anyElementName(in, from, to, maxAmpChain, lessThan);
    }

    /** Looks at the run after each {@code <}, at any depth: from one {@code &} or {@code <} to the next. */
    private boolean anyElementName(Input in, int from, int to, int maxAmpChain, boolean lessThan) {
        int lt = lessThan ? in.indexOf('<', from, to) : -1;
        int amp = in.indexOf('&', from, to);
        while (lt >= 0 || amp >= 0) {
            int name;
            if (amp < 0 || (lt >= 0 && lt < amp)) {
                name = lt + 1;
                lt = in.indexOf('<', name, to);
            } else {
                name = lessThanAfter(in, amp + 1, to, maxAmpChain);
                if (name == READ_IT) {
                    return true;
                }
                amp = in.indexOf('&', amp + 1, to);
            }
            if (name >= 0 && elementNameAt(in, name, to)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the name of a tag starting at {@code i} (after its {@code <}) could be masked. */
    private boolean elementNameAt(Input in, int i, int to) {
        if (i < to && in.at(i) == '/') {
            i++;
        }
        if (i < to && in.at(i) == '!') {
            return true;
        }
        int run = i;
        for (; ; i++) {
            int c = i < to ? in.at(i) : -1;
            if (c >= 0 && c < 128 && RUN_CHAR[c]) {
                continue;
            }
            if (i > run && isName(in, run, i)) {
                return true;
            }
            if (c != ':') {
                return false;
            }
            run = i + 1;
        }
    }

    /** Looks at every run. */
    private boolean anyRunIsName(Input in, int from, int to, int maxAmpChain) {
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
            if (c == '&' && lessThanAfter(in, i + 1, to, maxAmpChain) == READ_IT) {
                return true;
            }
        }
        return run >= 0 && isName(in, run, to);
    }

    /**
     * Reads what follows an {@code &} at {@code i - 1}: the position after a reference that stands for {@code <} at
     * some depth ({@code amp;} any number of times, then {@code lt;} or a character reference to {@code <}), -1
     * when it stands for something else, or {@link #READ_IT} when it breaks the screen's premise: {@code amp;}
     * {@code maxAmpChain} times or more, or a character reference (at any depth) to a character that could extend
     * a name or start a reference.
     */
    private static int lessThanAfter(Input in, int i, int to, int maxAmpChain) {
        int chain = 0;
        while (i + 4 <= to && in.startsWith("amp;", i)) {
            i += 4;
            if (++chain >= maxAmpChain) {
                return READ_IT;
            }
        }
        if (i >= to || in.at(i) != '#') {
            return i + 3 <= to && in.startsWith("lt;", i) ? i + 3 : -1;
        }
        int semi = in.referenceEnd(i - 1, to);
        if (chain > 0 || semi < 0) {
            return READ_IT; // a character reference once decoded, or not one
        }
        int c = in.characterReference(i + 1, semi);
        if (c == '<') {
            return semi + 1;
        }
        return c == '>' || c == '"' || c == '\'' || Input.isWhitespace(c) || c >= 128 ? -1 : READ_IT;
    }

    private boolean isName(Input in, int from, int to) {
        if (words != null && words.mayHold(in, from, to)) {
            return true;
        }
        int n = to - from;
        int c = in.at(from) - 64;
        if (n > 63 || (lengths & 1L << n) == 0 || c < 0 || (firstChars & 1L << c) == 0) {
            return false;
        }
        for (int k = 0; k < names.length; k++) {
            if (names[k].length == n && (anyCase ? in.regionEqualsIgnoringCase(from, to, names[k])
                    : in.regionEquals(from, to, names[k]))) {
                return true;
            }
        }
        return false;
    }
}
