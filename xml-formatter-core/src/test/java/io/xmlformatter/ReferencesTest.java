package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The references alone: escaped markup at any depth told, bad references noted, escaped text decoded. */
class ReferencesTest {
    private final Problems problems = new Problems();
    private final References references = new References(problems);

    /** Checks the references of {@code text}: whether it holds the reference to '<' at any depth. */
    private boolean check(String text) {
        char[] chars = text.toCharArray();
        Input in = Input.of(chars, 0, chars.length);
        problems.reset(in, false);
        references.reset(in);
        return references.check(text.indexOf('&'), chars.length);
    }

    private String unescape(String text) {
        char[] chars = ("--" + text).toCharArray();
        Input in = Input.of(chars, 0, chars.length);
        references.reset(in);
        return references.unescape(2, chars.length, new FormatBuffer(16)).toString();
    }

    @Test
    void theReferenceToLessThanIsToldAtAnyDepthOfEscapingAndInEverySpelling() {
        String[] lessThan = {
            "a &lt;b>", "&amp;lt;b>", "&amp;amp;lt;", "&amp;amp;amp;amp;amp;lt;", "&#60;", "&#0000060;", "&#x3C;",
            "&#x3c;", "&#x003c;", "&amp;#60;", "&amp;amp;#x3C;", "x &gt; y &lt;",
        };
        for (String t : lessThan) {
            assertTrue(check(t), t);
            assertNull(problems.what, t);
        }
        for (String t : new String[] {"&gt;", "&amp;", "&quot;&apos;", "&amp;gt;", "&#62;", "&amp;amp;", "&amp;#62;"}) {
            assertFalse(check(t), t);
        }
    }

    @Test
    void badReferencesAreNoted() {
        check("a & b");
        assertEquals("'&' that starts no reference", problems.what);
        assertEquals(2, problems.offset);
        check("&undeclared;");
        assertEquals("reference to an entity that no DOCTYPE declares", problems.what);
        check("&#1;");
        assertEquals("reference to a character XML does not allow", problems.what);
        check("&#xD800;");
        assertEquals("reference to a character XML does not allow", problems.what);
    }

    @Test
    void anEntityMayBeDeclaredOnceADoctypeWasSeen() {
        char[] chars = "&declared;".toCharArray();
        Input in = Input.of(chars, 0, chars.length);
        problems.reset(in, false);
        references.reset(in);
        references.doctypeSeen = true;
        assertFalse(references.check(0, chars.length));
        assertNull(problems.what);
        references.reset(in);
        assertFalse(references.doctypeSeen, "each run starts over");
    }

    @Test
    void unescapingDecodesPredefinedEntitiesAndCharacterReferencesOnly() {
        assertEquals("<a x=\"1\">'&'</a>", unescape("&lt;a x=&quot;1&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;"));
        assertEquals("<<<\u00e9", unescape("&#60;&#x3c;&#x3C;&#233;"));
        assertEquals("\ud83d\ude00", unescape("&#x1F600;"), "a supplementary character as its pair");
        assertEquals("&amp;lt;".substring(0, 1) + "lt;", unescape("&amp;lt;"), "one level at a time");
        assertEquals("&own; &#xZZ; &#1114112; & ;", unescape("&own; &#xZZ; &#1114112; & ;"),
                "what is not decoded stays as written");
    }
}
