package io.xmlformatter;

/** Checks the pseudo-attributes of an XML declaration: version, then optional encoding, then standalone. */
final class XmlDeclaration {
    private final String body;
    private int pos;

    private XmlDeclaration(String body) {
        this.body = body;
    }

    /** Whether {@code body} (what stands between {@code <?xml} and {@code ?>}) is a valid declaration. */
    static boolean isValid(String body) {
        XmlDeclaration d = new XmlDeclaration(body);
        String version = d.pseudoAttribute("version");
        if (version == null || !isVersion(version)) {
            return false;
        }
        String encoding = d.pseudoAttribute("encoding");
        if (encoding != null && !isEncodingName(encoding)) {
            return false;
        }
        String standalone = d.pseudoAttribute("standalone");
        if (standalone != null && !standalone.equals("yes") && !standalone.equals("no")) {
            return false;
        }
        return body.substring(d.pos).trim().isEmpty();
    }

    private static boolean isVersion(String v) {
        if (v.length() < 3 || !v.startsWith("1.")) {
            return false;
        }
        for (int i = 2; i < v.length(); i++) {
            if (v.charAt(i) < '0' || v.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isEncodingName(String e) {
        if (e.isEmpty() || !isLetter(e.charAt(0))) {
            return false;
        }
        for (int i = 1; i < e.length(); i++) {
            char c = e.charAt(i);
            if (!isLetter(c) && !(c >= '0' && c <= '9') && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    /** Reads {@code S name S? = S? quoted} at the position; returns the value, or null (position unchanged). */
    private String pseudoAttribute(String name) {
        String s = body;
        int i = skipWhitespace(pos);
        if (i == pos || !s.startsWith(name, i)) {
            return null;
        }
        i = skipWhitespace(i + name.length());
        if (i >= s.length() || s.charAt(i) != '=') {
            return null;
        }
        i = skipWhitespace(i + 1);
        if (i >= s.length() || s.charAt(i) != '"' && s.charAt(i) != '\'') {
            return null;
        }
        int q = s.indexOf(s.charAt(i), i + 1);
        if (q < 0) {
            return null;
        }
        pos = q + 1;
        return s.substring(i + 1, q);
    }

    private int skipWhitespace(int i) {
        while (i < body.length() && Input.isWhitespace(body.charAt(i))) {
            i++;
        }
        return i;
    }
}
