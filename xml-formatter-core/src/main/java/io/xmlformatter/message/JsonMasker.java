package io.xmlformatter.message;

import io.xmlformatter.NameWords;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueMasker;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * Masks the values of named fields in JSON, for JSON bodies that pass the same logging (REST, JSON-over-HTTP).
 * The whole value of a sensitive field becomes the quoted mask, whatever it is: string, number, literal, array
 * or object, at any depth. Keys are compared after decoding their escapes (a key that spells {@code password}
 * with a Unicode escape for one of its letters is {@code password}), in any letter case. What lenient readers
 * accept is read as they read it: single-quoted strings, unquoted keys, {@code =} or {@code =>} after a key,
 * {@code ;} between members, and comments. One pass, no recursion, output otherwise as written.
 *
 * <p>With value detectors ({@link ValueMasker}), what they find is masked too, in every string (keys included), bare
 * value and comment: in place, or the whole string when it holds escapes (and, at a cut, any string holding one).
 *
 * <p>It fails closed like the XML engine: input that ends inside a masked value yields the mask; malformed input
 * goes on best-effort and the result says so. Immutable and thread-safe.
 */
final class JsonMasker {
    private final Set<String> keys;
    private final String mask;
    /** What masked values are written as when not the mask, or null. */
    private final Pseudonyms pseudonyms;
    /** The value detectors, or null. */
    private final ValueMasker values;
    /** The rules by path, or null. */
    private final JsonPaths paths;
    /** Keys holding these as words are masked too ({@code oldPassword}), or null. */
    private final NameWords words;
    /** Masks sensitive {@code name=value} and {@code name: value} pairs inside strings, or null. */
    private final ParameterMasker pairs;
    /** What a pruned value is written as. */
    static final String PRUNED = "\"[SUBTREE REMOVED]\"";

    /**
     * Masks the values of fields named {@code keys} and the values {@code maskPaths} name, prunes those
     * {@code prunePaths} name (each becomes {@link #PRUNED}), with {@code mask} or the value's {@code pseudonyms}
     * (null: the mask; a container, or a value cut short, is the mask), and masks what {@code values} (null: none)
     * finds in any string, bare value or comment. Paths are a JSONPath subset ({@code $.payment.card.number},
     * {@code $..password}, {@code $.items[*].iban}) or JSON Pointers ({@code /payment/card/number}); keys match in
     * any letter case; keys holding {@code words} (null: none) are masked too, and the sensitive pairs
     * {@code pairs} (null: none) finds inside strings ({@code "note": "token: ..."}).
     *
     * @throws IllegalArgumentException for a path that is neither
     */
    JsonMasker(Collection<String> keys, Collection<String> maskPaths, Collection<String> prunePaths,
                      String mask, Pseudonyms pseudonyms, ValueMasker values, NameWords words, ParameterMasker pairs) {
        this.words = words;
        this.pairs = pairs;
        this.keys = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        this.keys.addAll(keys);
        this.mask = mask;
        this.pseudonyms = pseudonyms;
        this.values = values;
        JsonPaths compiled = JsonPaths.compile(maskPaths, prunePaths);
        this.paths = compiled.isEmpty() ? null : compiled;
    }

    /** What {@link #mask} did. */
    static final class Result {
        /** Number of values masked. */
        final int masked;
        /** Whether the input was complete, balanced JSON as far as this scanner checks. */
        final boolean wellFormed;
        /** Where the JSON proper starts and ends in what was appended (a guard or JSONP's call around it). */
        final int jsonFrom;
        final int jsonTo;

        Result(int masked, boolean wellFormed, int jsonFrom, int jsonTo) {
            this.masked = masked;
            this.wellFormed = wellFormed;
            this.jsonFrom = jsonFrom;
            this.jsonTo = jsonTo;
        }
    }

    /**
     * Appends {@code json} to {@code out} with the sensitive values masked; {@code cut}: the text is the start of a
     * longer one, so the value detectors also mask what could be the start of a secret at its end. From the first
     * place the reader cannot follow (a token no lenient reader takes there, a string not closed or holding a line
     * break, a bracket that closes nothing), nothing more is shown: a marker says what, where, and how much is left
     * out.
     */
    Result mask(CharSequence json, boolean cut, StringBuilder out) {
        int start = out.length();
        Scan s = new Scan(json, cut, out);
        s.run();
        int jsonTo = s.jsonTo < 0 ? out.length() : s.jsonTo;
        return new Result(s.masked, s.wellFormed, s.jsonFrom - start, jsonTo - start);
    }

    /** What the scanner takes next. */
    private enum Expect {
        /** A value at the top (the first, or one on a line of its own after it), or the input's end. */
        TOP,
        /** A value in an array or after a key (or, in an array, its end). */
        VALUE,
        /** A key (or the object's end). */
        KEY,
        /** The separator after a key. */
        COLON,
        /** After a value in a container: a comma or the container's end. */
        NEXT,
        /** After JSONP's closing parenthesis: blanks and comments only. */
        DONE
    }

    private final class Scan {
        private final CharSequence in;
        private final StringBuilder out;
        private final int end;
        /** Whether the text was cut at {@link #end}. */
        private final boolean cut;
        /** Per open container: true for an object. */
        private final ArrayList<Boolean> stack = new ArrayList<>();
        /** With paths: the keys and indices of the open containers below the root, and per open array its index. */
        private final ArrayList<Object> path = new ArrayList<>();
        private final ArrayList<Integer> index = new ArrayList<>();
        private Expect expect = Expect.TOP;
        private String lastKey;
        private int topValues;
        private boolean lineBreakSince;
        /** JSONP: the value is followed by {@code )}. */
        private boolean call;
        private boolean failed;
        /**
         * The last unquoted value or key written (a number, a literal, a word): where its text starts in the output,
         * and where it starts and ends in the input (-1: none yet). A failure right after it on its line takes it
         * back (see {@link #fail}), and so does the cut of a body cut right after it.
         */
        private int tokenOut = -1;
        private int tokenStart = -1;
        private int tokenEnd = -1;
        /**
         * The content {@code in[clean, cleanTo)} of the string {@link #pairsIn} last read, when the detectors found
         * nothing in it (decoded, escaped once at most, not at the cut): it is copied as it is.
         */
        private int clean = -1;
        private int cleanTo = -1;
        int masked;
        boolean wellFormed = true;
        int jsonFrom;
        int jsonTo = -1;

        Scan(CharSequence in, boolean cut, StringBuilder out) {
            this.in = in;
            this.out = out;
            this.end = in.length();
            this.cut = cut;
        }

        void run() {
            int i = prefix();
            while (i < end && !failed) {
                char c = in.charAt(i);
                if (JsonPrefix.isBlank(c)) {
                    lineBreakSince |= c == '\n' || c == '\r';
                    out.append(c);
                    i++;
                } else if ((c == '/' && i + 1 < end && (in.charAt(i + 1) == '*' || in.charAt(i + 1) == '/'))
                        || c == '#') {
                    int after = commentEnd(i);
                    appendComment(i, after);
                    i = after;
                } else {
                    i = token(i, c);
                }
            }
            if (cut && !failed && tokenEnd >= 0 && blanksOnly(tokenEnd, end)) {
                out.setLength(tokenOut); // an unquoted token at the cut may be the start of what was cut off
            }
            if (!stack.isEmpty()) {
                wellFormed = false;
            }
        }

        /** Reads the token at {@code i} as {@link #expect} allows, or fails; returns the position after it. */
        private int token(int i, char c) {
            switch (expect) {
                case TOP:
                    if (topValues > 0 && call && c == ')') {
                        jsonTo = out.length();
                        expect = Expect.DONE;
                        int after = i + 1 < end && in.charAt(i + 1) == ';' ? i + 2 : i + 1;
                        out.append(in, i, after);
                        return after;
                    }
                    if (topValues > 0 && (call || !lineBreakSince || (c != '{' && c != '['))) {
                        return fail(i, call ? "the call's ')' expected" : "the end, or a value on a line of its own,"
                                + " expected");
                    }
                    topValues++;
                    lineBreakSince = false;
                    return value(i, c);
                case VALUE:
                    if (c == ']' && !inObject()) {
                        return close(i, c); // an empty array, or a comma before its end
                    }
                    return value(i, c);
                case KEY:
                    return c == '}' ? close(i, c) : key(i, c);
                case COLON:
                    if (c != ':' && c != '=') {
                        return fail(i, "':' after a name expected");
                    }
                    expect = Expect.VALUE;
                    int after = c == '=' && i + 1 < end && in.charAt(i + 1) == '>' ? i + 2 : i + 1;
                    wellFormed &= c == ':';
                    out.append(in, i, after);
                    return after;
                case NEXT:
                    if (c == ',' || c == ';') {
                        if (paths != null && !index.isEmpty()) { // the next member of an array has the next index
                            index.set(index.size() - 1, index.get(index.size() - 1) + 1);
                        }
                        expect = inObject() ? Expect.KEY : Expect.VALUE;
                        wellFormed &= c == ',';
                        out.append(c);
                        return i + 1;
                    }
                    if (c == '}' || c == ']') {
                        return close(i, c);
                    }
                    return fail(i, "',' or the end of the " + (inObject() ? "object" : "array") + " expected");
                default:
                    return fail(i, "nothing expected after the call");
            }
        }

        /** A value at {@code i} (where one is expected): a container opened, or a scalar or string read. */
        private int value(int i, char c) {
            boolean open = c == '{' || c == '[';
            if (!open && c != '"' && c != '\'' && !isWordChar(c)) {
                return fail(i, "a value expected");
            }
            JsonPaths.Action action = action();
            if (open && action == JsonPaths.Action.NONE) {
                opening();
                stack.add(c == '{');
                expect = c == '{' ? Expect.KEY : Expect.VALUE;
                out.append(c);
                return i + 1;
            }
            if ((c == '"' || c == '\'') && action == JsonPaths.Action.NONE) {
                String problem = stringProblem(i);
                if (problem != null) {
                    return fail(i, problem);
                }
            }
            int after = value(i, action);
            expect = stack.isEmpty() ? Expect.TOP : Expect.NEXT;
            return after;
        }

        /** A key at {@code i}: quoted, or a word lenient readers take for one. */
        private int key(int i, char c) {
            if (c == '"' || c == '\'') {
                String problem = stringProblem(i);
                if (problem != null) {
                    return fail(i, problem);
                }
                int close = stringEnd(i);
                lastKey = decode(i + 1, Math.min(close, end));
                appendString(i, Math.min(close + 1, end));
                expect = Expect.COLON;
                return close + 1;
            }
            if (!isWordChar(c)) {
                return fail(i, "a name expected");
            }
            int after = scalarEnd(i);
            lastKey = in.subSequence(i, after).toString();
            wellFormed = false;
            unquoted(i, after);
            appendDetected(i, after);
            expect = Expect.COLON;
            return after;
        }

        /** The bracket {@code c} at {@code i}, which must close the innermost open container. */
        private int close(int i, char c) {
            if (stack.isEmpty() || stack.get(stack.size() - 1) != (c == '}')) {
                return fail(i, "a bracket that closes no open " + (c == '}' ? "object" : "array"));
            }
            stack.remove(stack.size() - 1);
            closed();
            lastKey = null;
            out.append(c);
            expect = stack.isEmpty() ? Expect.TOP : Expect.NEXT;
            return i + 1;
        }

        /**
         * Why the string at {@code i} cannot be shown as read (null: it can): it holds a line break, or it is not
         * closed in a text that was not cut — a quote the writer did not mean to open a string, after which nothing
         * can be told apart.
         */
        private String stringProblem(int i) {
            int close = stringEnd(i);
            for (int k = i + 1; k < close && k < end; k++) {
                char c = in.charAt(k);
                if (c == '\n' || c == '\r') {
                    return "a line break in a string";
                }
            }
            return close >= end && !cut ? "a string not closed" : null;
        }

        /**
         * Writes the marker for the first place the reader cannot follow, and stops: nothing after it is shown.
         * Returns the input's end.
         */
        private int fail(int at, String what) {
            int shown = at;
            if (tokenEnd >= 0 && blanksOnly(tokenEnd, at)) {
                // the unquoted token just before may be the start of what failed (a card number written in groups,
                // '4929 8046 1775 0034', must not show its first group): it is taken back
                out.setLength(tokenOut);
                shown = tokenStart;
            }
            out.append("[NOT WELL-FORMED JSON: ").append(what).append(" at offset ").append(at).append("; the")
                    .append(" remaining ").append(end - shown).append(" chars not shown]");
            failed = true;
            wellFormed = false;
            masked++;
            return end;
        }

        /** An unquoted value or key at {@code in[from, to)} is about to be written. */
        private void unquoted(int from, int to) {
            tokenOut = out.length();
            tokenStart = from;
            tokenEnd = to;
        }

        /** Whether {@code in[from, to)} holds only spaces and tabs (nothing: it is blank too). */
        private boolean blanksOnly(int from, int to) {
            for (int k = from; k < to; k++) {
                if (in.charAt(k) != ' ' && in.charAt(k) != '\t') {
                    return false;
                }
            }
            return true;
        }

        /** Copies a BOM, a guard ({@link JsonPrefix}) and JSONP's {@code callback(} (the name through the detectors). */
        private int prefix() {
            int guard = JsonPrefix.guardEnd(in, 0, end);
            out.append(in, 0, guard);
            int callEnd = JsonPrefix.callbackEnd(in, guard, end);
            if (callEnd >= 0) {
                appendDetected(guard, callEnd);
                call = true;
            }
            jsonFrom = out.length();
            return callEnd >= 0 ? callEnd : guard;
        }

        /**
         * The end of the comment at {@code i}: {@code /* ... *}{@code /}, or {@code //} or {@code #} to the line's
         * end.
         */
        private int commentEnd(int i) {
            wellFormed = false;
            if (in.charAt(i) == '/' && in.charAt(i + 1) == '*') {
                for (int k = i + 2; k + 1 < end; k++) {
                    if (in.charAt(k) == '*' && in.charAt(k + 1) == '/') {
                        return k + 2;
                    }
                }
                return end;
            }
            int k = i;
            while (k < end && in.charAt(k) != '\n' && in.charAt(k) != '\r') {
                k++;
            }
            return k;
        }

        private boolean inObject() {
            return !stack.isEmpty() && stack.get(stack.size() - 1);
        }

        /** What the rules do with the value starting here: by its key's name, or by its path. */
        private JsonPaths.Action action() {
            boolean member = inObject() && expect != Expect.KEY && lastKey != null;
            if (member && (keys.contains(lastKey) || (words != null && words.holds(lastKey)))) {
                return JsonPaths.Action.MASK;
            }
            if (paths == null || stack.isEmpty() || (inObject() && !member)) {
                return JsonPaths.Action.NONE;
            }
            path.add(member());
            JsonPaths.Action a = paths.action(path);
            path.remove(path.size() - 1);
            return a;
        }

        /** With paths, before a container opens: its place in the one around it, and its first index. */
        private void opening() {
            if (paths == null) {
                return;
            }
            if (!stack.isEmpty()) {
                path.add(member());
            }
            index.add(0);
        }

        /** With paths, after a container closed (the stack popped): the places of the ones still open. */
        private void closed() {
            if (paths == null) {
                return;
            }
            if (!index.isEmpty()) {
                index.remove(index.size() - 1);
            }
            if (!path.isEmpty() && path.size() >= stack.size()) {
                path.remove(path.size() - 1);
            }
        }

        /** The current value's key in its object, or its index in its array. */
        private Object member() {
            return inObject() ? lastKey : index.get(index.size() - 1);
        }

        /**
         * A value at {@code i}: copied, or skipped whole and replaced by the mask or the prune marker as
         * {@code action} says. Returns the position after.
         */
        private int value(int i, JsonPaths.Action action) {
            int after = valueEnd(i);
            if (in.charAt(i) != '"' && in.charAt(i) != '\'') {
                unquoted(i, after);
            }
            if (action == JsonPaths.Action.PRUNE) {
                out.append(PRUNED);
            } else if (action == JsonPaths.Action.MASK) {
                out.append('"');
                writeMaskOf(i, after);
                out.append('"');
                masked++;
            } else if ((in.charAt(i) == '"' || in.charAt(i) == '\'') && !nested(i, after)) {
                appendString(i, after);
            } else if (in.charAt(i) != '"' && in.charAt(i) != '\'') {
                appendDetected(i, after);
            }
            if (inObject()) {
                lastKey = null;
            }
            return after;
        }

        /**
         * Appends what stands for the masked value {@code in[i, after)}: the pseudonym of a string (decoded) or a
         * scalar; the mask for a container, a value that runs to the input's end (it could be cut) or is unclosed,
         * a string escaped twice, or without pseudonyms.
         */
        private void writeMaskOf(int i, int after) {
            char c = in.charAt(i);
            boolean string = c == '"' || c == '\'';
            if (pseudonyms == null || c == '{' || c == '[' || after >= end
                    || (string && (after - 1 <= i || in.charAt(after - 1) != c))) {
                out.append(mask);
                return;
            }
            if (!string) {
                pseudonyms.write(in, i, after, out);
                return;
            }
            String value = decode(i + 1, after - 1);
            if (value.contains("\\u")) {
                out.append(mask);
            } else {
                pseudonyms.write(value, 0, value.length(), out);
            }
        }

        /**
         * A string {@code in[i, after)} holding JSON ({@code "{\"password\":\"...\"}"}, an event serialised into a
         * field): read decoded as JSON and masked as the document is; when that masked something, it is appended
         * escaped again and true returned; false (nothing appended) when it holds no JSON or nothing in it is masked.
         */
        private boolean nested(int i, int after) {
            int cs = i + 1;
            char quote = in.charAt(i);
            int ce = after > cs && in.charAt(after - 1) == quote ? after - 1 : after;
            int k = cs;
            while (k < ce && Character.isWhitespace(in.charAt(k))) {
                k++;
            }
            if (k >= ce || (in.charAt(k) != '{' && in.charAt(k) != '[')) {
                return false;
            }
            StringBuilder inner = new StringBuilder(ce - cs + 16);
            Scan scan = new Scan(decode(cs, ce), cut && ce == end, inner);
            scan.run();
            if (scan.masked == 0) { // a string that failed counted one
                return false;
            }
            out.append(quote);
            for (int c = 0; c < inner.length(); c++) {
                char ch = inner.charAt(c);
                if (ch == quote || ch == '\\') {
                    out.append('\\').append(ch);
                } else if (ch < 0x20) {
                    out.append(String.format("\\u%04x", (int) ch));
                } else {
                    out.append(ch);
                }
            }
            out.append(in, ce, after); // the closing quote, if any
            masked += scan.masked;
            return true;
        }

        /**
         * Appends the comment {@code in[from, to)}: its delimiters, and its content as the mask (no reader takes it
         * for data, and it can hold anything: {@code /* "password": "..." *}{@code /}).
         */
        private void appendComment(int from, int to) {
            int open = in.charAt(from) == '#' ? 1 : 2;
            int close = in.charAt(from) == '/' && in.charAt(from + 1) == '*' && to - from >= 4
                    && in.charAt(to - 1) == '/' && in.charAt(to - 2) == '*' ? 2 : 0;
            out.append(in, from, from + open);
            boolean blank = true;
            for (int k = from + open; k < to - close && blank; k++) {
                blank = in.charAt(k) == ' ' || in.charAt(k) == '\t';
            }
            if (blank) {
                out.append(in, from + open, to - close);
            } else {
                out.append(mask);
            }
            out.append(in, to - close, to);
        }

        /** Appends {@code in[from, to)} with what the value detectors find in it masked. */
        private void appendDetected(int from, int to) {
            if (values == null) {
                out.append(in, from, to);
            } else {
                masked += values.mask(in, from, to, cut && to == end, out);
            }
        }

        /**
         * Appends the string {@code in[i, after)} (quotes included; the closing one missing at the input's end) with
         * what the value detectors find masked: in place, or, when it holds escapes, the whole content.
         */
        private void appendString(int i, int after) {
            int cs = i + 1;
            int ce = after > cs && in.charAt(after - 1) == in.charAt(i) ? after - 1 : after;
            if (cs < ce && pairs != null && pairsIn(i, cs, ce, after)) {
                return;
            }
            if (values == null || cs >= ce || (clean == cs && cleanTo == ce)) { // nothing in it, as pairsIn read
                out.append(in, i, after);
                return;
            }
            boolean escaped = false;
            for (int k = cs; k < ce && !escaped; k++) {
                escaped = in.charAt(k) == '\\';
            }
            out.append(in.charAt(i));
            boolean atCut = cut && ce == end;
            String decoded = escaped ? decode(cs, ce) : null;
            if (!escaped) {
                masked += values.mask(in, cs, ce, atCut, out);
            } else if (atCut || decoded.contains("\\u")) {
                // cut: an escape itself could be cut short; still escaped once decoded: escaped twice
                out.append(mask);
                masked++;
            } else {
                int found = values.maskDecoded(decoded, out);
                if (found == 0) {
                    out.append(in, cs, ce);
                }
                masked += found;
            }
            out.append(in, ce, after);
        }

        /**
         * Whether the string {@code in[i, after)} (content {@code [cs, ce)}) holds a sensitive {@code name=value} or
         * {@code name: value} pair, read decoded: then it is appended with those masked (and what the detectors
         * find), or masked whole when it holds escapes.
         */
        private boolean pairsIn(int i, int cs, int ce, int after) {
            boolean escaped = false;
            boolean separator = false;
            for (int k = cs; k < ce; k++) {
                char c = in.charAt(k);
                escaped |= c == '\\';
                separator |= c == '=' || c == ':';
            }
            if (!separator && !escaped) {
                return false; // no pair (an escape could spell a separator)
            }
            String decoded = escaped ? decode(cs, ce) : null;
            CharSequence text = escaped ? decoded : in.subSequence(cs, ce);
            int detected = 0;
            if (values != null) { // first: a pair masked by name could cut a card in two ('pin= 4929 8046 1775 0034')
                StringBuilder d = new StringBuilder(text.length() + 16);
                boolean atCut = cut && ce == end;
                detected = values.mask(text, 0, text.length(), atCut, d);
                if (detected == 0 && !atCut && (decoded == null || !decoded.contains("\\u"))) {
                    clean = cs; // appendString need not run the detectors again (nor decode): they find nothing
                    cleanTo = ce;
                }
                text = d;
            }
            StringBuilder named = new StringBuilder(text.length() + 16);
            int found = pairs.maskText(text, named);
            if (found == 0) {
                return false;
            }
            out.append(in.charAt(i));
            if (escaped) {
                out.append(mask);
            } else {
                out.append(named);
            }
            out.append(in, ce, after);
            masked += found + detected;
            return true;
        }

        /** The end of the value starting at {@code i}: a string, a scalar, or a whole container. */
        private int valueEnd(int i) {
            char c = in.charAt(i);
            if (c == '"' || c == '\'') {
                return Math.min(stringEnd(i) + 1, end);
            }
            if (c == '{' || c == '[') {
                int depth = 0;
                int k = i;
                while (k < end) {
                    char d = in.charAt(k);
                    if (d == '"' || d == '\'') {
                        k = stringEnd(k) + 1;
                        continue;
                    }
                    if (d == '{' || d == '[') {
                        depth++;
                    } else if (d == '}' || d == ']') {
                        depth--;
                        if (depth == 0) {
                            return k + 1;
                        }
                    }
                    k++;
                }
                wellFormed = false;
                return end;
            }
            int k = scalarEnd(i);
            if (k == i) {
                wellFormed = false;
                return i + 1;
            }
            return k;
        }

        /** The end of a number, a literal or an unquoted word starting at {@code i}. */
        private int scalarEnd(int i) {
            int k = i;
            while (k < end && isWordChar(in.charAt(k))) {
                k++;
            }
            return k;
        }

        /** The position of the quote closing the string opened at {@code i} (the end of input if none). */
        private int stringEnd(int i) {
            char quote = in.charAt(i);
            if (quote == '\'') {
                wellFormed = false;
            }
            int k = i + 1;
            while (k < end) {
                char c = in.charAt(k);
                if (c == '\\') {
                    k += 2;
                } else if (c == quote) {
                    return k;
                } else {
                    k++;
                }
            }
            wellFormed = false;
            return end;
        }

        /** Whether {@code c} is part of a number, a literal or an unquoted word (as lenient readers take them). */
        private boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '+' || c == '-';
        }

        /** A string's content {@code in[from, to)} with its escapes decoded (a broken one stays as written). */
        private String decode(int from, int to) {
            StringBuilder k = new StringBuilder(to - from);
            for (int i = from; i < to; i++) {
                char c = in.charAt(i);
                if (c != '\\' || i + 1 >= to) {
                    k.append(c);
                    continue;
                }
                char e = in.charAt(++i);
                if (e == 'u' && i + 4 < to) {
                    try {
                        k.append((char) Integer.parseInt(in.subSequence(i + 1, i + 5).toString(), 16));
                        i += 4;
                    } catch (NumberFormatException ex) {
                        k.append(e);
                    }
                } else {
                    k.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e);
                }
            }
            return k.toString();
        }
    }
}
