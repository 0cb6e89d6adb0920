package io.xmlformatter;

import java.util.Arrays;

/**
 * The namespace declarations in scope in a run's document, per open element, and the checks of Namespaces in XML:
 * reserved prefixes and names, every prefix bound, no two attributes with one expanded name. A document read from
 * another's text, CDATA or a literal sees its host's declarations too (see {@link #inside}). One per run's
 * {@link RunParts}; {@link #reset} starts it over for each run.
 */
final class NamespaceScope {
    static final String XML_NS = "http://www.w3.org/XML/1998/namespace";
    private static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/";
    /** What {@link #lookup} gives for the predeclared prefix {@code xml}. */
    private static final int XML_PREFIX = -2;
    private static final int UNBOUND = -1;
    /** Ints per declaration in {@link #ns}. */
    private static final int NS = 5;
    private static final String UNBOUND_PREFIX = "unbound namespace prefix or not a qualified name";

    private final Problems problems;
    private final References references;
    private Input in;
    /** The scope of the document that holds this one, or null. */
    private NamespaceScope parent;
    /**
     * Declarations in scope, {@link #NS} positions each: prefix start, prefix end (equal for the default), URI
     * range, and the prefix's {@link #prefixKey}.
     */
    private int[] ns = new int[8 * NS];
    private int count;
    /** Per depth, the number of declarations in scope before the element's own. */
    private int[] mark = new int[16];
    /** Per depth, the declaration of the element's prefix as {@link #checkElement} found it, or -1. */
    private int[] prefixDecl = new int[16];

    NamespaceScope(Problems problems, References references) {
        this.problems = problems;
        this.references = references;
    }

    /** Starts over, with nothing declared, for a run over {@code in}. */
    void reset(Input in) {
        this.in = in;
        parent = null;
        count = 0;
        prefixDecl[0] = -1;
    }

    /** Makes the declarations around a document's place in its host ({@code host}) visible in it; null: none. */
    void inside(NamespaceScope host) {
        parent = host;
    }

    /**
     * An element opens at {@code depth} (1 for the root): what it declares ({@link #declare}) is in scope until it
     * closes.
     */
    void open(int depth) {
        if (depth >= mark.length) {
            mark = Arrays.copyOf(mark, depth * 2);
            prefixDecl = Arrays.copyOf(prefixDecl, depth * 2);
        }
        mark[depth] = count;
        prefixDecl[depth] = -1;
    }

    /** The innermost open element, at {@code depth}, closes, and its declarations with it. */
    void close(int depth) {
        count = mark[depth];
    }

    /** Adds the namespace declarations of {@code tag}, the innermost element's, checking them if {@code check}. */
    void declare(StartTag tag, boolean check) {
        for (int a = 0; a < tag.count; a++) {
            if (!tag.isNamespaceDeclaration(a)) {
                continue;
            }
            int an = tag.nameStart(a);
            int ane = tag.nameEnd(a);
            int ps = ane - an > 5 ? an + 6 : ane;
            if (check) {
                checkDeclaration(an, ps, ane, tag.valueStart(a), tag.valueEnd(a));
            }
            int j = count * NS;
            if (j + NS > ns.length) {
                ns = Arrays.copyOf(ns, ns.length * 2);
            }
            ns[j] = ps;
            ns[j + 1] = ane;
            ns[j + 2] = tag.valueStart(a);
            ns[j + 3] = tag.valueEnd(a);
            ns[j + 4] = prefixKey(ps, ane);
            count++;
        }
    }

    /**
     * The reserved prefixes and names of Namespaces in XML: {@code xml} only for its namespace and that namespace
     * only for it, {@code xmlns} and its namespace never declared, no empty prefix, a prefix never bound to the
     * empty name.
     */
    private void checkDeclaration(int an, int ps, int pe, int vs, int ve) {
        boolean xmlPrefix = pe - ps == 3 && in.startsWith("xml", ps);
        boolean xmlName = ve - vs == XML_NS.length() && in.startsWith(XML_NS, vs);
        boolean xmlnsPrefix = pe - ps == 5 && in.startsWith("xmlns", ps);
        boolean xmlnsName = ve - vs == XMLNS_NS.length() && in.startsWith(XMLNS_NS, vs);
        if (pe - an == 6 || (ps < pe && vs == ve) || xmlPrefix != xmlName || xmlnsPrefix || xmlnsName) {
            problems.at(an, "namespace declaration of a reserved prefix or name, or of no name");
        }
    }

    /**
     * Checks that the prefix of the innermost element's name {@code [from, to)}, open at {@code depth}, whose first
     * and last colons are at {@code colon} and {@code lastColon}, is bound, and that the name has one colon and a
     * local part. An element that declares nothing and has its parent's prefix has its parent's declaration:
     * SOAP's elements mostly do, so there is no lookup.
     */
    void checkElement(int depth, int from, int colon, int lastColon, int to) {
        int decl = UNBOUND;
        if (colon == lastColon && colon < to - 1) {
            int p = mark[depth] == count ? prefixDecl[depth - 1] : -1;
            decl = p >= 0 && in.regionEquals(ns[p], ns[p + 1], from, colon) ? p : lookup(from, colon);
        }
        prefixDecl[depth] = decl;
        if (decl == UNBOUND) {
            problems.at(from, UNBOUND_PREFIX);
        }
    }

    /**
     * Namespaces in XML on the prefixed attributes of {@code tag}, the innermost element's: every prefix bound, a
     * prefixed name with one colon and a local part, no two attributes with the same local name in the same
     * namespace. A name starting with a colon is let be, as the JDK's parser does.
     */
    void checkAttributes(StartTag tag) {
        for (int a = 0; a < tag.count; a++) {
            int an = tag.nameStart(a);
            int ane = tag.nameEnd(a);
            int colon = tag.colon(a);
            if (colon <= an || tag.isNamespaceDeclaration(a)) {
                continue;
            }
            int decl = colon == tag.lastColon(a) && colon < ane - 1 ? lookup(an, colon) : UNBOUND;
            if (decl == UNBOUND) {
                problems.at(an, UNBOUND_PREFIX);
                continue;
            }
            for (int b = 0; b < a; b++) {
                int other = tag.prefixEnd(b);
                if (other >= 0 && in.regionEquals(colon, ane, other, tag.nameEnd(b))
                        && sameNamespace(decl, lookup(tag.nameStart(b), other))) {
                    problems.at(an, "duplicate attribute once prefixes are resolved");
                }
            }
        }
    }

    /** Whether two declarations name the same namespace, character references decoded. */
    private boolean sameNamespace(int a, int b) {
        if (a == b) {
            return true;
        }
        if (a < 0 || b < 0) {
            return false;
        }
        return in.regionEquals(ns[a + 2], ns[a + 3], ns[b + 2], ns[b + 3])
                || references.unescape(ns[a + 2], ns[a + 3], new FormatBuffer(64)).toString()
                        .equals(references.unescape(ns[b + 2], ns[b + 3], new FormatBuffer(64)).toString());
    }

    /**
     * The innermost declaration in scope of the prefix {@code [from, to)} (empty: the default namespace), as its
     * index in {@link #ns}; {@link #XML_PREFIX} or {@link #UNBOUND} without one.
     */
    private int lookup(int from, int to) {
        int key = prefixKey(from, to);
        for (int k = count * NS - NS; k >= 0; k -= NS) {
            if (ns[k + 4] == key && in.regionEquals(ns[k], ns[k + 1], from, to)) {
                return k;
            }
        }
        return to - from == 3 && in.startsWith("xml", from) ? XML_PREFIX : UNBOUND;
    }

    /** Length, first and last char of the prefix {@code [from, to)}: equal prefixes have equal keys. */
    private int prefixKey(int from, int to) {
        return from == to ? 0 : (to - from) << 24 ^ in.at(from) << 12 ^ in.at(to - 1);
    }

    /**
     * The namespace name of the prefix {@code [from, to)} (empty: the default namespace): declared here, or, in a
     * document read from the text, CDATA or a literal of another, declared around it there. Null for a prefix
     * bound nowhere: its name could be in any namespace, and paths match it whatever their namespace.
     */
    String uri(int from, int to) {
        int decl = lookup(from, to);
        if (decl == XML_PREFIX) {
            return XML_NS;
        }
        if (decl == UNBOUND) {
            return parent != null ? parent.inheritedUri(in.string(from, to)) : from == to ? "" : null;
        }
        return in.string(ns[decl + 2], ns[decl + 3]);
    }

    /**
     * The namespace of attribute {@code a} of {@code tag}: none ("") without a prefix, null when its name has
     * several colons (no namespace that can be told); see {@link #uri}.
     */
    String attributeUri(StartTag tag, int a) {
        int colon = tag.colon(a);
        if (colon != tag.lastColon(a)) {
            return null;
        }
        return colon < 0 ? "" : uri(tag.nameStart(a), colon);
    }

    private String inheritedUri(String prefix) {
        for (int k = count * NS - NS; k >= 0; k -= NS) {
            if (in.string(ns[k], ns[k + 1]).equals(prefix)) {
                return in.string(ns[k + 2], ns[k + 3]);
            }
        }
        if ("xml".equals(prefix)) {
            return XML_NS;
        }
        return parent != null ? parent.inheritedUri(prefix) : prefix.isEmpty() ? "" : null;
    }

    /** Whether the arrays kept for the next run have grown past what is worth keeping. */
    boolean isLarge() {
        return ns.length > 4096 || mark.length > 4096;
    }
}
