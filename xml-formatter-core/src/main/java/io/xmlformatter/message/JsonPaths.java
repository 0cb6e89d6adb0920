package io.xmlformatter.message;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * JSON rules by path ({@link JsonMasker}): a JSONPath subset — {@code $.payment.card.number}, {@code $..password}
 * (at any depth), {@code $.items[*].iban}, {@code $.items[0]}, {@code $.*.token}, {@code $['odd key']} — or a JSON
 * Pointer ({@code /payment/card/number}, {@code ~0} and {@code ~1} for {@code ~} and {@code /}). Keys match in any
 * letter case. A path names a value: masked whole, or pruned (the value replaced by a marker). Immutable and
 * thread-safe.
 */
final class JsonPaths {
    /** What a path does with the value it names. */
    enum Action { NONE, MASK, PRUNE }

    private static final int CHILD = 0;
    private static final int DESCENDANT = 1;

    /** A path as steps: kinds ({@link #CHILD} or {@link #DESCENDANT}) and what each matches. */
    private static final class Path {
        final int[] kinds;
        /** Per step: a key (lower case), an Integer index, or null for any key or index. */
        final Object[] names;
        final Action action;

        Path(int[] kinds, Object[] names, Action action) {
            this.kinds = kinds;
            this.names = names;
            this.action = action;
        }
    }

    private final Path[] paths;

    private JsonPaths(List<Path> paths) {
        this.paths = paths.toArray(new Path[0]);
    }

    /**
     * The rules masking the values {@code mask} names and pruning those {@code prune} names.
     *
     * @throws IllegalArgumentException for a path that is neither a JSONPath of the subset nor a JSON Pointer
     */
    static JsonPaths compile(Collection<String> mask, Collection<String> prune) {
        List<Path> paths = new ArrayList<>();
        for (String p : mask) {
            paths.add(parse(p, Action.MASK));
        }
        for (String p : prune) {
            paths.add(parse(p, Action.PRUNE));
        }
        return new JsonPaths(paths);
    }

    /** Whether there is no path. */
    boolean isEmpty() {
        return paths.length == 0;
    }

    /**
     * What the rules do with the value at {@code path} (keys as Strings, array indices as Integers, from the root):
     * prune wins over mask.
     */
    Action action(List<Object> path) {
        Action a = Action.NONE;
        for (Path p : paths) {
            if (a != p.action && matches(p, 0, path, 0)) {
                if (p.action == Action.PRUNE) {
                    return Action.PRUNE;
                }
                a = Action.MASK;
            }
        }
        return a;
    }

    private static boolean matches(Path p, int step, List<Object> path, int at) {
        if (step == p.kinds.length) {
            return at == path.size();
        }
        if (p.kinds[step] == CHILD) {
            return at < path.size() && nameMatches(p.names[step], path.get(at)) && matches(p, step + 1, path, at + 1);
        }
        for (int k = at; k < path.size(); k++) { // a descendant: this level or any below it
            if (nameMatches(p.names[step], path.get(k)) && matches(p, step + 1, path, k + 1)) {
                return true;
            }
        }
        return false;
    }

    private static boolean nameMatches(Object rule, Object actual) {
        if (rule == null) {
            return true;
        }
        if (rule instanceof Integer) {
            return rule.equals(actual);
        }
        if (rule instanceof KeyOrIndex) {
            KeyOrIndex k = (KeyOrIndex) rule;
            return k.index.equals(actual) || k.key.equals(actual);
        }
        return actual instanceof String && ((String) rule).equalsIgnoreCase((String) actual);
    }

    private static Path parse(String text, Action action) {
        String p = text == null ? "" : text.trim();
        List<Integer> kinds = new ArrayList<>();
        List<Object> names = new ArrayList<>();
        if (p.startsWith("/") || p.isEmpty()) {
            pointer(p, kinds, names);
        } else if (p.startsWith("$")) {
            jsonPath(text, p, kinds, names);
        } else {
            throw bad(text, "start it with '$' (JSONPath) or '/' (JSON Pointer)");
        }
        if (kinds.isEmpty()) {
            throw bad(text, "it names the whole document");
        }
        int[] k = new int[kinds.size()];
        for (int i = 0; i < k.length; i++) {
            k[i] = kinds.get(i);
        }
        return new Path(k, names.toArray(), action);
    }

    /** A JSON Pointer: each segment a key, or an index too when it is a number. */
    private static void pointer(String p, List<Integer> kinds, List<Object> names) {
        if (p.isEmpty()) {
            return;
        }
        for (String segment : p.substring(1).split("/", -1)) {
            String key = segment.replace("~1", "/").replace("~0", "~");
            kinds.add(CHILD);
            names.add(isIndex(key) ? new KeyOrIndex(key) : key.toLowerCase(Locale.ROOT));
        }
    }

    private static void jsonPath(String text, String p, List<Integer> kinds, List<Object> names) {
        int i = 1;
        while (i < p.length()) {
            int kind = CHILD;
            if (p.startsWith("..", i)) {
                kind = DESCENDANT;
                i += 2;
            } else if (p.charAt(i) == '.') {
                i++;
            } else if (p.charAt(i) != '[') {
                throw bad(text, "expected '.', '..' or '[' at " + i);
            }
            if (i < p.length() && p.charAt(i) == '[') {
                int close = p.indexOf(']', i);
                if (close < 0) {
                    throw bad(text, "'[' not closed");
                }
                String inside = p.substring(i + 1, close).trim();
                kinds.add(kind);
                names.add(bracket(text, inside));
                i = close + 1;
                continue;
            }
            int end = i;
            while (end < p.length() && p.charAt(end) != '.' && p.charAt(end) != '[') {
                end++;
            }
            if (end == i) {
                throw bad(text, "a step without a name at " + i);
            }
            String name = p.substring(i, end);
            kinds.add(kind);
            names.add(name.equals("*") ? null : name.toLowerCase(Locale.ROOT));
            i = end;
        }
    }

    /** What {@code [inside]} matches: any ({@code *}), an index, or a quoted key. */
    private static Object bracket(String text, String inside) {
        if (inside.equals("*")) {
            return null;
        }
        if (isIndex(inside)) {
            return Integer.valueOf(inside);
        }
        if (inside.length() >= 2 && (inside.charAt(0) == '\'' || inside.charAt(0) == '"')
                && inside.charAt(inside.length() - 1) == inside.charAt(0)) {
            return inside.substring(1, inside.length() - 1).toLowerCase(Locale.ROOT);
        }
        throw bad(text, "'[" + inside + "]' is not '*', an index or a quoted key");
    }

    private static boolean isIndex(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException bad(String path, String why) {
        return new IllegalArgumentException("bad JSON path '" + path + "': " + why);
    }

    /** A JSON Pointer segment that is a number: the key of that name, or the array index. */
    private static final class KeyOrIndex {
        final String key;
        final Integer index;

        KeyOrIndex(String key) {
            this.key = key;
            this.index = Integer.valueOf(key);
        }
    }
}
