package io.xmlformatter.message;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Masks the values of URL query and form parameters by name ({@code password=...}, {@code access_token=...}),
 * ignoring case, after percent-decoding the name (so {@code pass%77ord} is {@code password}). The rest of the
 * text stays as it is. Immutable and thread-safe.
 */
final class ParameterMasker {
    /** Always masked: passwords, tokens, keys and secrets as OAuth 2, OpenID and common APIs name them. */
    static final List<String> DEFAULTS = Collections.unmodifiableList(Arrays.asList("password", "passwd", "pwd",
            "secret", "client_secret", "access_token", "refresh_token", "id_token", "token", "api_key", "apikey",
            "key", "code", "code_verifier", "assertion", "client_assertion", "session", "sessionid", "jsessionid",
            "sig", "signature", "x-amz-signature", "x-amz-security-token", "x-amz-credential", "credential"));

    private final Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    private final String mask;

    ParameterMasker(Collection<String> configured, String mask) {
        names.addAll(DEFAULTS);
        names.addAll(configured);
        this.mask = mask;
    }

    /** The address with the values of sensitive query parameters masked; counts into {@code masked[0]}. */
    String maskAddress(String address, int[] masked) {
        if (address == null) {
            return null;
        }
        int q = address.indexOf('?');
        if (q < 0) {
            return address;
        }
        StringBuilder out = new StringBuilder(address.length());
        out.append(address, 0, q + 1);
        masked[0] += mask(address, q + 1, address.length(), out);
        return out.toString();
    }

    /**
     * Appends {@code text[from, to)} (name=value pairs joined by {@code &} or {@code ;}) to {@code out}, values of
     * sensitive names masked, a fragment ({@code #...}) kept; returns how many values it masked.
     */
    int mask(CharSequence text, int from, int to, StringBuilder out) {
        int masked = 0;
        int i = from;
        while (i < to) {
            int end = i;
            while (end < to && text.charAt(end) != '&' && text.charAt(end) != ';' && text.charAt(end) != '#') {
                end++;
            }
            int eq = i;
            while (eq < end && text.charAt(eq) != '=') {
                eq++;
            }
            if (eq < end && names.contains(decode(text, i, eq).trim())) {
                out.append(text, i, eq + 1).append(mask);
                masked++;
            } else {
                out.append(text, i, end);
            }
            if (end < to) {
                if (text.charAt(end) == '#') {
                    out.append(text, end, to);
                    break;
                }
                out.append(text.charAt(end));
            }
            i = end + 1;
        }
        return masked;
    }

    /** The name percent- and plus-decoded as UTF-8, lower case; a broken escape stays as written. */
    private static String decode(CharSequence s, int from, int to) {
        byte[] b = new byte[(to - from) * 3];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < to && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                b[n++] = (byte) (hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else if (c == '+') {
                b[n++] = ' ';
            } else {
                byte[] u = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                System.arraycopy(u, 0, b, n, u.length);
                n += u.length;
            }
        }
        return new String(b, 0, n, java.nio.charset.StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
