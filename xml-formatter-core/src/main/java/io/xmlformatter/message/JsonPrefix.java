package io.xmlformatter.message;

/**
 * What services write before JSON so that a browser will not run it as script, or so that it runs as a call: a
 * byte order mark, the anti-XSSI guards {@code )]}'} (with or without {@code ,}), {@code while(1);} and
 * {@code for(;;);}, and JSONP's {@code callback(} (after an optional {@code /**}{@code /}), whose {@code )} and
 * optional {@code ;} follow the value. The JSON masker reads what follows them as JSON.
 */
final class JsonPrefix {
    private static final String[] GUARDS = {")]}',", ")]}'", "while(1);", "while (1);", "for(;;);", "for (;;);"};

    private JsonPrefix() {
    }

    /**
     * The position after a byte order mark, blanks and one anti-XSSI guard at {@code from} (after the mark alone, or
     * {@code from}, if there is none).
     */
    static int guardEnd(CharSequence in, int from, int to) {
        int bom = from < to && in.charAt(from) == '\uFEFF' ? from + 1 : from;
        int i = blanksEnd(in, bom, to);
        for (String g : GUARDS) {
            if (startsWith(in, i, to, g)) {
                return i + g.length();
            }
        }
        return bom;
    }

    /**
     * The position after JSONP's {@code callback(} (blanks and {@code /**}{@code /} before it, blanks around the name)
     * at {@code from}, or -1 when none stands there: a name of letters, digits, {@code _ $ .}, not starting with a
     * digit.
     */
    static int callbackEnd(CharSequence in, int from, int to) {
        int i = blanksEnd(in, from, to);
        if (startsWith(in, i, to, "/**/")) {
            i = blanksEnd(in, i + 4, to);
        }
        int name = i;
        while (i < to && isNameChar(in.charAt(i))) {
            i++;
        }
        if (i == name || Character.isDigit(in.charAt(name))) {
            return -1;
        }
        i = blanksEnd(in, i, to);
        return i < to && in.charAt(i) == '(' ? i + 1 : -1;
    }

    /** Whether {@code text} starts as JSON does after what {@link #guardEnd} and {@link #callbackEnd} skip. */
    static boolean startsJson(CharSequence text) {
        int n = text.length();
        int i = guardEnd(text, 0, n);
        int call = callbackEnd(text, i, n);
        i = blanksEnd(text, call >= 0 ? call : i, n);
        return i < n && (text.charAt(i) == '{' || text.charAt(i) == '[');
    }

    /**
     * The position after the object or array opening at {@code open} (its brackets balanced outside strings), or
     * -1 when the text ends first.
     */
    static int objectEnd(CharSequence text, int open) {
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"') {
                quote = c;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    /** Whether a guard or a callback stands before the JSON of {@code text}. */
    static boolean hasPrefix(CharSequence text) {
        int n = text.length();
        return guardEnd(text, 0, n) > 0 || callbackEnd(text, 0, n) >= 0;
    }

    static int blanksEnd(CharSequence in, int from, int to) {
        int i = from;
        while (i < to && isBlank(in.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }

    private static boolean startsWith(CharSequence in, int at, int to, String s) {
        if (at + s.length() > to) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (in.charAt(at + k) != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
