package io.xmlformatter.message;

import io.xmlformatter.XmlFormatter;

/**
 * Lays out JSON that is already masked: indents it (only the whitespace between tokens changes; indentation stops
 * growing at the engine's {@link XmlFormatter#DEFAULT_MAX_INDENT_LEVEL}, so deep nesting stays linear in size) and caps
 * long strings (their first chars, then {@code ...[TRUNCATED BY n]} inside the quotes, as the engine caps XML text);
 * strings (double- or single-quoted, escapes as written), numbers, literals and what lenient JSON allows besides
 * are otherwise copied as they are. Text it does not take for JSON it can lay out (a comment, an unterminated
 * string, unbalanced brackets) is left to the caller as written.
 */
final class JsonReshaper {
    private JsonReshaper() {
    }

    /**
     * Appends {@code json} to {@code out} indented by {@code spaces} per level (0: whitespace as written; -1: none),
     * its string values capped at {@code maxString} chars (-1: not capped; keys and the mask are never capped). It
     * stops once it has appended more than {@code maxOut} chars (-1: no limit), so what it builds is bounded by the
     * caller's cut.
     *
     * @return how many strings were capped, or -1 when it is not JSON this lays out ({@code out} is then as before)
     */
    static int layOut(CharSequence json, int spaces, int maxString, String mask, int maxOut, StringBuilder out) {
        int start = out.length();
        int capped = reshape(json, spaces, maxString, mask, maxOut < 0 ? Long.MAX_VALUE : start + (long) maxOut, out);
        if (capped < 0) {
            out.setLength(start);
        }
        return capped;
    }

    /**
     * As {@link #layOut}, leaving what it appended when it gives up; stops once {@code out} is longer than
     * {@code stop}.
     */
    private static int reshape(CharSequence json, int spaces, int maxString, String mask, long stop,
                               StringBuilder out) {
        int n = json.length();
        int capped = 0;
        int depth = 0;
        for (int i = 0; i < n; i++) {
            if (out.length() > stop) {
                return capped;
            }
            char c = json.charAt(i);
            switch (c) {
                case '"':
                case '\'':
                    int close = stringEnd(json, i);
                    if (close < 0) {
                        return -1;
                    }
                    int after = nextToken(json, close + 1);
                    boolean key = after < n && (json.charAt(after) == ':' || json.charAt(after) == '=');
                    boolean masked = close - i - 1 == mask.length() && mask.contentEquals(json.subSequence(i + 1,
                            close));
                    if (string(json, i, close, key || masked ? -1 : maxString, out)) {
                        capped++;
                    }
                    i = close;
                    break;
                case ' ':
                case '\t':
                case '\r':
                case '\n':
                    if (spaces == 0) {
                        out.append(c); // as written; compact (-1) drops it
                    }
                    break;
                case '/': // a comment
                    return -1;
                case '{':
                case '[':
                    int next = nextToken(json, i + 1);
                    out.append(c);
                    if (spaces <= 0) {
                        depth++;
                    } else if (next < n && json.charAt(next) == (c == '{' ? '}' : ']')) {
                        out.append(json.charAt(next)); // empty: {} or []
                        i = next;
                    } else {
                        newLine(out, ++depth, spaces);
                    }
                    break;
                case '}':
                case ']':
                    if (--depth < 0) {
                        return -1;
                    }
                    newLine(out, depth, spaces);
                    out.append(c);
                    break;
                case ',':
                case ';':
                    out.append(c);
                    newLine(out, depth, spaces);
                    break;
                case ':':
                    out.append(spaces <= 0 ? ":" : ": ");
                    break;
                default:
                    out.append(c);
            }
        }
        return depth == 0 ? capped : -1;
    }

    /**
     * Copies the string from {@code open} to {@code close} (its quotes), capped with the engine's truncation marker;
     * never cuts an escape or a pair. Returns whether it was capped.
     */
    private static boolean string(CharSequence json, int open, int close, int max, StringBuilder out) {
        int length = close - open - 1;
        if (max < 0 || length <= max) {
            out.append(json, open, close + 1);
            return false;
        }
        int cut = open + 1 + max;
        for (int i = open + 1; i < cut; i++) { // an escape that straddles the cut goes whole to the cut part
            if (json.charAt(i) == '\\') {
                int escapeEnd = i + (json.charAt(i + 1) == 'u' ? 6 : 2);
                if (escapeEnd > cut) {
                    cut = i;
                    break;
                }
                i = escapeEnd - 1;
            }
        }
        if (cut > open + 1 && Character.isHighSurrogate(json.charAt(cut - 1))) {
            cut--;
        }
        out.append(json, open, cut)
                .append(XmlFormatter.DEFAULT_TRUNCATION_MARKER.replace("{n}", Integer.toString(close - cut)))
                .append(json.charAt(close));
        return true;
    }

    /** The index of the quote closing the string opened at {@code open}, or -1. */
    private static int stringEnd(CharSequence json, int open) {
        char quote = json.charAt(open);
        for (int i = open + 1; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i;
            }
        }
        return -1;
    }

    private static int nextToken(CharSequence json, int from) {
        int i = from;
        while (i < json.length() && Character.isWhitespace(json.charAt(i))) {
            i++;
        }
        return i;
    }

    private static void newLine(StringBuilder out, int depth, int spaces) {
        if (spaces <= 0) {
            return;
        }
        out.append('\n');
        for (int i = Math.min(depth, XmlFormatter.DEFAULT_MAX_INDENT_LEVEL) * spaces; i > 0; i--) {
            out.append(' ');
        }
    }
}
