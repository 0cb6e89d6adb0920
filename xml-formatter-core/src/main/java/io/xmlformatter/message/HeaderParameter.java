package io.xmlformatter.message;

import java.util.Locale;

/** The parameters of a header value ({@code boundary}, {@code charset}, {@code action}). */
final class HeaderParameter {
    private HeaderParameter() {
    }

    /** A parameter of a header value ({@code boundary}, {@code charset}), unquoted, or null. */
    static String of(String headerValue, String name) {
        if (headerValue == null) {
            return null;
        }
        String lower = headerValue.toLowerCase(Locale.ROOT);
        int at = 0;
        while ((at = lower.indexOf(name, at)) >= 0) {
            int eq = at + name.length();
            while (eq < lower.length() && lower.charAt(eq) == ' ') {
                eq++;
            }
            char before = at == 0 ? ';' : lower.charAt(at - 1);
            if (eq < lower.length() && lower.charAt(eq) == '=' && (before == ';' || before == ' ' || before == '\t')) {
                String v = headerValue.substring(eq + 1).trim();
                if (v.startsWith("\"")) {
                    int q = v.indexOf('"', 1);
                    return q < 0 ? v.substring(1) : v.substring(1, q);
                }
                int semi = v.indexOf(';');
                return (semi < 0 ? v : v.substring(0, semi)).trim();
            }
            at = eq;
        }
        return null;
    }
}
