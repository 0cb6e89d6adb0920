package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The options of each kind of run: the document's, its embedded documents' at each level, the probes'. */
class RunOptionsTest {
    private final XmlFormatter removing = XmlFormatter.builder()
            .removeComments(true)
            .removeDoctype(true)
            .removeXmlDeclaration(true)
            .removeProcessingInstructions(true)
            .maxDocumentLength(1000)
            .build();

    @Test
    void theDocumentsOptionsFollowTheLayoutAndOnlyItIsLimitedAndChecked() {
        RunOptions indent = RunOptions.document(removing, XmlFormatter.Layout.INDENT, false);
        assertEquals(0, indent.embedding);
        assertTrue(indent.indent);
        assertFalse(indent.keepWhitespace);
        assertEquals(1000, indent.documentLimit);
        assertTrue(indent.checksNamespaces);
        assertFalse(indent.writesComments);
        assertFalse(indent.inputCut);
        RunOptions keep = RunOptions.document(removing, XmlFormatter.Layout.KEEP, true);
        assertFalse(keep.indent);
        assertTrue(keep.keepWhitespace);
        assertTrue(keep.inputCut);
        RunOptions embedded = indent.embedded(true);
        assertEquals(1, embedded.embedding);
        assertEquals(Long.MAX_VALUE, embedded.documentLimit);
        assertFalse(embedded.checksNamespaces);
        assertFalse(embedded.tracksNamespaces, "no {uri} path: nothing to resolve");
        assertFalse(embedded.inputCut);
    }

    @Test
    void anEmbeddedDocumentIsIndentedOnlyWhereItsHostIs() {
        RunOptions indent = RunOptions.document(removing, XmlFormatter.Layout.INDENT, false);
        assertTrue(indent.embedded(true).indent);
        assertFalse(indent.embedded(true).keepWhitespace);
        assertFalse(indent.embedded(false).indent);
        assertTrue(indent.embedded(false).keepWhitespace);
        RunOptions compact = RunOptions.document(removing, XmlFormatter.Layout.COMPACT, false);
        assertFalse(compact.embedded(true).indent);
        assertFalse(compact.embedded(false).embedded(true).indent);
    }

    @Test
    void aProbeReadsWhatTheFormatterRemoves() {
        RunOptions trial = RunOptions.trial(removing, false);
        assertTrue(trial.probe);
        for (RunOptions o : new RunOptions[] {trial, RunOptions.document(removing, XmlFormatter.Layout.INDENT, false)
                .probe()}) {
            assertTrue(o.writesComments);
            assertTrue(o.writesDoctype);
            assertTrue(o.writesXmlDeclaration);
            assertTrue(o.writesProcessingInstructions);
            assertFalse(o.indent);
        }
        assertTrue(RunOptions.document(removing, XmlFormatter.Layout.INDENT, false).probe().keepWhitespace);
        assertFalse(trial.probe().embedded(true).probe, "a probe's own embedded documents are formatted runs");
    }

    @Test
    void eachLevelIsMadeOnceAndTheLastHasNoneBelowIt() {
        RunOptions o = RunOptions.document(removing, XmlFormatter.Layout.INDENT, false);
        assertSame(o.embedded(true), o.embedded(true));
        assertSame(o.embedded(false).probe(), o.probe().probe(), "one object per kind and level");
        for (int level = 1; level <= RunOptions.MAX_EMBEDDING; level++) {
            o = o.embedded(true);
            assertEquals(level, o.embedding);
        }
        assertNull(o.embedded(true));
        assertNull(o.embedded(false));
        assertNull(o.probe());
    }
}
