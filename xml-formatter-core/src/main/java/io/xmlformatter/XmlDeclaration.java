package io.xmlformatter;

/**
 * Checks the pseudo-attributes of an XML declaration in place (no copies): version, then optional encoding,
 * then optional standalone. One checker is kept per run's working arrays ({@link RunParts}) and used for
 * one declaration after another.
 */
final class XmlDeclaration {
    private Input in;
    private int end;
    private int pos;
    private int valueStart;
    private int valueEnd;

    /** Whether {@code [from, end)} (what stands between {@code <?xml} and {@code ?>}) is a valid declaration. */
    boolean isValid(Input in, int from, int end) {
        this.in = in;
        this.pos = from;
        this.end = end;
        try {
            if (!pseudoAttribute("version") || !valueIsVersion()) {
                return false;
            }
            if (pseudoAttribute("encoding") && !valueIsEncodingName()) {
                return false;
            }
            if (pseudoAttribute("standalone") && !valueIs("yes") && !valueIs("no")) {
                return false;
            }
            return in.skipWhitespace(pos, end) == end;
        } finally {
            this.in = null; // the document is not kept
        }
    }

    private boolean valueIsVersion() {
        if (valueEnd - valueStart < 3 || in.at(valueStart) != '1' || in.at(valueStart + 1) != '.') {
            return false;
        }
        for (int i = valueStart + 2; i < valueEnd; i++) {
            if (!isDigit(in.at(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean valueIsEncodingName() {
        if (valueEnd == valueStart || !isLetter(in.at(valueStart))) {
            return false;
        }
        for (int i = valueStart + 1; i < valueEnd; i++) {
            int c = in.at(i);
            if (!isLetter(c) && !isDigit(c) && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private boolean valueIs(String s) {
        return valueEnd - valueStart == s.length() && in.startsWith(s, valueStart);
    }

    private static boolean isLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    /** Reads {@code S name S? = S? quoted-value} at the position; false (position unchanged) when absent. */
    private boolean pseudoAttribute(String name) {
        int i = in.skipWhitespace(pos, end);
        if (i == pos || i + name.length() > end || !in.startsWith(name, i)) {
            return false;
        }
        i = in.skipWhitespace(i + name.length(), end);
        if (i >= end || in.at(i) != '=') {
            return false;
        }
        i = in.skipWhitespace(i + 1, end);
        if (i >= end || (in.at(i) != '"' && in.at(i) != '\'')) {
            return false;
        }
        int q = in.indexOf((char) in.at(i), i + 1, end);
        if (q < 0) {
            return false;
        }
        valueStart = i + 1;
        valueEnd = q;
        pos = q + 1;
        return true;
    }
}
