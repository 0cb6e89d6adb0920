package io.xmlformatter;

import java.util.ArrayList;
import java.util.List;

/**
 * Anonymize and prune paths compiled into one small automaton.
 *
 * <p>Each path is a list of steps; all steps of all paths get one global index (at most {@value #MAX_STEPS}),
 * so the set of steps an element's children may match fits in one {@code long}. Matching an element costs one
 * name comparison per step in its parent's set: nothing at all when no path is configured.
 *
 * <p>Path syntax: {@code /a/b/c} (from the root), {@code //name} or a bare {@code name} (anywhere),
 * {@code /a//c}, {@code *} (any element), {@code /a/b/@attr}, {@code //@attr}, {@code @*} (every attribute),
 * {@code {uri}local} (namespace-aware step). A prefix written in a step ({@code wsse:Password}) is ignored,
 * like the prefixes in the document unless a step names a namespace URI. Paths compiled as "any case" match the
 * ASCII letters of their names in either case.
 */
final class PathRules {
    static final int MAX_STEPS = 62;
    /** Bit set in {@link #match}'s verdict when the element's content is to be masked. */
    private static final long MASK = 1L << 63;
    /** Bit set in {@link #match}'s verdict when the element's content is to be pruned. */
    private static final long PRUNE = 1L << 62;
    private static final long ACTIONS = MASK | PRUNE;

    /** What the rules do with an element's content. */
    enum Action {
        /** Nothing: written as it is (its children are matched in turn). */
        NONE,
        /** Masked: written as the mask. */
        MASK,
        /** Pruned: written as the prune marker. */
        PRUNE
    }

    private final char[][] local;
    /** Bit {@code j} set when step {@code j}'s name matches in any letter case ({@link #local} holds it lowered). */
    private final long anyCaseSteps;
    private final String[] uri;
    private final boolean[] descendant;
    private final long[] terminalAction;
    private final long attributeSteps;
    private final long descendantSteps;
    /**
     * A quick test before any name is compared: bit {@code n} of {@code elementNameLengths} is set when an element
     * step's name is {@code n} chars long, bit {@code c} of {@code elementNameStarts} (two words) when one starts
     * with ASCII {@code c}; a step with {@code *} (or a longer name) sets them all.
     */
    private final long elementNameLengths;
    private final long[] elementNameStarts = new long[2];
    /** The steps the root element may match. */
    final long rootExpected;
    /** Every step: what an element whose place in the document is not known may match. */
    final long everyStep;
    /** Whether some step names a namespace URI, so prefixes must be resolved. */
    final boolean namespaceAware;
    /** Whether any path masks something (element text or attribute values). */
    final boolean masks;
    /** Tells text that cannot hold a name these paths mask or prune from text that could. */
    final MaskedNameScreen screen;
    /** Elements and attributes whose names hold these as words are masked wherever they are; or null. */
    private final NameWords words;
    /** Whether every element is to be matched, whatever steps its parent expects ({@link #words}). */
    final boolean byWords;

    private PathRules(List<Step> steps, NameWords words) {
        int n = steps.size();
        local = new char[n][];
        uri = new String[n];
        descendant = new boolean[n];
        terminalAction = new long[n];
        long attrs = 0;
        long desc = 0;
        long lengths = 0;
        long root = 0;
        boolean ns = false;
        boolean anyMask = false;
        boolean screenAnyCase = false;
        long anyCases = 0;
        List<String> elementNames = new ArrayList<>();
        List<String> attributeNames = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Step s = steps.get(i);
            local[i] = s.local == null ? null : s.anyCase ? Input.lowerAscii(s.local) : s.local.toCharArray();
            if (s.anyCase) {
                anyCases |= 1L << i;
            }
            screenAnyCase |= s.anyCase && s.action != 0;
            uri[i] = s.uri;
            descendant[i] = s.descendant;
            terminalAction[i] = s.action;
            if (s.attribute) {
                attrs |= 1L << i;
            } else if (s.local == null || s.local.length() > 63 || s.local.charAt(0) >= 128) {
                lengths = -1L;
                elementNameStarts[0] = -1L;
                elementNameStarts[1] = -1L;
            } else {
                lengths |= 1L << s.local.length();
                elementNameStarts[s.local.charAt(0) >> 6] |= 1L << s.local.charAt(0);
                char first = s.local.charAt(0);
                if (s.anyCase && ((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
                    elementNameStarts[1] |= (1L << ((first | 0x20) & 63)) | (1L << ((first & ~0x20) & 63));
                }
            }
            if (s.descendant) {
                desc |= 1L << i;
            }
            if (s.first) {
                root |= 1L << i;
            }
            ns |= s.uri != null;
            anyMask |= s.action == MASK;
            if (s.action != 0) {
                (s.attribute ? attributeNames : elementNames).add(s.local);
            }
        }
        attributeSteps = attrs;
        anyCaseSteps = anyCases;
        descendantSteps = desc;
        elementNameLengths = lengths;
        rootExpected = root;
        everyStep = (1L << n) - 1;
        namespaceAware = ns;
        masks = anyMask || words != null;
        this.words = words;
        byWords = words != null;
        screen = new MaskedNameScreen(elementNames, attributeNames, screenAnyCase, words);
    }

    /**
     * @param anonymize paths masked
     * @param anonymizeAnyCase paths masked, their names matched in any letter case
     * @param prune paths pruned
     * @param words names masked wherever they are when they hold these as words, or null
     */
    static PathRules compile(List<String> anonymize, List<String> anonymizeAnyCase, List<String> prune,
            NameWords words) {
        List<Step> steps = new ArrayList<>();
        for (String p : anonymize) {
            parse(p, MASK, false, steps);
        }
        for (String p : anonymizeAnyCase) {
            parse(p, MASK, true, steps);
        }
        for (String p : prune) {
            parse(p, PRUNE, false, steps);
        }
        if (steps.size() > MAX_STEPS) {
            throw new IllegalArgumentException("too many path steps: " + steps.size() + " (at most " + MAX_STEPS
                    + "); use //name paths or fewer paths");
        }
        return new PathRules(steps, words);
    }

    private static void parse(String path, long action, boolean anyCase, List<Step> out) {
        String p = path == null ? "" : path.trim();
        if (p.isEmpty()) {
            throw new IllegalArgumentException("empty path");
        }
        boolean nextDescendant;
        if (p.startsWith("//")) {
            nextDescendant = true;
            p = p.substring(2);
        } else if (p.startsWith("/")) {
            nextDescendant = false;
            p = p.substring(1);
        } else {
            nextDescendant = true;
        }
        String[] parts = splitSteps(p);
        int first = out.size();
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (part.isEmpty()) {
                if (nextDescendant || i == parts.length - 1) {
                    throw new IllegalArgumentException("invalid path '" + path + "': empty step");
                }
                nextDescendant = true;
                continue;
            }
            Step s = new Step();
            s.anyCase = anyCase;
            s.descendant = nextDescendant;
            s.first = out.size() == first;
            nextDescendant = false;
            if (part.startsWith("@")) {
                if (i != parts.length - 1) {
                    throw new IllegalArgumentException("invalid path '" + path + "': an attribute must be the last step");
                }
                if (action == PRUNE) {
                    throw new IllegalArgumentException("invalid prune path '" + path + "': attributes cannot be pruned");
                }
                s.attribute = true;
                part = part.substring(1);
            }
            if (part.startsWith("{")) {
                int close = part.indexOf('}');
                if (close < 0) {
                    throw new IllegalArgumentException("invalid path '" + path + "': missing '}'");
                }
                s.uri = part.substring(1, close);
                part = part.substring(close + 1);
            } else {
                part = part.substring(part.indexOf(':') + 1);
            }
            if (part.isEmpty() || part.indexOf('{') >= 0 || part.indexOf('}') >= 0 || part.indexOf('@') >= 0) {
                throw new IllegalArgumentException("invalid path '" + path + "': bad step '" + parts[i] + "'");
            }
            s.local = part.equals("*") ? null : part;
            out.add(s);
        }
        if (out.size() == first) {
            throw new IllegalArgumentException("invalid path '" + path + "': no step");
        }
        out.get(out.size() - 1).action = action;
    }

    /** Splits on '/' outside of {uri} parts. */
    private static String[] splitSteps(String p) {
        List<String> parts = new ArrayList<>();
        int braces = 0;
        int from = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '{') {
                braces++;
            } else if (c == '}') {
                braces--;
            } else if (c == '/' && braces == 0) {
                parts.add(p.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(p.substring(from));
        return parts.toArray(new String[0]);
    }

    /**
     * Matches an element against the steps its parent expects.
     *
     * @param expected the parent's expected set
     * @param localStart start of the element's local name in {@code in}
     * @param localEnd end of the local name
     * @param nsUri the element's namespace URI, or null when not namespace-aware or not known (a prefix bound
     *     nowhere): null matches any namespace
     * @return the verdict: the set the element's children (and attributes) expect ({@link #steps}) and what is
     *     done with its content ({@link #action})
     */
    long match(long expected, Input in, int localStart, int localEnd, String nsUri) {
        int n = localEnd - localStart;
        int c = n > 0 ? in.at(localStart) : 0;
        long byWords = words != null && words.holds(in.array(), localStart, localEnd) ? MASK : 0;
        boolean length = n > 63 ? elementNameLengths == -1L : (elementNameLengths & 1L << n) != 0;
        if (!length || (c < 128 && (elementNameStarts[c >> 6] & 1L << c) == 0)) {
            return (expected & descendantSteps) | byWords; // no step names it: only the "anywhere below" steps go on
        }
        long next = byWords;
        long bits = expected;
        while (bits != 0) {
            int j = Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            if (descendant[j]) {
                next |= 1L << j;
            }
            if ((attributeSteps & 1L << j) == 0 && ((anyCaseSteps & 1L << j) == 0
                    ? nameMatches(j, in, localStart, localEnd, nsUri)
                    : nameMatchesAnyCase(j, in, localStart, localEnd, nsUri))) {
                long action = terminalAction[j];
                next |= action != 0 ? action : 1L << (j + 1);
            }
        }
        return next;
    }

    /** What a verdict of {@link #match} does with the element's content. */
    static Action action(long verdict) {
        return verdict < 0 ? Action.MASK : (verdict & PRUNE) != 0 ? Action.PRUNE : Action.NONE;
    }

    /** The path steps a verdict of {@link #match} leaves for the element's children and attributes. */
    static long steps(long verdict) {
        return verdict & ~ACTIONS;
    }

    /** Whether the steps {@code expected} by an element mask its attribute with the given local name. */
    boolean masksAttribute(long expected, Input in, int localStart, int localEnd, String nsUri) {
        if (words != null && words.holds(in.array(), localStart, localEnd)) {
            return true;
        }
        long bits = expected & attributeSteps & ~ACTIONS;
        while (bits != 0) {
            int j = Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            if ((anyCaseSteps & 1L << j) == 0 ? nameMatches(j, in, localStart, localEnd, nsUri)
                    : nameMatchesAnyCase(j, in, localStart, localEnd, nsUri)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an element expecting {@code expected} has any attribute rule. */
    boolean hasAttributeRules(long expected) {
        return words != null || (expected & attributeSteps & ~ACTIONS) != 0;
    }

    /** Whether step {@code j} matches the name; a null {@code nsUri} (not known) matches any namespace. */
    private boolean nameMatches(int j, Input in, int from, int to, String nsUri) {
        if (uri[j] != null && nsUri != null && !uri[j].equals(nsUri)) {
            return false;
        }
        return local[j] == null || in.regionEquals(from, to, local[j]);
    }

    /** {@link #nameMatches} for a step matching in any letter case (apart, so that the exact one stays small). */
    private boolean nameMatchesAnyCase(int j, Input in, int from, int to, String nsUri) {
        if (uri[j] != null && nsUri != null && !uri[j].equals(nsUri)) {
            return false;
        }
        return local[j] == null || in.regionEqualsIgnoringCase(from, to, local[j]);
    }

    private static final class Step {
        String local;
        String uri;
        boolean descendant;
        boolean attribute;
        boolean first;
        boolean anyCase;
        long action;
    }
}
