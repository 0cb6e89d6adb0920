package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The documents read from a run's text, CDATA or literals: run one after the other on kept buffers. */
class EmbeddedDocumentsTest {
    private final XmlFormatter masking = XmlFormatter.builder().anonymize("//Password").build();
    private final RunOptions document = RunOptions.document(masking, XmlFormatter.Layout.INDENT, false);
    private final References references = new References(new Problems());
    private final EmbeddedDocuments embedded = new EmbeddedDocuments(references);

    private FormatBuffer doc(String text) {
        FormatBuffer doc = embedded.doc();
        doc.clear();
        doc.append(text);
        return doc;
    }

    @Test
    void aDocumentIsFormattedAtItsHostsLevelIntoTheKeptOutput() {
        FormatRun run = embedded.run(document.embedded(true), doc("<a><Password>s</Password><b>1</b></a>"), 1,
                new long[] {masking.rules.rootExpected}, 0, null);
        assertNull(run.problems.what);
        assertEquals(1, run.masked);
        assertEquals("\n  <a>\n    <Password>[*****]</Password>\n    <b>1</b>\n  </a>", embedded.output().toString());
        FormatBuffer output = embedded.output();
        embedded.run(document.embedded(false), doc("<b> 2 </b>"), 1, new long[] {0}, 0, null);
        assertSame(output, embedded.output(), "the buffers are kept for the next document");
        assertEquals("<b> 2 </b>", output.toString(), "with whitespace as written, emptied first");
    }

    @Test
    void aProbeCountsAMaskedStartTagWithoutItsContent() {
        FormatRun run = embedded.run(document.probe(), doc("<Password>"), 0, new long[] {masking.rules.everyStep}, 0, null);
        assertEquals(1, run.masked);
    }

    /** The scope inside the start tag {@code <a xmlns:s="URI">} of a host document. */
    private static NamespaceScope hostDeclaring(String uri) {
        String host = "<a xmlns:s=\"" + uri + "\">";
        Problems problems = new Problems();
        References references = new References(problems);
        StartTag tag = new StartTag(problems, references);
        NamespaceScope scope = new NamespaceScope(problems, references);
        Input in = Input.of(host.toCharArray(), 0, host.length());
        problems.reset(in, false);
        references.reset(in);
        tag.reset(in, true);
        tag.scan(2);
        scope.reset(in);
        scope.open(1);
        scope.declare(tag, true);
        return scope;
    }

    @Test
    void aDocumentSeesItsHostsNamespaces() {
        XmlFormatter byUri = XmlFormatter.builder().anonymize("//{urn:s}Password").build();
        RunOptions options = RunOptions.document(byUri, XmlFormatter.Layout.COMPACT, false).embedded(false);
        String inner = "<s:Password>x</s:Password>";
        long[] every = {byUri.rules.everyStep};
        assertEquals(1, embedded.run(options, doc(inner), 0, every, 0, hostDeclaring("urn:s")).masked);
        assertEquals(0, embedded.run(options, doc(inner), 0, every, 0, hostDeclaring("urn:other")).masked);
        assertEquals(1, embedded.run(options, doc(inner), 0, every, 0, null).masked,
                "a prefix bound nowhere could be in any namespace");
    }

    @Test
    void aDocumentMatchesThePathStepsOfEveryLevelUpToTheHostsDepth() {
        long root = masking.rules.rootExpected;
        assertEquals(0, embedded.run(document.embedded(false), doc("<Password>x</Password>"), 0,
                new long[] {0, 0, root}, 1, null).masked, "deeper than depth: not seen");
        assertEquals(1, embedded.run(document.embedded(false), doc("<Password>x</Password>"), 0,
                new long[] {0, root, 0}, 2, null).masked, "an outer level's steps");
    }

    @Test
    void textIsReadWithItsReferencesDecodedCdataAsItIs() {
        String host = "&lt;a>&amp;lt;&lt;/a>";
        references.reset(Input.of(host.toCharArray(), 0, host.length()));
        assertEquals("<a>&lt;</a>", embedded.doc(0, host.length(), false).toString());
        assertEquals(host, embedded.doc(0, host.length(), true).toString());
    }

    @Test
    void aDocumentIsMarkupFromItsFirstToItsLastNonBlankChar() {
        assertTrue(EmbeddedDocuments.looksLikeDocument(doc("  <a/>\n")));
        assertTrue(EmbeddedDocuments.looksLikeDocument(doc("<?xml version=\"1.0\"?><a/>")));
        assertTrue(EmbeddedDocuments.looksLikeDocument(doc("<!-- c --><a/>")));
        assertFalse(EmbeddedDocuments.looksLikeDocument(doc("x <a/>")));
        assertFalse(EmbeddedDocuments.looksLikeDocument(doc("<a/> x")));
        assertFalse(EmbeddedDocuments.looksLikeDocument(doc("< a>")));
        assertFalse(EmbeddedDocuments.looksLikeDocument(doc("<>")));
    }
}
