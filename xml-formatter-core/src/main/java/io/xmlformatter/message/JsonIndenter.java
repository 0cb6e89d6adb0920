package io.xmlformatter.message;

/**
 * Indents JSON that is already masked: only the whitespace between tokens changes; strings (double- or
 * single-quoted, escapes as written), numbers, literals and what lenient JSON allows besides are copied as they are.
 * Text it does not take for JSON it can lay out (a comment, an unterminated string, unbalanced brackets) is left to
 * the caller as written.
 */
final class JsonIndenter {
    private JsonIndenter() {
    }

    /** {@code json} indented by {@code spaces} per level, or null when it is not JSON this lays out. */
    static String indent(CharSequence json, int spaces) {
        int n = json.length();
        StringBuilder out = new StringBuilder(n + n / 4 + 16);
        int depth = 0;
        for (int i = 0; i < n; i++) {
            char c = json.charAt(i);
            switch (c) {
                case '"':
                case '\'':
                    int close = stringEnd(json, i);
                    if (close < 0) {
                        return null;
                    }
                    out.append(json, i, close + 1);
                    i = close;
                    break;
                case ' ':
                case '\t':
                case '\r':
                case '\n':
                    break;
                case '/':
                    return null; // a comment
                case '{':
                case '[':
                    int next = nextToken(json, i + 1);
                    out.append(c);
                    if (next < n && json.charAt(next) == (c == '{' ? '}' : ']')) {
                        out.append(json.charAt(next)); // empty: {} or []
                        i = next;
                    } else {
                        newLine(out, ++depth, spaces);
                    }
                    break;
                case '}':
                case ']':
                    if (--depth < 0) {
                        return null;
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
                    out.append(": ");
                    break;
                default:
                    out.append(c);
            }
        }
        return depth == 0 ? out.toString() : null;
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
        out.append('\n');
        for (int i = depth * spaces; i > 0; i--) {
            out.append(' ');
        }
    }
}
