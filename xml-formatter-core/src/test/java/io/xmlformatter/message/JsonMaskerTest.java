package io.xmlformatter.message;

import io.xmlformatter.XmlFormatter;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** JSON masking: every kind of value, escapes, nesting, broken input (the CXF JSON masking defects). */
class JsonMaskerTest {
    private final JsonMasker masker = new JsonMasker(Arrays.asList("password", "card"), Collections.emptyList(),
            Collections.emptyList(), XmlFormatter.DEFAULT_MASK, null, null, null, null);

    private String mask(String json) {
        StringBuilder out = new StringBuilder();
        masker.mask(json, false, out);
        return out.toString();
    }

    @Test
    void everyKindOfValueIsMaskedWhole() {
        assertEquals("{\"user\":\"bob\",\"password\":\"[*****]\"}", mask("{\"user\":\"bob\",\"password\":\"s3cr3t\"}"));
        assertEquals("{\"password\": \"[*****]\", \"n\": 1}", mask("{\"password\": 123456, \"n\": 1}"));
        assertEquals("{\"password\":\"[*****]\"}", mask("{\"password\":true}"));
        assertEquals("{\"card\":\"[*****]\",\"x\":2}", mask("{\"card\":{\"number\":\"4111\",\"cvv\":[1,2]},\"x\":2}"));
        assertEquals("{\"password\":\"[*****]\"}", mask("{\"password\":[\"a\",\"b\"]}"));
    }

    @Test
    void nestedAndInArrays() {
        assertEquals("[{\"password\":\"[*****]\"},{\"a\":{\"password\":\"[*****]\"}}]",
                mask("[{\"password\":\"x\"},{\"a\":{\"password\":\"y\"}}]"));
    }

    @Test
    void escapesNeitherLeakNorBreakTheOutput() {
        String out = mask("{\"password\":\"ab\\\"cd\\\"ef\",\"next\":\"ok\"}");
        assertEquals("{\"password\":\"[*****]\",\"next\":\"ok\"}", out);
        assertEquals("{\"pass\\u0077ord\":\"[*****]\"}", mask("{\"pass\\u0077ord\":\"hidden\"}"));
    }

    /** Finding of the audit at {@code 92fcdc9}: JSON serialised into a string of JSON kept its configured key's value. */
    @Test
    void jsonInsideAStringIsMaskedAsJson() {
        assertEquals("{\"event\":\"{\\\"user\\\":\\\"bob\\\",\\\"password\\\":\\\"[*****]\\\"}\",\"n\":1}",
                mask("{\"event\":\"{\\\"user\\\":\\\"bob\\\",\\\"password\\\":\\\"s3cr3t\\\"}\",\"n\":1}"));
        String twice = "{\"outer\":\"{\\\"inner\\\":\\\"{\\\\\\\"password\\\\\\\":\\\\\\\"s3cr3t\\\\\\\"}\\\"}\"}";
        assertFalse(mask(twice).contains("s3cr3t"), "escaped twice: " + mask(twice));
        assertEquals("[\" [{'password':\\\"[*****]\\\"}]\"]", mask("[\" [{'password':'s3cr3t'}]\"]"), "lenient JSON within");
        assertEquals("{\"note\":\"{[NOT WELL-FORMED JSON: ':' after a name expected at offset 5; the remaining 9"
                + " chars not shown]\"}", mask("{\"note\":\"{not json}\"}"),
                "a string read as JSON fails closed too (the word before the failure taken back)");
        assertEquals("{\"note\":\"{\\\"a\\\":1}\"}", mask("{\"note\":\"{\\\"a\\\":1}\"}"), "nothing masked: as written");
        StringBuilder cut = new StringBuilder();
        masker.mask("{\"event\":\"{\\\"password\\\":\\\"s3c", true, cut);
        assertFalse(cut.toString().contains("s3c"), cut.toString());
    }

    @Test
    void keysAreOnlyKeys() {
        assertEquals("{\"note\":\"password\",\"list\":[\"password\",\"card\"]}",
                mask("{\"note\":\"password\",\"list\":[\"password\",\"card\"]}"));
    }

    @Test
    void brokenOrCutInputFailsClosed() {
        StringBuilder out = new StringBuilder();
        JsonMasker.Result r = masker.mask("{\"a\":1,\"password\":\"s3cr", false, out);
        assertFalse(out.toString().contains("s3cr"), out.toString());
        assertFalse(r.wellFormed);
        assertEquals(1, r.masked);
        assertFalse(mask("{\"card\":{\"number\":\"4111 1111").contains("4111"));
        assertTrue(masker.mask("{}", false, new StringBuilder()).wellFormed);
    }

    @Test
    void keysMatchInAnyLetterCase() {
        assertEquals("{\"Password\":\"[*****]\",\"CARD\":\"[*****]\"}", mask("{\"Password\":\"x1\",\"CARD\":\"x2\"}"));
        assertEquals("{\"PASS\\u0057ORD\":\"[*****]\"}", mask("{\"PASS\\u0057ORD\":\"x\"}"));
    }

    @Test
    void lenientJsonIsReadAsLenientReadersReadIt() {
        String[] shapes = {
            "{'password':'s3cr3t'}",
            "{password:'s3cr3t'}",
            "{password:s3cr3t}",
            "{ Password : \"s3cr3t\" }",
            "{'user':'bob';'password'='s3cr3t'}",
            "{\"user\":\"bob\",\"password\"=>\"s3cr3t\"}",
            "{\"password\" /* note */ : \"s3cr3t\"}",
            "{\"password\": // note\n \"s3cr3t\"}",
            "{\"password\": # note\n \"s3cr3t\"}",
            "{'user':'it''s, \\'quoted\\' }', 'password': 's3cr3t'}",
            "{\"a\":{'b':[1,{password:{x:'s3cr3t'}}]}}",
            "{'password':'s3cr3t",
        };
        for (String json : shapes) {
            StringBuilder out = new StringBuilder();
            JsonMasker.Result r = masker.mask(json, false, out);
            assertFalse(out.toString().contains("s3cr3t"), json + " -> " + out);
            assertEquals(1, r.masked, json);
            assertFalse(r.wellFormed, json + " is not strict JSON");
        }
    }

    /**
     * Issue 62: JSON the reader cannot follow was written with every value in clear (an anti-XSSI guard before the
     * object, a stray quote before or inside it). Past the first place it cannot follow, nothing is shown but a
     * marker; what came before it is masked as usual.
     */
    /**
     * BodyMaskingFuzzTest findings 12 and 13: a card number written unquoted in groups showed its first group before
     * the fail marker, or before the cut.
     */
    @Test
    void anUnquotedTokenRightBeforeTheFailureIsTakenBack() {
        assertEquals("[[#[*****]\n [NOT WELL-FORMED JSON: ',' or the end of the array expected at offset 22; the"
                + " remaining 23 chars not shown]", mask("[[# password: x\n 4929 8046 1775 0034 ]]]"));
        String grouped = mask("{\"n\": 4711 0815}");
        assertFalse(grouped.contains("4711"), grouped);
        assertTrue(grouped.startsWith("{\"n\": [NOT WELL-FORMED JSON:"), grouped);
        StringBuilder cutOff = new StringBuilder();
        masker.mask("[# x\n 4929 ", true, cutOff);
        assertFalse(cutOff.toString().contains("4929"), "finding 13, at a cut: " + cutOff);
        String lines = mask("[1,\n2\n3]");
        assertTrue(lines.startsWith("[1,\n2\n[NOT WELL-FORMED JSON:"), "a token on a line of its own stays: " + lines);
    }

    @Test
    void pastThePlaceTheReaderCannotFollowNothingIsShown() {
        String[] shapes = {
            "\"{\"password\":\"s3cr3t\"}",
            "'{\"password\":\"s3cr3t\"}",
            "{\"a\":\"b\"\", \"password\":\"s3cr3t\"}",
            "{\"a\":\"he said \"hi\"\", \"note\":\"s3cr3t\"}",
            "{\"a\":\"b\" \"note\":\"s3cr3t\"}",
            "{\"a\":'b}\n{\"note\":\"s3cr3t\"}",
            "{\"a\":\"line\nbreak\", \"note\":\"s3cr3t\"}",
            "{\"a\":1}} {\"note\":\"s3cr3t\"}",
            "{\"a\":1] \"s3cr3t\"",
            "{\"a\":1} \"s3cr3t\"",
            "@{\"note\":\"s3cr3t\"}",
            "{\"a\" \"s3cr3t\"}",
            "{\"a\":\"x\", \"note\":\"s3cr3t",
            "[\"a\" \"s3cr3t\"]",
        };
        for (String json : shapes) {
            StringBuilder out = new StringBuilder();
            JsonMasker.Result r = masker.mask(json, false, out);
            assertFalse(out.toString().contains("s3cr3t"), json + " -> " + out);
            assertTrue(out.toString().contains("[NOT WELL-FORMED JSON: "), json + " -> " + out);
            assertFalse(r.wellFormed, json);
            assertTrue(r.masked >= 1, json);
        }
        String nested = mask("{\"event\":\"{\\\"a\\\":\\\"b\\\"\\\" \\\"note\\\":\\\"s3cr3t\\\"}\"}");
        assertFalse(nested.contains("s3cr3t"), "JSON in a string: " + nested);
        assertTrue(nested.contains("[NOT WELL-FORMED JSON: "), nested);
        assertEquals("{\"a\":\"b\"[NOT WELL-FORMED JSON: ',' or the end of the object expected at offset 8; the"
                + " remaining 23 chars not shown]", mask("{\"a\":\"b\"\", \"password\":\"s3cr3t\"}"));
    }

    /** Issue 62: what services write before JSON is recognised, and the JSON after it masked. */
    @Test
    void guardsCallsAndByteOrderMarksBeforeTheJsonAreReadPast() {
        assertEquals(")]}',\n{\"password\":\"[*****]\"}", mask(")]}',\n{\"password\":\"x\"}"));
        assertEquals(")]}'\n[{\"password\":\"[*****]\"}]", mask(")]}'\n[{\"password\":\"x\"}]"));
        assertEquals("while(1);{\"password\":\"[*****]\"}", mask("while(1);{\"password\":\"x\"}"));
        assertEquals("for (;;); {\"password\":\"[*****]\"}", mask("for (;;); {\"password\":\"x\"}"));
        assertEquals("\uFEFF{\"password\":\"[*****]\"}", mask("\uFEFF{\"password\":\"x\"}"));
        assertEquals("/**/ jQuery_1.cb({\"password\":\"[*****]\"});", mask("/**/ jQuery_1.cb({\"password\":\"x\"});"));
        StringBuilder out = new StringBuilder();
        JsonMasker.Result r = masker.mask("cb({\"a\":1});", false, out);
        assertTrue(r.wellFormed);
        assertEquals("{\"a\":1}", out.substring(r.jsonFrom, r.jsonTo));
        assertFalse(mask("cb({\"a\":1}) {\"note\":\"s3cr3t\"}").contains("s3cr3t"), "one value in a call");
        assertFalse(mask("cb({\"a\":1}, \"s3cr3t\")").contains("s3cr3t"), "one argument");
    }

    /** Newline-delimited JSON: values on lines of their own are each read. */
    @Test
    void valuesOnLinesOfTheirOwnAreEachRead() {
        StringBuilder out = new StringBuilder();
        JsonMasker.Result r = masker.mask("{\"password\":\"x\"}\n{\"password\":\"y\"}\n[1]\n", false, out);
        assertEquals("{\"password\":\"[*****]\"}\n{\"password\":\"[*****]\"}\n[1]\n", out.toString());
        assertTrue(r.wellFormed);
        assertEquals(2, r.masked);
    }
}
