package io.xmlformatter;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Credentials in addresses written in text ({@link ValueDetector#urlCredentials()}): the user-info of an address
 * ({@code https://bob:pw@host}: {@code bob:pw}) and the value of a sensitive query or fragment parameter
 * ({@code ?access_token=...}, {@code #id_token=...}, also percent-encoded names) in any run of text without blanks that
 * holds {@code ?} or {@code #} — WS-Addressing's {@code wsa:To} and {@code wsa:ReplyTo/wsa:Address}, a callback URL
 * in a JSON string, a link in a note.
 */
@Internal
public final class UrlCredentials implements ValueDetector {
    /** The parameters whose values are credentials, as OAuth 2, OpenID and common APIs name them. */
    public static final List<String> PARAMETER_NAMES = Collections.unmodifiableList(Arrays.asList("password",
            "passwd", "pwd", "secret", "client_secret", "access_token", "refresh_token", "id_token", "token",
            "api_key", "apikey", "key", "code", "code_verifier", "assertion", "client_assertion", "session",
            "sessionid", "jsessionid", "sig", "signature", "x-amz-signature", "x-amz-security-token",
            "x-amz-credential", "credential"));
    static final UrlCredentials INSTANCE = new UrlCredentials();
    private static final Set<String> NAMES = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    static {
        NAMES.addAll(PARAMETER_NAMES);
    }

    private UrlCredentials() {
    }

    @Override
    public void detect(CharSequence text, int from, int to, Detections found) {
        int i = from;
        while (i < to) {
            while (i < to && ends(text.charAt(i))) {
                i++;
            }
            int end = i;
            while (end < to && !ends(text.charAt(end))) {
                end++;
            }
            token(text, i, end, found);
            i = end;
        }
    }

    /** The credentials of the run {@code [from, end)} of a value. */
    private static void token(CharSequence text, int from, int end, Detections found) {
        int scheme = indexOf(text, "://", from, end);
        int pathFrom = from;
        if (scheme >= 0) {
            int authority = scheme + 3;
            int authorityEnd = authority;
            int at = -1;
            while (authorityEnd < end && "/?#".indexOf(text.charAt(authorityEnd)) < 0) {
                if (text.charAt(authorityEnd) == '@') {
                    at = authorityEnd;
                }
                authorityEnd++;
            }
            if (at > authority) {
                found.mask(authority, at);
            }
            pathFrom = authorityEnd;
        }
        for (int k = pathFrom; k < end; k++) {
            char c = text.charAt(k);
            if (c == '?' || c == '#') {
                pairs(text, k + 1, end, found);
                return;
            }
        }
    }

    /** The {@code name=value} pairs of a query or fragment {@code [from, end)}, joined by {@code &} or {@code ;}. */
    private static void pairs(CharSequence text, int from, int end, Detections found) {
        int i = from;
        while (i < end) {
            int pairEnd = i;
            while (pairEnd < end && "&;#".indexOf(text.charAt(pairEnd)) < 0) {
                pairEnd++;
            }
            int eq = i;
            while (eq < pairEnd && text.charAt(eq) != '=') {
                eq++;
            }
            if (eq < pairEnd && sensitive(text, i, eq)) {
                found.mask(eq + 1, pairEnd);
            }
            i = pairEnd + 1;
        }
    }

    /** Whether the name {@code [from, to)}, percent-decoded (ASCII), is a credential's. */
    private static boolean sensitive(CharSequence text, int from, int to) {
        StringBuilder name = new StringBuilder(to - from);
        for (int k = from; k < to; k++) {
            char c = text.charAt(k);
            int hi = k + 2 < to && c == '%' ? Character.digit(text.charAt(k + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(text.charAt(k + 2), 16) : -1;
            if (lo >= 0) {
                name.append((char) (hi * 16 + lo));
                k += 2;
            } else {
                name.append(c == '+' ? ' ' : c);
            }
        }
        return NAMES.contains(name.toString().trim().toLowerCase(Locale.ROOT));
    }

    /** What ends an address in text: blanks, quotes and the brackets text puts around one. */
    private static boolean ends(char c) {
        return Character.isWhitespace(c) || "\"'<>()[]{}`".indexOf(c) >= 0;
    }

    private static int indexOf(CharSequence text, String s, int from, int to) {
        for (int i = from; i + s.length() <= to; i++) {
            boolean match = true;
            for (int k = 0; k < s.length() && match; k++) {
                match = text.charAt(i + k) == s.charAt(k);
            }
            if (match) {
                return i;
            }
        }
        return -1;
    }

    /**
     * At a cut: the last run of the value, from where a credential could be cut short — its authority when no path
     * follows it yet (the user-info's {@code @} could be cut off), or the value of its last parameter (whose name
     * could be a credential's, or be cut short itself).
     */
    @Override
    public int cutFrom(CharSequence text, int from, int to) {
        int start = to;
        while (start > from && !ends(text.charAt(start - 1))) {
            start--;
        }
        int scheme = indexOf(text, "://", start, to);
        if (scheme >= 0) {
            int authority = scheme + 3;
            boolean pathBegun = false;
            for (int k = authority; k < to && !pathBegun; k++) {
                pathBegun = "/?#".indexOf(text.charAt(k)) >= 0;
            }
            if (!pathBegun) {
                return authority;
            }
        }
        for (int k = to - 1; k >= start; k--) {
            char c = text.charAt(k);
            if (c == '=' || c == '&' || c == ';' || c == '?' || c == '#') {
                return c == '=' ? k + 1 : to; // a value begun, or only a name so far
            }
        }
        return to;
    }

    /**
     * Where text joins from before: the first run of the value up to its first {@code &}, {@code #} or blank, which
     * could end a credential begun before (a user-info up to its {@code @}, a parameter's value).
     */
    @Override
    public int cutTo(CharSequence text, int from, int to) {
        int k = from;
        while (k < to && !ends(text.charAt(k)) && "&#;/".indexOf(text.charAt(k)) < 0) {
            k++;
        }
        return k;
    }

    @Override
    public String toString() {
        return "url-credentials";
    }
}
