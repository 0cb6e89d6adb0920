package io.xmlformatter;

/** Checks the pseudo-attributes of an XML declaration: version, then optional encoding, then standalone. */
final class XmlDeclaration {
    private XmlDeclaration() {
    }

    /** Whether {@code body} (what stands between {@code <?xml} and {@code ?>}) is a valid declaration. */
    static boolean isValid(String body) {
        int[] pos = {0};
        String version = pseudoAttribute(body, pos, "version");
        if (version == null || !version.matches("1\\.[0-9]+")) {
            return false;
        }
        int mark = pos[0];
        String encoding = pseudoAttribute(body, pos, "encoding");
        if (encoding == null) {
            pos[0] = mark;
        } else if (!encoding.matches("[A-Za-z][A-Za-z0-9._-]*")) {
            return false;
        }
        mark = pos[0];
        String standalone = pseudoAttribute(body, pos, "standalone");
        if (standalone == null) {
            pos[0] = mark;
        } else if (!standalone.equals("yes") && !standalone.equals("no")) {
            return false;
        }
        return body.substring(pos[0]).trim().isEmpty();
    }

    /** Reads {@code S name S? = S? quoted} at {@code pos[0]}; returns the value, or null (pos unchanged). */
    private static String pseudoAttribute(String s, int[] pos, String name) {
        int i = pos[0];
        int ws = i;
        while (i < s.length() && Input.isWhitespace(s.charAt(i))) {
            i++;
        }
        if (i == ws || !s.startsWith(name, i)) {
            return null;
        }
        i += name.length();
        while (i < s.length() && Input.isWhitespace(s.charAt(i))) {
            i++;
        }
        if (i >= s.length() || s.charAt(i) != '=') {
            return null;
        }
        i++;
        while (i < s.length() && Input.isWhitespace(s.charAt(i))) {
            i++;
        }
        if (i >= s.length() || s.charAt(i) != '"' && s.charAt(i) != '\'') {
            return null;
        }
        int q = s.indexOf(s.charAt(i), i + 1);
        if (q < 0) {
            return null;
        }
        pos[0] = q + 1;
        return s.substring(i + 1, q);
    }
}
