package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The namespace scope alone: what a prefix means at each depth, what a document read from another's text sees of
 * its host's declarations, and the checks of Namespaces in XML.
 */
class NamespaceScopeTest {
    private final Problems problems = new Problems();
    private final References references = new References(problems);
    private final StartTag tag = new StartTag(problems, references);
    private final NamespaceScope scope = new NamespaceScope(problems, references);
    private Input in;
    private String text;
    /** The number of elements open. */
    private int depth;

    /** Starts over on {@code text}, a run of start tags read by {@link #open}. */
    private void read(String text) {
        this.text = text;
        in = Input.of(text.toCharArray(), 0, text.length());
        problems.reset(in, false);
        references.reset(in);
        tag.reset(in, false);
        scope.reset(in);
        depth = 0;
    }

    /** Opens the element whose start tag is the {@code n}th '<' of the text, checking it as a document's is. */
    private void open(int n) {
        int p = -1;
        for (int i = 0; i <= n; i++) {
            p = text.indexOf('<', p + 1);
        }
        int ne = in.nameEnd(p + 1);
        int colon = in.firstColon;
        int lastColon = in.lastColon;
        tag.scan(ne);
        scope.open(++depth);
        scope.declare(tag, true);
        if (colon > p + 1) {
            scope.checkElement(depth, p + 1, colon, lastColon, ne);
        }
        scope.checkAttributes(tag);
    }

    /** What the prefix means where the scope is now (the default namespace for ""); it is in the text's tail. */
    private String uri(String prefix) {
        if (prefix.isEmpty()) {
            return scope.uri(0, 0);
        }
        int at = text.lastIndexOf("|" + prefix + "|") + 1;
        return scope.uri(at, at + prefix.length());
    }

    @Test
    void aPrefixMeansItsInnermostDeclarationAndStopsWhenItsElementCloses() {
        read("<a xmlns=\"urn:d\" xmlns:p=\"urn:1\"><b xmlns:p=\"urn:2\"><c> |p|q|xml|");
        open(0);
        open(1);
        open(2);
        assertEquals("urn:2", uri("p"));
        assertEquals("urn:d", uri(""));
        assertEquals(NamespaceScope.XML_NS, uri("xml"));
        assertNull(uri("q"), "a prefix bound nowhere: any namespace");
        assertNull(problems.what);
        scope.close(depth--);
        scope.close(depth--);
        assertEquals("urn:1", uri("p"), "b closed: its declaration is out of scope");
    }

    @Test
    void theDefaultNamespaceWithoutADeclarationIsNoNamespace() {
        read("<a>");
        open(0);
        assertEquals("", uri(""));
    }

    @Test
    void aDocumentReadFromAnothersTextSeesItsHostsDeclarations() {
        String hostText = "<a xmlns:p=\"urn:host\">";
        Input host = Input.of(hostText.toCharArray(), 0, hostText.length());
        Problems hostProblems = new Problems();
        hostProblems.reset(host, false);
        References hostReferences = new References(hostProblems);
        hostReferences.reset(host);
        StartTag hostTag = new StartTag(hostProblems, hostReferences);
        hostTag.reset(host, false);
        hostTag.scan(2);
        NamespaceScope hostScope = new NamespaceScope(hostProblems, hostReferences);
        hostScope.reset(host);
        hostScope.open(1);
        hostScope.declare(hostTag, true);

        String inner = "<p:x>p";
        Input innerIn = Input.of(inner.toCharArray(), 0, inner.length());
        scope.reset(innerIn);
        scope.inside(hostScope);
        assertEquals("urn:host", scope.uri(5, 6));
        scope.inside(null);
        assertNull(scope.uri(5, 6));
    }

    @Test
    void anUnboundPrefixIsAProblemOnAnElementAndOnAnAttribute() {
        read("<p:a>");
        open(0);
        assertEquals("unbound namespace prefix or not a qualified name", problems.what);
        read("<a q:b=\"1\">");
        open(0);
        assertEquals("unbound namespace prefix or not a qualified name", problems.what);
        read("<a:b:c xmlns:a=\"u\">");
        open(0);
        assertEquals("unbound namespace prefix or not a qualified name", problems.what, "two colons");
        read("<p:a xmlns:p=\"u\"><p:b>");
        open(0);
        open(1);
        assertNull(problems.what, "a child with its parent's prefix");
    }

    @Test
    void reservedPrefixesAndNamesAreProblems() {
        String[] bad = {
            "<a xmlns:xml=\"urn:other\">",
            "<a xmlns:p=\"http://www.w3.org/XML/1998/namespace\">",
            "<a xmlns:xmlns=\"urn:x\">",
            "<a xmlns=\"http://www.w3.org/2000/xmlns/\">",
            "<a xmlns:p=\"\">",
        };
        for (String b : bad) {
            read(b);
            open(0);
            assertEquals("namespace declaration of a reserved prefix or name, or of no name", problems.what, b);
        }
        read("<a xmlns:xml=\"http://www.w3.org/XML/1998/namespace\" xmlns=\"\">");
        open(0);
        assertNull(problems.what);
    }

    @Test
    void twoAttributesWithOneExpandedNameAreAProblemWhateverTheirPrefixesOrEscaping() {
        read("<a xmlns:p=\"urn:u\" xmlns:q=\"urn:&#117;\" p:x=\"1\" q:x=\"2\">");
        open(0);
        assertEquals("duplicate attribute once prefixes are resolved", problems.what);
        read("<a xmlns:p=\"urn:u\" xmlns:q=\"urn:v\" p:x=\"1\" q:x=\"2\">");
        open(0);
        assertNull(problems.what);
    }
}
