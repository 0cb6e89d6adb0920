package io.xmlformatter.message;

import io.xmlformatter.NameWords;
import io.xmlformatter.UrlCredentials;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Masks the values of URL query, path and form parameters, and of {@code name=value} pairs in plain text, by name
 * ({@code password=...}, {@code access_token=...}), ignoring case, after percent-decoding the name (so
 * {@code pass%77ord} is {@code password}); and an address's user-info. With value detectors, what they find in the
 * other values, names and path segments is masked too ({@link DetectedValues}). The rest of the text stays as it
 * is. Immutable and thread-safe.
 */
final class ParameterMasker {
    /** Always masked: passwords, tokens, keys and secrets as OAuth 2, OpenID and common APIs name them. */
    static final List<String> DEFAULTS = UrlCredentials.PARAMETER_NAMES;

    /**
     * Names whose value in free text is a credential that holds blanks, commas or pairs of its own — a scheme and
     * its token ({@code Authorization: Basic dXNl...}, {@code Digest username="a", response="..."}), cookies
     * ({@code Cookie: a=1; b=2}): there it runs to the line's end.
     */
    private static final Set<String> LINE_VALUES = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    static {
        LINE_VALUES.addAll(Arrays.asList("authorization", "proxy-authorization", "cookie", "set-cookie"));
    }

    private final Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    private final Masks masks;
    /** The value detectors, or null. */
    private final DetectedValues values;
    /** Names holding these as words are masked too ({@code new_password}, {@code clientSecret}), or null. */
    private final NameWords words;

    /**
     * Masks the defaults and the {@code configured} names with {@code masks}, names holding {@code words} (null:
     * none), and what {@code values} finds.
     */
    ParameterMasker(Collection<String> configured, Masks masks, DetectedValues values, NameWords words) {
        names.addAll(DEFAULTS);
        names.addAll(configured);
        this.masks = masks;
        this.values = values;
        this.words = words;
    }

    /**
     * The address with what may hold a credential masked: its user-info whole ({@code scheme://user:pass@host}
     * becomes {@code scheme://[*****]@host}), and the values of sensitive path (matrix) parameters
     * ({@code ;jsessionid=...}) and query parameters. Counts into {@code masked[0]}.
     */
    String maskAddress(String address, int[] masked) {
        if (address == null) {
            return null;
        }
        int len = address.length();
        int query = address.indexOf('?');
        int fragment = address.indexOf('#');
        int pathEnd = query < 0 ? (fragment < 0 ? len : fragment)
                : (fragment < 0 ? query : Math.min(query, fragment));
        StringBuilder out = new StringBuilder(len + 8);
        int i = 0;
        int scheme = address.indexOf("://");
        if (scheme >= 0 && scheme < pathEnd) {
            int authorityEnd = address.indexOf('/', scheme + 3);
            i = authorityEnd < 0 || authorityEnd > pathEnd ? pathEnd : authorityEnd;
            masked[0] += appendWithoutUserInfo(address, 0, i, out);
        }
        while (i < pathEnd) {
            int semi = address.indexOf(';', i);
            if (semi < 0 || semi >= pathEnd) {
                masked[0] += appendPath(address, i, pathEnd, out);
                break;
            }
            masked[0] += appendPath(address, i, semi, out);
            out.append(';');
            int segmentEnd = semi + 1;
            while (segmentEnd < pathEnd && address.charAt(segmentEnd) != '/') {
                segmentEnd++;
            }
            masked[0] += mask(address, semi + 1, segmentEnd, false, out);
            i = segmentEnd;
        }
        if (pathEnd < len && address.charAt(pathEnd) == '?') {
            out.append('?');
            masked[0] += mask(address, pathEnd + 1, len, false, out);
        } else {
            out.append(address, pathEnd, Math.min(pathEnd + 1, len)); // '#' or nothing
            masked[0] += mask(address, Math.min(pathEnd + 1, len), len, false, out); // a fragment's pairs too
        }
        return out.toString();
    }

    /**
     * Appends the path {@code address[from, to)}: the user-info of an address nested in it masked (a server that
     * joins {@code http://host:port} and an absolute-form target), each segment through the value detectors; returns
     * the masks.
     */
    private int appendPath(CharSequence address, int from, int to, StringBuilder out) {
        if (values == null) {
            return appendWithoutUserInfo(address, from, to, out);
        }
        StringBuilder path = new StringBuilder(to - from + 8);
        int masked = appendWithoutUserInfo(address, from, to, path);
        int i = 0;
        int n = path.length();
        while (i < n) {
            int slash = i;
            while (slash < n && path.charAt(slash) != '/') {
                slash++;
            }
            masked += values.append(path, i, slash, false, out);
            if (slash < n) {
                out.append('/');
            }
            i = slash + 1;
        }
        return masked;
    }

    /**
     * Appends a field of a record other than its address and payload (an operation name that is a request's URI, a
     * SOAPAction, a correlation id, a header value, a content type): what could hold a credential masked as in an
     * address — sensitive {@code name=value} pairs wherever they stand ({@link #maskText}), the user-info of any
     * address in it — and what the value detectors find. Returns how many it masked.
     */
    int maskField(CharSequence text, StringBuilder out) {
        int masked = 0;
        CharSequence detected = text;
        if (values != null) { // first: a pair masked by name could cut a card in two ('pin=4929 8046 1775 0034')
            StringBuilder d = new StringBuilder(text.length() + 8);
            masked += values.append(text, 0, text.length(), false, d);
            detected = d;
        }
        StringBuilder named = new StringBuilder(detected.length() + 8);
        masked += maskText(detected, named);
        return masked + appendWithoutUserInfo(named, 0, named.length(), out);
    }

    /**
     * Appends plain text to {@code out} with the values of sensitive {@code name=value} and {@code name: value}
     * pairs (the name quoted or not) masked, wherever they stand in it: an unquoted value after {@code =} runs to
     * white space or one of {@code & ; ,}, after {@code :} to the line's end or one of {@code & ; ,}; a quoted value
     * to its closing quote (or the line's end); the value of an {@code Authorization} or cookie header to the line's
     * end. Returns how many values it masked.
     */
    int maskText(CharSequence text, StringBuilder out) {
        int masked = 0;
        int copied = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char sep = text.charAt(i);
            if (sep != '=' && sep != ':') {
                continue;
            }
            int nameEnd = i;
            while (nameEnd > copied && text.charAt(nameEnd - 1) == ' ') {
                nameEnd--;
            }
            if (nameEnd - 2 >= copied && (text.charAt(nameEnd - 1) == '"' || text.charAt(nameEnd - 1) == '\'')) {
                nameEnd--; // a quoted name: "password": ...
                while (nameEnd > copied && text.charAt(nameEnd - 1) == '\\') {
                    nameEnd--; // its quote escaped: \"password\": ... (JSON in a string)
                }
            }
            int nameStart = nameEnd;
            while (nameStart > copied && isNameChar(text.charAt(nameStart - 1))) {
                nameStart--;
            }
            String name = nameStart == nameEnd ? null : decode(text, nameStart, nameEnd).trim();
            boolean toLineEnd = name != null && LINE_VALUES.contains(name);
            if (name == null || (!toLineEnd && !sensitive(name))) {
                continue;
            }
            int v = i + 1;
            while (v < n && text.charAt(v) == ' ') {
                v++;
            }
            int end = toLineEnd ? lineEnd(text, v) : valueEnd(text, v, sep);
            while (end > v && !toLineEnd) { // a value that was a name ('pin = password: x'): its value too
                int k = blanksEnd(text, end);
                boolean after = k < n && (text.charAt(k) == ':' || text.charAt(k) == '=');
                char last = text.charAt(end - 1);
                if (!after && last != ':' && last != '=') {
                    break;
                }
                int next = valueEnd(text, blanksEnd(text, after ? k + 1 : k), after ? text.charAt(k) : last);
                if (next <= end) {
                    break;
                }
                end = next;
            }
            if (end < n && ",;&}]) \t\r\n".indexOf(text.charAt(end)) < 0) { // a quote that did not end it: where
                end = lineEnd(text, end); // it ends cannot be told
            }
            boolean quoted = end > v + 1 && (text.charAt(v) == '"' || text.charAt(v) == '\'')
                    && text.charAt(end - 1) == text.charAt(v);
            out.append(text, copied, v);
            if (end == n) { // it runs to the text's end, which could be a cut: part of a value, another's pseudonym
                out.append(masks.mask);
            } else {
                masks.write(text.subSequence(quoted ? v + 1 : v, quoted ? end - 1 : end), out); // the quotes too
            }
            masked++;
            copied = end;
            i = end - 1;
        }
        out.append(text, copied, n);
        return masked;
    }

    /** Where the line that {@code from} is in ends: its line break, or the text's end. */
    private static int lineEnd(CharSequence text, int from) {
        int end = from;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }

    /**
     * Appends {@code text[from, to)} with the user-info of any address in it masked: {@code scheme://user:pass@host},
     * scheme-relative {@code //user:pass@host}, also percent-encoded once or twice; returns how many it masked.
     */
    private int appendWithoutUserInfo(CharSequence text, int from, int to, StringBuilder out) {
        int masked = 0;
        int i = from;
        for (int k = from; k < to; k++) {
            int authority = authorityAt(text, k, from, to);
            if (authority < 0) {
                continue;
            }
            int at = -1;
            int e = authority;
            while (e < to && "/?#".indexOf(text.charAt(e)) < 0 && !startsWith(text, e, to, "%2f")
                    && !startsWith(text, e, to, "%3f") && !startsWith(text, e, to, "%23")
                    && !startsWith(text, e, to, "%252f") && !startsWith(text, e, to, "%253f")
                    && !startsWith(text, e, to, "%2523") && !Character.isWhitespace(text.charAt(e))) {
                if (text.charAt(e) == '@' || startsWith(text, e, to, "%40") || startsWith(text, e, to, "%2540")) {
                    at = e;
                }
                e++;
            }
            if (at >= 0) {
                out.append(text, i, authority);
                masks.writeEncoded(text, authority, at, false, out);
                masked++;
                i = at;
            }
            k = e - 1;
        }
        out.append(text, i, to);
        return masked;
    }

    /**
     * Where the authority of an address starts when {@code text} has its {@code ://} at {@code k} (also
     * percent-encoded once or twice), or its scheme-relative {@code //} (at {@code from} or after a char no scheme
     * ends with); -1 when neither.
     */
    private static int authorityAt(CharSequence text, int k, int from, int to) {
        char c = text.charAt(k);
        if (c == ':') {
            return startsWith(text, k, to, "://") ? k + 3 : -1;
        }
        if (c == '%') {
            return startsWith(text, k, to, "%3a%2f%2f") ? k + 9 : startsWith(text, k, to, "%253a%252f%252f") ? k + 15
                    : -1;
        }
        if (c == '/' && startsWith(text, k, to, "//")) {
            char before = k == from ? ' ' : text.charAt(k - 1);
            boolean afterScheme = Character.isLetterOrDigit(before) || before == ':' || before == '/' || before == '+'
                    || before == '-' || before == '.';
            return afterScheme ? -1 : k + 2;
        }
        return -1;
    }

    /** Whether {@code text} holds {@code lower} (ASCII, lower case) at {@code at}, in any case, before {@code to}. */
    private static boolean startsWith(CharSequence text, int at, int to, String lower) {
        if (at + lower.length() > to) {
            return false;
        }
        for (int k = 0; k < lower.length(); k++) {
            if (Character.toLowerCase(text.charAt(at + k)) != lower.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static int blanksEnd(CharSequence text, int from) {
        int k = from;
        while (k < text.length() && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) {
            k++;
        }
        return k;
    }

    private static int valueEnd(CharSequence text, int from, char sep) {
        int n = text.length();
        if (from < n && (text.charAt(from) == '{' || text.charAt(from) == '[')) {
            int close = JsonPrefix.objectEnd(text, from); // an object or array: whole, or to the line's end
            if (close > 0) {
                return close;
            }
            int k = from;
            while (k < n && text.charAt(k) != '\n') {
                k++;
            }
            return k;
        }
        if (from + 1 < n && text.charAt(from) == '\\'
                && (text.charAt(from + 1) == '"' || text.charAt(from + 1) == '\'')) {
            char quote = text.charAt(from + 1); // escaped: JSON in a string
            int k = from + 2;
            while (k < n && text.charAt(k) != '\n' && !(text.charAt(k) == '\\' && k + 1 < n
                    && text.charAt(k + 1) == quote)) {
                k++;
            }
            return k < n && text.charAt(k) == '\\' ? k + 2 : k;
        }
        if (from < n && (text.charAt(from) == '"' || text.charAt(from) == '\'')) {
            char quote = text.charAt(from);
            int k = from + 1;
            while (k < n && text.charAt(k) != quote && text.charAt(k) != '\n') {
                k += text.charAt(k) == '\\' && k + 1 < n && text.charAt(k + 1) != '\n' ? 2 : 1; // an escaped quote
            }
            return k < n && text.charAt(k) == quote ? k + 1 : k;
        }
        int k = from;
        while (k < n) {
            char c = text.charAt(k);
            if (c == '\n' || c == '\r' || c == '&' || c == ';' || c == ','
                    || (sep == '=' && (c == ' ' || c == '\t'))) {
                break;
            }
            k++;
        }
        return k;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '%' || c == '+' || c == '['
                || c == ']' || c == '\\';
    }

    /**
     * Whether a decoded parameter name is sensitive: itself, or its last word ({@code user[password]},
     * {@code credentials.password}, a name behind junk).
     */
    private boolean sensitive(String name) {
        if (names.contains(name) || (words != null && words.holds(name))) {
            return true;
        }
        int end = name.length();
        while (end > 0 && !isWordChar(name.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && isWordChar(name.charAt(start - 1))) {
            start--;
        }
        return start < end && (start > 0 || end < name.length()) && names.contains(name.substring(start, end));
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    /**
     * Appends {@code text[from, to)} (name=value pairs joined by {@code &} or {@code ;}, and a fragment's after
     * {@code #}: OAuth's implicit flow puts {@code access_token} there) to {@code out}, values of sensitive names
     * masked; returns how many values it masked. When the text was
     * {@code cut} at {@code to}, the value detectors also mask what could be the start of a secret there.
     */
    int mask(CharSequence text, int from, int to, boolean cut, StringBuilder out) {
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
            if (eq < end && sensitive(decode(text, i, eq).trim())) {
                out.append(text, i, eq + 1);
                masks.writeEncoded(text, eq + 1, end, cut && end == to, out);
                masked++;
            } else {
                StringBuilder named = new StringBuilder(end - i + 8); // a pair within a value: 'a=b?password=x'
                masked += maskText(text.subSequence(i, end), named);
                StringBuilder pair = new StringBuilder(named.length() + 8);
                masked += appendWithoutUserInfo(named, 0, named.length(), pair);
                int pairEq = pair.indexOf("=");
                boolean last = cut && end == to;
                if (values == null) {
                    out.append(pair);
                } else if (pairEq < 0) {
                    masked += values.append(pair, 0, pair.length(), last, out);
                } else { // name and value apart: '+' or '%' in one does not mask the other whole
                    masked += values.append(pair, 0, pairEq, false, out);
                    out.append('=');
                    masked += values.append(pair, pairEq + 1, pair.length(), last, out);
                }
            }
            if (end < to) {
                out.append(text.charAt(end)); // '&', ';', or '#': a fragment's pairs are masked by name too
            }
            i = end + 1;
        }
        return masked;
    }

    /**
     * The name percent- and plus-decoded as UTF-8, and its JSON {@code \\uXXXX} escapes read (its case kept: its
     * words); a broken escape stays as written.
     */
    private static String decode(CharSequence s, int from, int to) {
        String name = DetectedValues.decode(s, from, to);
        if (name.indexOf('\\') < 0) {
            return name;
        }
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            int v = c == '\\' && i + 5 < name.length() && name.charAt(i + 1) == 'u' ? hex4(name, i + 2)
                    : -1;
            if (v >= 0) {
                b.append((char) v);
                i += 5;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The four hex digits at {@code at} (there are four chars) as a char's value, or -1. */
    static int hex4(String t, int at) {
        int v = 0;
        for (int k = at; k < at + 4; k++) {
            int d = Character.digit(t.charAt(k), 16);
            if (d < 0) {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }
}
