package io.xmlformatter.benchmarks.instruments;

import io.xmlformatter.benchmarks.SoapPayloads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The floor under any formatter with the engine's output: a pretty-printer over UTF-8 bytes that masks nothing and
 * trusts its input to be well-formed, with no mixed content. It finds each tag's end, writes a line break and the
 * indentation before each start tag (and before the end tag of an element with children), copies tags and text in
 * bulk, drops whitespace between tags and compares each end tag with its start tag. On {@link SoapPayloads} it
 * writes what {@code XmlFormatter.builder().indent(2)} writes ({@link FloorBenchmark} checks this). Not a
 * formatter: a measure of how fast one could be.
 *
 * <p>It can make the checks the engine makes on well-formed input too ({@link Checks}), each group with those
 * before it, counting what fails: so the cost of each group can be measured without the engine's other machinery
 * (masking, caps, broken input survived).
 *
 * <p>Text and attribute values are scanned one byte per step, or (the technique issue 17 proposes) eight bytes per
 * step: each {@code long} read from the input is tested for the bytes sought without a branch per byte.
 */
final class FloorFormatter {
    /** Which of the engine's checks the floor makes as well; each group includes those before it. */
    enum Checks {
        /** None: tags are found, not read. */
        NONE,
        /**
         * Names read against XML's name characters (UTF-8 decoded where not ASCII), colons noted; attributes read
         * one by one ({@code =}, quotes, {@code <} in a value, duplicates); end tags followed by no name char.
         */
        NAMES_AND_ATTRIBUTES,
        /** Every reference in text and values validated, one to {@code <} noted. */
        REFERENCES,
        /**
         * Namespaces in XML: declarations kept in scope, reserved prefixes refused, the prefixes of elements and
         * attributes bound.
         */
        NAMESPACES
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final byte NOT_NAME = 0;
    private static final byte NAME = 1;
    private static final byte COLON = 2;
    /** Per ASCII byte: {@link #NOT_NAME}, {@link #NAME} or {@link #COLON}; bytes of multi-byte sequences: NAME. */
    private static final byte[] KIND = new byte[256];
    /** Ints per attribute in {@link #attrs}: name start, name end, value start, value end, first colon. */
    private static final int ATTR = 5;
    /** Ints per declaration in {@link #decls}: prefix start, prefix end, URI start, URI end. */
    private static final int DECL = 4;
    /** What {@link #lookup} gives for a prefix declared nowhere. */
    private static final int UNBOUND = -1;
    /** What {@link #lookup} gives for the predeclared prefix {@code xml}. */
    private static final int XML_PREFIX = -2;

    static {
        for (int c = 0; c < 256; c++) {
            boolean name = c >= 128 || Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
            KIND[c] = c == ':' ? COLON : name ? NAME : NOT_NAME;
        }
    }

    private final boolean wordAtATime;
    /** Whether names and attributes are read ({@link Checks#NAMES_AND_ATTRIBUTES} or more). */
    private final boolean readsTags;
    private final boolean checksReferences;
    private final boolean checksNamespaces;
    private byte[] in;
    private int end;
    private byte[] out = new byte[1 << 16];
    private int length;
    private int depth;
    private int[] nameStart = new int[64];
    private int[] nameEnd = new int[64];
    private boolean[] hasChild = new boolean[64];
    private int[] declMark = new int[64];
    private int[] prefixDecl = new int[64];
    private int[] attrs = new int[16 * ATTR];
    private int attrCount;
    private int[] decls = new int[16 * DECL];
    private int declCount;
    /** What the last {@link #nameEnd} found: the name's first and last colon, or -1. */
    private int firstColon;
    private int lastColon;
    /** Checks that failed, and references to '<' seen: both returned, so no check is optimised away. */
    private int problems;
    private int lessThans;

    /**
     * @param wordAtATime whether text and attribute values are scanned eight bytes per step
     * @param checks the engine's checks made as well
     */
    FloorFormatter(boolean wordAtATime, Checks checks) {
        this.wordAtATime = wordAtATime;
        this.readsTags = checks != Checks.NONE;
        this.checksReferences = checks.compareTo(Checks.REFERENCES) >= 0;
        this.checksNamespaces = checks == Checks.NAMESPACES;
    }

    /**
     * Formats {@code bytes} into this object's buffer; returns the output length plus the checks that failed and
     * the references to {@code <} seen.
     */
    int format(byte[] bytes) {
        in = bytes;
        end = bytes.length;
        length = 0;
        depth = 0;
        declCount = 0;
        prefixDecl[0] = UNBOUND;
        problems = 0;
        lessThans = 0;
        int p = 0;
        while (p < end) {
            if (in[p] != '<') {
                p = text(p);
            } else if (in[p + 1] == '/') {
                p = endTag(p);
            } else if (in[p + 1] == '!' || in[p + 1] == '?') {
                p = markup(p);
            } else {
                p = startTag(p);
            }
        }
        return length + problems + lessThans;
    }

    /** The checks that failed in the last call (none for well-formed input). */
    int problems() {
        return problems;
    }

    /** The output of the last call, as text. */
    String output() {
        return new String(out, 0, length, StandardCharsets.UTF_8);
    }

    private int text(int p) {
        int w = p;
        while (w < end && in[w] <= ' ' && in[w] >= 0) {
            w++;
        }
        int q;
        if (!checksReferences) {
            q = indexOf(w, '<');
        } else {
            for (q = indexOfAny(w, '<', '&', '&'); q < end && in[q] == '&'; q = indexOfAny(q, '<', '&', '&')) {
                q = reference(q);
            }
        }
        if (w < q) {
            copy(p, q);
        }
        return q;
    }

    private int endTag(int p) {
        int s = p + 2;
        int n = nameEnd[depth] - nameStart[depth];
        if (!Arrays.equals(in, s, s + n, in, nameStart[depth], nameEnd[depth])) {
            problems++;
        }
        int after;
        if (!readsTags) {
            after = indexOf(s + n, '>') + 1;
        } else {
            problems += KIND[in[s + n] & 0xFF] != NOT_NAME ? 1 : 0;
            after = skipWhitespace(s + n);
            problems += in[after] != '>' ? 1 : 0;
            after++;
        }
        if (hasChild[depth]) {
            newline(depth - 1);
        }
        copy(p, after);
        pop();
        return after;
    }

    /** A comment, CDATA section or processing instruction; CDATA is written in place, as text is. */
    private int markup(int p) {
        boolean pi = in[p + 1] == '?';
        boolean cdata = in[p + 2] == '[';
        byte close = (byte) (pi ? '?' : cdata ? ']' : '-');
        int i = p + 2;
        while (!(in[i] == close && in[i + 1] == (pi ? '>' : close) && (pi || in[i + 2] == '>'))) {
            i++;
        }
        int after = i + (pi ? 2 : 3);
        if (!cdata) {
            beforeTag(p);
        }
        copy(p, after);
        return after;
    }

    private int startTag(int p) {
        int name;
        int after;
        int colon = -1;
        int last = -1;
        if (!readsTags) {
            name = p + 1;
            while (KIND[in[name] & 0xFF] != NOT_NAME) {
                name++;
            }
            after = startTagEnd(name);
        } else {
            name = nameEnd(p + 1);
            colon = firstColon;
            last = lastColon;
            after = attributes(name);
        }
        beforeTag(p);
        copy(p, after);
        push(p + 1, name);
        if (checksNamespaces) {
            namespaces(p + 1, name, colon, last);
        }
        if (in[after - 2] == '/') {
            pop();
        }
        return after;
    }

    private void beforeTag(int p) {
        if (depth > 0) {
            hasChild[depth] = true;
        }
        if (p > 0) {
            newline(depth);
        }
    }

    private void push(int name, int nameEnd) {
        int d = ++depth;
        if (d == nameStart.length) {
            nameStart = Arrays.copyOf(nameStart, d * 2);
            this.nameEnd = Arrays.copyOf(this.nameEnd, d * 2);
            hasChild = Arrays.copyOf(hasChild, d * 2);
            declMark = Arrays.copyOf(declMark, d * 2);
            prefixDecl = Arrays.copyOf(prefixDecl, d * 2);
        }
        nameStart[d] = name;
        this.nameEnd[d] = nameEnd;
        hasChild[d] = false;
        declMark[d] = declCount;
        prefixDecl[d] = UNBOUND;
    }

    private void pop() {
        declCount = declMark[depth];
        depth--;
    }

    /** The position after the start tag whose name ends at {@code i}: its '>' outside quoted values. */
    private int startTagEnd(int i) {
        while (in[i] != '>') {
            byte c = in[i];
            i = c == '"' || c == '\'' ? indexOf(i + 1, c) + 1 : i + 1;
        }
        return i + 1;
    }

    // ---------------------------------------------------------------- checks

    /** The end of the name at {@code i}, its characters checked, its colons noted. */
    private int nameEnd(int i) {
        int first = -1;
        int last = -1;
        while (true) {
            int b = in[i] & 0xFF;
            byte kind = KIND[b];
            if (kind == NOT_NAME) {
                break;
            }
            if (kind == COLON) {
                first = first < 0 ? i : first;
                last = i;
            } else if (b >= 0x80) {
                int n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
                int c = b & (0x7F >> n);
                for (int k = 1; k < n; k++) {
                    c = c << 6 | (in[i + k] & 0x3F);
                }
                if (!isNameCodePoint(c)) {
                    break;
                }
                i += n - 1;
            }
            i++;
        }
        firstColon = first;
        lastColon = last;
        return i;
    }

    private static boolean isNameCodePoint(int c) {
        return c == 0xB7 || (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x37D)
                || (c >= 0x37F && c <= 0x1FFF) || c == 0x200C || c == 0x200D || c == 0x203F || c == 0x2040
                || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF)
                || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0xEFFFF);
    }

    /** Reads the attributes after the element name ending at {@code i}; returns the position after the tag. */
    private int attributes(int i) {
        attrCount = 0;
        while (true) {
            i = skipWhitespace(i);
            byte c = in[i];
            if (c == '>') {
                return i + 1;
            }
            if (c == '/') {
                problems += in[i + 1] != '>' ? 1 : 0;
                return i + 2;
            }
            int an = i;
            int ane = nameEnd(i);
            problems += ane == an ? 1 : 0;
            int eq = skipWhitespace(ane);
            problems += in[eq] != '=' ? 1 : 0;
            int v = skipWhitespace(eq + 1);
            int ve = value(v + 1, in[v]);
            addAttribute(an, ane, v + 1, ve, firstColon);
            i = ve + 1;
        }
    }

    /** The position of the {@code quote} ending the value at {@code i}; '<' counted, references checked. */
    private int value(int i, byte quote) {
        for (i = indexOfAny(i, quote, '&', '<'); in[i] != quote; i = indexOfAny(i, quote, '&', '<')) {
            if (in[i] == '<') {
                problems++;
                i++;
            } else {
                i = checksReferences ? reference(i) : i + 1;
            }
        }
        return i;
    }

    private void addAttribute(int an, int ane, int vs, int ve, int colon) {
        int k = attrCount * ATTR;
        if (k + ATTR > attrs.length) {
            attrs = Arrays.copyOf(attrs, attrs.length * 2);
        }
        for (int j = 0; j < k; j += ATTR) {
            if (Arrays.equals(in, attrs[j], attrs[j + 1], in, an, ane)) {
                problems++;
            }
        }
        attrs[k] = an;
        attrs[k + 1] = ane;
        attrs[k + 2] = vs;
        attrs[k + 3] = ve;
        attrs[k + 4] = colon;
        attrCount++;
    }

    /**
     * Checks the reference whose '&' is at {@code a}: one of the five predefined entities, or a character reference
     * to a character XML allows; notes a reference to '<'. Returns the position after it.
     */
    private int reference(int a) {
        final int to = end;
        int i = a + 1;
        if (in[i] != '#') {
            int semi = i;
            while (semi < to && semi < i + 5 && in[semi] != ';') {
                semi++;
            }
            int n = semi - i;
            boolean lt = n == 2 && in[i] == 'l' && in[i + 1] == 't';
            boolean known = lt || (n == 2 && in[i] == 'g' && in[i + 1] == 't') || (n == 3 && in[i] == 'a'
                    && in[i + 1] == 'm' && in[i + 2] == 'p') || (n == 4 && ((in[i] == 'q' && in[i + 1] == 'u'
                    && in[i + 2] == 'o' && in[i + 3] == 't') || (in[i] == 'a' && in[i + 1] == 'p' && in[i + 2] == 'o'
                    && in[i + 3] == 's')));
            problems += known && semi < to ? 0 : 1;
            lessThans += lt ? 1 : 0;
            return known ? semi + 1 : a + 1;
        }
        boolean hex = in[i + 1] == 'x';
        int j = hex ? i + 2 : i + 1;
        int digits = j;
        long v = 0;
        for (; j < to && in[j] != ';' && v <= 0x10FFFF; j++) {
            int d = Character.digit(in[j], hex ? 16 : 10);
            if (d < 0) {
                problems++;
                return a + 1;
            }
            v = v * (hex ? 16 : 10) + d;
        }
        boolean xmlChar = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF)
                || (v >= 0xE000 && v <= 0xFFFD) || (v >= 0x10000 && v <= 0x10FFFF);
        problems += j > digits && j < to && xmlChar ? 0 : 1;
        lessThans += v == '<' ? 1 : 0;
        return j + 1;
    }

    /**
     * Namespaces in XML for the element just pushed (name {@code [s, e)}, colons at {@code colon} and
     * {@code last}) and its attributes in {@link #attrs}.
     */
    private void namespaces(int s, int e, int colon, int last) {
        for (int k = 0; k < attrCount * ATTR; k += ATTR) {
            if (isDeclaration(k)) {
                declare(k);
            }
        }
        if (colon > s) {
            int parent = declMark[depth] == declCount ? prefixDecl[depth - 1] : -1;
            int decl = colon != last || colon == e - 1 ? UNBOUND
                    : parent >= 0 && Arrays.equals(in, decls[parent], decls[parent + 1], in, s, colon) ? parent
                    : lookup(s, colon);
            prefixDecl[depth] = decl;
            problems += decl == UNBOUND ? 1 : 0;
        }
        for (int k = 0; k < attrCount * ATTR; k += ATTR) {
            int an = attrs[k];
            int ac = attrs[k + 4];
            if (ac <= an || isDeclaration(k)) {
                continue;
            }
            int decl = lookup(an, ac);
            problems += decl == UNBOUND ? 1 : 0;
            for (int j = 0; j < k; j += ATTR) { // no two attributes with one local name in one namespace
                int jc = attrs[j + 4];
                if (jc > attrs[j] && Arrays.equals(in, ac, attrs[k + 1], in, jc, attrs[j + 1])
                        && sameNamespace(decl, lookup(attrs[j], jc))) {
                    problems++;
                }
            }
        }
    }

    private boolean sameNamespace(int a, int b) {
        return a == b
                || (a >= 0 && b >= 0 && Arrays.equals(in, decls[a + 2], decls[a + 3], in, decls[b + 2], decls[b + 3]));
    }

    private boolean isDeclaration(int k) {
        int an = attrs[k];
        int ane = attrs[k + 1];
        return (ane - an == 5 || attrs[k + 4] == an + 5) && in[an] == 'x' && in[an + 1] == 'm' && in[an + 2] == 'l'
                && in[an + 3] == 'n' && in[an + 4] == 's';
    }

    private void declare(int k) {
        int ps = attrs[k + 1] - attrs[k] > 5 ? attrs[k] + 6 : attrs[k + 1];
        int pe = attrs[k + 1];
        boolean reserved = pe - ps == 5 && in[ps] == 'x' && in[ps + 1] == 'm' && in[ps + 2] == 'l'
                && in[ps + 3] == 'n' && in[ps + 4] == 's';
        problems += reserved || (ps < pe && attrs[k + 2] == attrs[k + 3]) ? 1 : 0;
        int d = declCount * DECL;
        if (d + DECL > decls.length) {
            decls = Arrays.copyOf(decls, decls.length * 2);
        }
        decls[d] = ps;
        decls[d + 1] = pe;
        decls[d + 2] = attrs[k + 2];
        decls[d + 3] = attrs[k + 3];
        declCount++;
    }

    /** The innermost declaration of the prefix {@code [from, to)} in scope, or {@link #UNBOUND}. */
    private int lookup(int from, int to) {
        for (int d = declCount * DECL - DECL; d >= 0; d -= DECL) {
            if (Arrays.equals(in, decls[d], decls[d + 1], in, from, to)) {
                return d;
            }
        }
        return to - from == 3 && in[from] == 'x' && in[from + 1] == 'm' && in[from + 2] == 'l' ? XML_PREFIX : UNBOUND;
    }

    // ---------------------------------------------------------------- scanning and writing

    private int skipWhitespace(int i) {
        while (in[i] == ' ' || in[i] == '\n' || in[i] == '\t' || in[i] == '\r') {
            i++;
        }
        return i;
    }

    /** The first index of the ASCII byte {@code b} from {@code i}, or {@link #end}. */
    private int indexOf(int i, int b) {
        if (wordAtATime) {
            long pattern = b * ONES;
            for (; i + 8 <= end; i += 8) {
                long found = zeroBytes((long) LONGS.get(in, i) ^ pattern);
                if (found != 0) {
                    return i + (Long.numberOfTrailingZeros(found) >>> 3);
                }
            }
        }
        while (i < end && in[i] != b) {
            i++;
        }
        return i;
    }

    /** The first index of one of the ASCII bytes {@code a}, {@code b}, {@code c} from {@code i}, or {@link #end}. */
    private int indexOfAny(int i, int a, int b, int c) {
        if (wordAtATime) {
            for (; i + 8 <= end; i += 8) {
                long x = (long) LONGS.get(in, i);
                long found = zeroBytes(x ^ a * ONES) | zeroBytes(x ^ b * ONES) | zeroBytes(x ^ c * ONES);
                if (found != 0) {
                    return i + (Long.numberOfTrailingZeros(found) >>> 3);
                }
            }
        }
        while (i < end && in[i] != a && in[i] != b && in[i] != c) {
            i++;
        }
        return i;
    }

    /** The high bit of each byte of {@code x} that is zero (and, above the first, possibly others). */
    private static long zeroBytes(long x) {
        return (x - ONES) & ~x & HIGH_BITS;
    }

    private void newline(int level) {
        ensure(1 + 2 * level);
        out[length++] = '\n';
        Arrays.fill(out, length, length + 2 * level, (byte) ' ');
        length += 2 * level;
    }

    private void copy(int from, int to) {
        ensure(to - from);
        System.arraycopy(in, from, out, length, to - from);
        length += to - from;
    }

    private void ensure(int n) {
        if (length + n > out.length) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, length + n));
        }
    }
}
