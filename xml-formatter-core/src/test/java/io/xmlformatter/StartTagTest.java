package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The start-tag reader alone: where each attribute is, namespace declarations, breakage and markup in a tag. */
class StartTagTest {
    private final Problems problems = new Problems();
    private final References references = new References(problems);
    private final StartTag tag = new StartTag(problems, references);
    private Input in;

    /** Reads the start tag that {@code text} begins with, after a prefix of 3 chars the input does not include. */
    private int scan(String text, boolean masks, boolean inputCut) {
        char[] chars = ("...." + text).toCharArray();
        in = Input.of(chars, 3, chars.length);
        problems.reset(in, inputCut);
        references.reset(in);
        tag.reset(in, masks);
        return tag.scan(in.nameEnd(5));
    }

    private int scan(String text) {
        return scan(text, true, false);
    }

    private String name(int a) {
        return in.string(tag.nameStart(a), tag.nameEnd(a));
    }

    private String value(int a) {
        return in.string(tag.valueStart(a), tag.valueEnd(a));
    }

    @Test
    void attributesAreReadWithTheirValuesAndColons() {
        String t = "<p:e a=\"1\" p:b = 'two' c:d:e=\"3\">";
        assertEquals(4 + t.length(), scan(t + "text"));
        assertEquals(3, tag.count);
        assertEquals("a", name(0));
        assertEquals("1", value(0));
        assertEquals(-1, tag.colon(0));
        assertEquals("p:b", name(1));
        assertEquals("two", value(1));
        assertEquals(tag.nameStart(1) + 1, tag.colon(1));
        assertEquals(tag.colon(1), tag.prefixEnd(1));
        assertEquals("c:d:e", name(2));
        assertEquals(tag.nameStart(2) + 3, tag.lastColon(2));
        assertFalse(tag.selfClosing);
        assertFalse(tag.markup);
        assertFalse(tag.declares);
        assertTrue(tag.prefixesAttribute);
        assertNull(problems.what);
    }

    @Test
    void aSelfClosingTagAndOneWithoutAttributes() {
        assertEquals(4 + "<e/>".length(), scan("<e/>"));
        assertTrue(tag.selfClosing);
        assertEquals(0, tag.count);
        scan("<e >");
        assertFalse(tag.selfClosing, "every field is set again for the next tag");
    }

    @Test
    void namespaceDeclarationsAreToldFromOtherAttributes() {
        scan("<e xmlns=\"u\" xmlns:p=\"v\" xmlnsx=\"w\" xml:lang=\"en\">");
        assertTrue(tag.isNamespaceDeclaration(0));
        assertTrue(tag.isNamespaceDeclaration(1));
        assertFalse(tag.isNamespaceDeclaration(2));
        assertFalse(tag.isNamespaceDeclaration(3));
        assertTrue(tag.declares);
        assertTrue(tag.prefixesAttribute, "xml:lang");
        scan("<e xmlns:p=\"v\">");
        assertFalse(tag.prefixesAttribute, "a declaration is no prefixed attribute");
    }

    @Test
    void aSecondAttributeOfTheSameNameIsAProblem() {
        scan("<e a=\"1\" b=\"2\" a=\"3\">");
        assertEquals("duplicate attribute", problems.what);
        assertEquals(1 + "<e a=\"1\" b=\"2\" ".length(), problems.offset, "where the second one starts");
    }

    @Test
    void manyAttributesGrowTheArray() {
        StringBuilder t = new StringBuilder("<e");
        for (int i = 0; i < 100; i++) {
            t.append(" a").append(i).append("=\"").append(i).append('"');
        }
        scan(t.append('>').toString());
        assertEquals(100, tag.count);
        assertEquals("a99", name(99));
        assertEquals("99", value(99));
        assertNull(problems.what);
    }

    @Test
    void breakageIsReadAndNotedAndWithMaskingCountsAsMarkup() {
        String[][] cases = {
            {"<e a=1>", "attribute value without quotes"},
            {"<e a>", "attribute without a value"},
            {"<e a=\"x<y\">", "'<' in an attribute value"},
            {"<e a=\"1\"b=\"2\">", "attributes not separated by whitespace"},
            {"<e %=\"1\">", "invalid character in a start tag"},
        };
        for (String[] c : cases) {
            scan(c[0]);
            assertEquals(c[1], problems.what, c[0]);
            boolean noMarkup = c[1].startsWith("attributes not");
            assertEquals(!noMarkup, tag.markup, c[0]);
            scan(c[0], false, false);
            assertFalse(tag.markup, "without masking nothing is noted: " + c[0]);
        }
    }

    @Test
    void escapedMarkupInAValueCountsAsMarkupAtAnyDepthOfEscaping() {
        for (String v : new String[] {"&lt;x>", "&amp;lt;x>", "&amp;amp;amp;lt;x>", "&#60;x>", "&amp;#x3c;x>"}) {
            scan("<e a=\"" + v + "\">");
            assertTrue(tag.markup, v);
            assertNull(problems.what, v);
        }
        scan("<e a=\"&gt;&amp;&quot;\">");
        assertFalse(tag.markup);
    }

    @Test
    void anUnclosedTagEndsAtTheNextLessThanAndTheInputsEndIsAProblemUnlessItWasCut() {
        String t = "<e a=\"1\" ";
        assertEquals(4 + t.length(), scan(t + "<f/>"));
        assertEquals("start tag not closed", problems.what);
        assertEquals(4 + t.length(), scan(t));
        assertEquals("input ends inside a start tag", problems.what);
        scan(t, true, true);
        assertNull(problems.what, "a stream cut at its maximum may end anywhere");
        scan("<e a=\"1", true, true);
        assertNull(problems.what);
        assertEquals("1", value(0));
        scan("<e a=\"1");
        assertEquals("input ends inside an attribute value", problems.what);
    }
}
