package io.xmlformatter;

import java.util.Arrays;

/**
 * The attributes of the start tag a run is reading: where each name and value is, which are namespace
 * declarations, and whether the tag holds what could hide markup. Reads every kind of breakage (a missing quote
 * or value, a stray character, an unclosed tag) without throwing, noting the first problem. One per run's
 * {@link RunParts}; {@link #scan} sets every field for the next tag.
 */
final class StartTag {
    /** Ints per attribute in {@link #attrs}. */
    private static final int ATTR = 7;

    private final Problems problems;
    private final References references;
    private Input in;
    /** Whether masking is on: only then is markup in a tag noted in {@link #markup}. */
    private boolean masks;
    /**
     * The attributes, {@link #ATTR} ints each: name start, name end, value start, value end, the name's first and
     * last colon (-1: none), 1 for a namespace declaration (else 0).
     */
    private int[] attrs = new int[4 * ATTR];
    /** The number of attributes read. */
    int count;
    /** Whether the tag ends with {@code />}. */
    boolean selfClosing;
    /**
     * Whether, with masking on, the tag holds what could hide markup: an attribute value with markup (raw or
     * escaped), or something that is no attribute.
     */
    boolean markup;
    /**
     * Whether the tag is broken: something in it is no attribute, an attribute has no value or no quotes, or the
     * tag is not closed. A lenient reader could take such a part for text.
     */
    boolean broken;
    /** Whether the tag declares a namespace. */
    boolean declares;
    /** Whether the tag has a prefixed attribute that is no namespace declaration. */
    boolean prefixesAttribute;

    StartTag(Problems problems, References references) {
        this.problems = problems;
        this.references = references;
    }

    /** Starts over for a run over {@code in}; each {@link #scan} then sets every other field. */
    void reset(Input in, boolean masks) {
        this.in = in;
        this.masks = masks;
    }

    /** The first char of the name of attribute {@code a} (0 to {@link #count} − 1). */
    int nameStart(int a) {
        return attrs[a * ATTR];
    }

    /** The position after the name of attribute {@code a}. */
    int nameEnd(int a) {
        return attrs[a * ATTR + 1];
    }

    /** The first char of the value of attribute {@code a} (equal to {@link #valueEnd} when it has none). */
    int valueStart(int a) {
        return attrs[a * ATTR + 2];
    }

    /** The position after the value of attribute {@code a} (its closing quote, when it has one). */
    int valueEnd(int a) {
        return attrs[a * ATTR + 3];
    }

    /** The first colon in the name of attribute {@code a}, or -1. */
    int colon(int a) {
        return attrs[a * ATTR + 4];
    }

    /** The last colon in the name of attribute {@code a}, or -1. */
    int lastColon(int a) {
        return attrs[a * ATTR + 5];
    }

    /**
     * Where the local name of attribute {@code a} starts: after the last colon of its name, as a reader that ignores
     * namespaces would take it from a name with several.
     */
    int localNameStart(int a) {
        int lastColon = lastColon(a);
        return lastColon < 0 ? nameStart(a) : lastColon + 1;
    }

    /** Whether attribute {@code a} is a namespace declaration ({@code xmlns} or {@code xmlns:...}). */
    boolean isNamespaceDeclaration(int a) {
        return attrs[a * ATTR + 6] != 0;
    }

    /** Where the prefix of attribute {@code a} ends (its colon, neither first nor last), or -1. */
    int prefixEnd(int a) {
        int colon = colon(a);
        return colon > nameStart(a) && colon < nameEnd(a) - 1 ? colon : -1;
    }

    /**
     * Reads the attributes of a start tag (name already read, ending at {@code i}) and returns the position after
     * the tag.
     */
    int scan(int i) {
        final Input in = this.in;
        final int end = in.end;
        count = 0;
        markup = false;
        broken = false;
        declares = false;
        prefixesAttribute = false;
        selfClosing = false;
        while (true) {
            int s = in.skipWhitespace(i, end);
            if (s >= end) {
                problems.atEnd(s, "input ends inside a start tag");
                broken = true;
                return end;
            }
            int c = in.at(s);
            if (c == '>') {
                return s + 1;
            }
            if (c == '/') {
                if (s + 1 < end && in.at(s + 1) == '>') {
                    selfClosing = true;
                    return s + 2;
                }
                problems.at(s, "'/' inside a start tag");
                broken = true;
                i = s + 1;
                continue;
            }
            if (c == '<') {
                problems.at(s, "start tag not closed");
                broken = true;
                return s;
            }
            if (s == i) {
                problems.at(s, "attributes not separated by whitespace");
            }
            int an = s;
            int ane = in.nameEnd(s);
            int colon = in.firstColon;
            int lastColon = in.lastColon;
            if (ane == an || !Input.isNameStart(c)) {
                problems.at(s, "invalid character in a start tag");
                markup |= masks;
                broken = true;
                i = Math.max(ane, s + 1);
                continue;
            }
            int eq = in.skipWhitespace(ane, end);
            if (eq >= end || in.at(eq) != '=') {
                problems.at(ane, "attribute without a value");
                markup |= masks;
                broken = true;
                add(an, ane, ane, ane, colon, lastColon);
                i = eq;
                continue;
            }
            int v = in.skipWhitespace(eq + 1, end);
            int vs;
            int ve;
            if (v < end && (in.at(v) == '"' || in.at(v) == '\'')) {
                vs = v + 1;
                ve = in.valueEnd(vs, in.at(v));
                if (ve < 0) {
                    problems.atEnd(end, "input ends inside an attribute value");
                    broken = true;
                    ve = end;
                    i = end;
                } else {
                    i = ve + 1;
                }
                if (in.sawLessThan) {
                    problems.at(vs, "'<' in an attribute value");
                    markup |= masks;
                }
                if (in.firstAmpersand >= 0) {
                    markup |= references.check(in.firstAmpersand, ve) && masks;
                }
            } else {
                problems.at(v, "attribute value without quotes");
                markup |= masks;
                broken = true;
                vs = v;
                ve = v;
                while (ve < end && !Input.isWhitespace(in.at(ve)) && in.at(ve) != '>' && in.at(ve) != '<') {
                    ve++;
                }
                i = ve;
            }
            add(an, ane, vs, ve, colon, lastColon);
        }
    }

    /** Adds an attribute, noting a second one of the same name. */
    private void add(int ns, int ne, int vs, int ve, int colon, int lastColon) {
        int k = count * ATTR;
        if (k + ATTR > attrs.length) {
            attrs = Arrays.copyOf(attrs, attrs.length * 2);
        }
        for (int j = 0; j < k; j += ATTR) {
            if (in.regionEquals(attrs[j], attrs[j + 1], ns, ne)) {
                problems.at(ns, "duplicate attribute");
            }
        }
        attrs[k] = ns;
        attrs[k + 1] = ne;
        attrs[k + 2] = vs;
        attrs[k + 3] = ve;
        attrs[k + 4] = colon;
        attrs[k + 5] = lastColon;
        boolean declaration = (ne - ns == 5 || colon == ns + 5) && in.startsWith("xmlns", ns);
        attrs[k + 6] = declaration ? 1 : 0;
        declares |= declaration;
        prefixesAttribute |= !declaration && colon > ns;
        count++;
    }

    /** Whether the array kept for the next tag has grown past what is worth keeping. */
    boolean isLarge() {
        return attrs.length > 4096;
    }
}
