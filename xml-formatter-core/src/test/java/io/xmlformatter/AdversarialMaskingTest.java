package io.xmlformatter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Attempts to get a secret past the masking. Every document is formatted through the char and the byte path,
 * in every layout, with embedded XML on and off; no output may contain any part of the secret.
 */
class AdversarialMaskingTest {

    /** All formatters the secrets are tried against: every layout, embedded XML on and off, caps on and off. */
    private static List<XmlFormatter> formatters(String... paths) {
        List<XmlFormatter> all = new ArrayList<>();
        for (int layout = 0; layout < 3; layout++) {
            for (boolean embedded : new boolean[] {false, true}) {
                for (int cap : new int[] {-1, 3}) {
                    XmlFormatter.Builder b = XmlFormatter.builder().anonymize(paths).embeddedXml(embedded)
                            .maxTextLength(cap).maxCdataLength(cap);
                    if (layout == 1) {
                        b.compact();
                    } else if (layout == 2) {
                        b.keepWhitespace();
                    }
                    all.add(b.build());
                }
            }
        }
        return all;
    }

    /** Formats {@code xml} every way and asserts that none of {@code fragments} appears. */
    private static void assertNoLeak(String xml, String path, String... fragments) {
        for (XmlFormatter f : formatters(path)) {
            String viaChars = f.format(xml);
            byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
            StringBuilder viaBytes = new StringBuilder();
            f.format(bytes, 0, bytes.length, viaBytes);
            for (String fragment : fragments) {
                assertFalse(viaChars.contains(fragment), () -> "leaked '" + fragment + "' in\n" + viaChars);
                assertFalse(viaBytes.toString().contains(fragment), () -> "leaked '" + fragment + "' in\n" + viaBytes);
            }
        }
    }

    @Test
    void nestedSameNameElements() {
        assertNoLeak("<doc><p><p>SECRET1</p>TAILSECRET</p><q>x</q></doc>", "//p", "SECRET");
        assertNoLeak("<doc><p><a><p>DEEPSECRET</p></a>AFTERSECRET</p></doc>", "//p", "SECRET");
    }

    @Test
    void cdataInsideTheSecret() {
        assertNoLeak("<r><Password><![CDATA[SECRET]]></Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><Password>A<![CDATA[SECRET]]>B</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><Password><![CDATA[<x>SECRET</x>]]></Password></r>", "//Password", "SECRET");
    }

    @Test
    void entityAndCharacterReferences() {
        assertNoLeak("<r><Password>&#83;&#69;&#x43;RETPART</Password></r>", "//Password", "&#83;", "RETPART");
        assertNoLeak("<r><Password>&amp;SECRET&lt;</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><Password>SEC&undeclared;RET</Password></r>", "//Password", "SEC", "RET");
        assertNoLeak("<r><Password>SEC&broken RET</Password></r>", "//Password", "SEC", "RET");
    }

    @Test
    void commentsAndProcessingInstructionsInsideTheSecret() {
        assertNoLeak("<r><Password>SEC<!-- note -->RET</Password></r>", "//Password", "SEC", "RET", "note");
        assertNoLeak("<r><Password>SEC<?pi PIDATA?>RET</Password></r>", "//Password", "SEC", "RET", "PIDATA");
        assertNoLeak("<r><Password>SEC<!-- unterminated RET", "//Password", "SEC", "RET");
    }

    @Test
    void aNameWithSeveralColonsIsMatchedByWhatFollowsTheLast() {
        assertNoLeak("<r><a:b:Password>SECRET</a:b:Password></r>", "//Password", "SECRET");
        assertNoLeak("<r xmlns:a=\"urn:a\"><a:b:Password>SECRET</a:b:Password></r>", "//{urn:a}Password", "SECRET");
        assertNoLeak("<r><x a:b:password=\"SECRET\"/></r>", "//@password", "SECRET");
    }

    @Test
    void prefixesAndDefaultNamespaces() {
        assertNoLeak("<r xmlns:w='urn:w'><w:Password>SECRET</w:Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><Password xmlns='urn:x'>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r xmlns:a='urn:a'><a:Password xmlns:a='urn:b'>SECRET</a:Password></r>", "//wsse:Password",
                "SECRET");
        assertNoLeak("<r xmlns:a='urn:a'><a:Password>SECRET</a:Password></r>", "//{urn:a}Password", "SECRET");
    }

    @Test
    void attributes() {
        assertNoLeak("<r><a key='SECRET1' other=\"x\"/><b key = \"SEC>RET\"/></r>", "//@key", "SECRET1", "SEC>",
                "SEC&gt;");
        assertNoLeak("<r><a key=\"SEC&quot;RET\"/></r>", "//@key", "SEC", "RET");
        assertNoLeak("<r><a key=SECRET2 /></r>", "//@key", "SECRET2");
        assertNoLeak("<r><a key='SECRET3", "//@key", "SECRET3");
        assertNoLeak("<r><a key=\"SECRET4\nLINE2\"/></r>", "//@key", "SECRET4", "LINE2");
    }

    @Test
    void malformedTails() {
        assertNoLeak("<r><Password>SECRET", "//Password", "SECRET");
        assertNoLeak("<r><Password>SECRET</Passw", "//Password", "SECRET");
        assertNoLeak("<r><Password>SEC<RET</Password></r>", "//Password", "SEC", "RET");
        assertNoLeak("<r><Password>SEC</r>RET</Password></r>", "//Password", "SEC", "RET");
        assertNoLeak("<r><Password>SEC</Other>RET</Password></r>", "//Password", "SEC", "RET");
        assertNoLeak("<r><Password>SEC<a>RET</Password>MORE</a></r>", "//Password", "SEC", "RET", "MORE");
        assertNoLeak("<r><Password a=\"/>\">SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><Password>SEC<!DOCTYPE x>RET</Password></r>", "//Password", "SEC", "RET");
        assertNoLeak("<r><Password>SEC<![CDATA[RET", "//Password", "SEC", "RET");
    }

    @Test
    void escapedInnerXmlUnderAMaskedPath() {
        assertNoLeak("<r><data>&lt;Password&gt;SECRET&lt;/Password&gt;</data></r>", "//Password", "SECRET");
        assertNoLeak("<r><data>Error in &lt;Password&gt;SECRET&lt;/Password&gt; field</data></r>", "//Password",
                "SECRET");
        assertNoLeak("<r><data>&amp;lt;Password&amp;gt;SECRET&amp;lt;/Password&amp;gt;</data></r>", "//Password",
                "SECRET");
        assertNoLeak("<r><data><![CDATA[<Password>SECRET</Password>]]></data></r>", "//Password", "SECRET");
        assertNoLeak("<r><data><![CDATA[<a>&lt;Password&gt;SECRET&lt;/Password&gt;</a>]]></data></r>",
                "//Password", "SECRET");
    }

    @Test
    void internalSubsetEntitiesAreMaskedWhenMasking() {
        assertNoLeak("<!DOCTYPE r [<!ENTITY pw 'SECRET'>]><r><Password>&pw;</Password></r>", "//Password",
                "SECRET");
    }

    @Test
    void multiByteSecretsThroughTheBytePath() {
        assertNoLeak("<r><Password>ГЕНИЙ😀SECRET</Password></r>", "//Password", "ГЕНИЙ", "😀", "SECRET");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<Envelope><Header><UsernameToken><Username>bob</Username><Password>SECRETPASSWORD</Password>"
            + "</UsernameToken></Header><Body/></Envelope>",
        "<r><Password><![CDATA[SECRETPASSWORD]]></Password></r>",
        "<r><x key=\"SECRETPASSWORD\"/></r>",
        "<r><d>&lt;Password&gt;SECRETPASSWORD&lt;/Password&gt;</d></r>"
    })
    void cutAtEveryPositionInsideTheSecret(String xml) {
        int at = xml.indexOf("SECRETPASSWORD");
        for (int cut = at + 1; cut < at + "SECRETPASSWORD".length(); cut++) {
            String prefix = xml.substring(at, cut);
            String fragment = prefix.length() >= 2 ? prefix : "SECRETPASSWORD";
            assertNoLeak(xml.substring(0, cut), xml.contains("key=") ? "//@key" : "//Password", fragment);
        }
    }

    @Test
    void documentLimitAtEveryPositionNeverShowsPartOfTheSecret() {
        String xml = "<r><a>visible</a><Password>SECRETPASSWORD</Password><b>after</b></r>";
        for (int limit = 0; limit <= xml.length() + 5; limit++) {
            XmlFormatter f = XmlFormatter.builder().anonymize("//Password").maxDocumentLength(limit).build();
            String out = f.format(xml);
            assertFalse(out.contains("SE"), out);
        }
    }

    @Test
    void maskingIsCountedAndFlagged() {
        XmlFormatter f = XmlFormatter.builder().wsSecurity().build();
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format("<Envelope><UsernameToken><Password>x</Password><Nonce>y</Nonce></UsernameToken>",
                out);
        assertEquals(2, r.maskedCount());
        assertFalse(r.wellFormed());
        assertTrue(out.toString().contains("[NOT WELL-FORMED XML: input ends with open elements"), out.toString());
    }

    @Test
    void everyReferenceThatDecodesToLessThanIsMarkup() {
        assertNoLeak("<p>&#60;Password&#62;SECRET&#60;/Password&#62;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&#x3C;Password&#x3E;SECRET&#x3C;/Password&#x3E;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&#x003c;Password>SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&amp;#60;Password&amp;#62;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&amp;#x3C;Password>SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&amp;#00000000000060;Password&amp;#62;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&#00000000000060;Password&#62;SECRET</p>", "//Password", "SECRET");
    }

    @Test
    void aMaskedNameSpelledWithReferencesIsFoundWhereverItIsDecoded() {
        assertNoLeak("<p>&lt;Pass&#119;ord&gt;SECRET&lt;/Pass&#119;ord&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;&#x50;assword&gt;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;Pass&#0000000119;ord&gt;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;Pass&#\u0661\u0661\u0669;ord&gt;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&amp;lt;Pass&amp;#119;ord&amp;gt;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&amp;lt;&amp;&#35;80;assword&amp;gt;SECRET&amp;lt;/&amp;&#35;80;assword&amp;gt;</p>",
                "//Password", "SECRET");
        assertNoLeak("<p>&amp;lt;&#38;#80;assword&amp;gt;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;x pass&#119;ord=\"SECRET\"/&gt;</p>", "//@password", "SECRET");
        assertNoLeak("<p>&lt;![CDATA[&amp;lt;Password&amp;gt;SECRET]]&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p><![CDATA[&lt;Pass&#119;ord&gt;SECRET]]></p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;a b=\"&lt;Pass&amp;#119;ord&gt;SECRET\"/&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;wsse:Password&gt;SECRET&lt;/wsse:Password&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;!DOCTYPE x [&lt;!ENTITY e 'SECRET'&gt;]&gt;&lt;x&gt;&amp;e;&lt;/x&gt;</p>", "//Password",
                "SECRET");
        assertNoLeak("<p>&lt;Security&gt;&lt;Key&gt;SECRET&lt;/Key&gt;&lt;/Security&gt;</p>", "//Security/*", "SECRET");
        assertNoLeak("<p>&lt;a:b:Password&gt;SECRET&lt;/a:b:Password&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&#60;Password&#x3e;SECRET</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;&amp;lt;Password&amp;gt;SECRET&lt;/x&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;x a=\"&amp;lt;Password&amp;gt;SECRET\"/&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;!-- &lt;Password&gt;SECRET --&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;?pi &lt;Password&gt;SECRET?&gt;</p>", "//Password", "SECRET");
        assertNoLeak("<p><![CDATA[<x><Password>SECRET</Password></x>]]></p>", "//Password", "SECRET");
        assertNoLeak("<p a=\"&lt;Password&gt;SECRET\"/>", "//Password", "SECRET");
        assertNoLeak("<p>&lt;x Password=\"SECRET\"/&gt;</p>", "//@Password", "SECRET");
        assertNoLeak("<p>&lt;x\npassword\n=\n'SECRET'/&gt;</p>", "//@password", "SECRET");
    }

    @Test
    void escapedMarkupThatCannotHoldAMaskedNameIsWrittenAsPlainFormattingWritesIt() {
        String xml = "<r><p>fits &lt;type-3&gt; frames &#60;or&#62; &#x3c;b&#x3e; &amp;amp; &#8364;</p>"
                + "<q><![CDATA[<Pass word=\"x\"/>]]></q></r>";
        List<XmlFormatter> masking = formatters("//Password", "//@password");
        List<XmlFormatter> plain = formatters();
        for (int i = 0; i < masking.size(); i++) {
            assertEquals(plain.get(i).format(xml), masking.get(i).format(xml));
        }
    }

    @Test
    void escapedMarkupInsideCdataIsMasked() {
        assertNoLeak("<p><![CDATA[&lt;Password&gt;SECRET&lt;/Password&gt;]]></p>", "//Password", "SECRET");
        assertNoLeak("<p><![CDATA[&#60;Password&#62;SECRET]]></p>", "//Password", "SECRET");
        assertNoLeak("<p><![CDATA[&amp;lt;Password&amp;gt;SECRET]]></p>", "//Password", "SECRET");
    }

    @Test
    void aLiteralThatRunsToTheEndIsMasked() {
        assertNoLeak("<r><a b=\"x><Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><a b='x><Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><!-- <Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<r><?pi <Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<!DOCTYPE r <r><Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<!DOCTYPE r SYSTEM \"x <r><Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<!DOCTYPE r [<!ENTITY a 'b'>] \"<r><Password>SECRET</Password></r>", "//Password", "SECRET");
        assertNoLeak("<soap:Envelope xmlns:soap=\"urn:s\"><soap:Header><wsse:Security xmlns:wsse=\"urn:w\">"
                + "<wsse:UsernameToken wsu:Id=\"x><wsse:Password>SECRET</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security></soap:Header></soap:Envelope>", "//Password", "SECRET");
    }

    @Test
    void closedCommentsProcessingInstructionsAndAttributeValuesHoldingMaskedMarkupAreMasked() {
        assertNoLeak("<r><!-- <Password>SECRET</Password> --></r>", "//Password", "SECRET");
        assertNoLeak("<r><?pi <Password>SECRET</Password>?></r>", "//Password", "SECRET");
        assertNoLeak("<r a=\"&lt;Password&gt;SECRET&lt;/Password&gt;\"/>", "//Password", "SECRET");
        assertNoLeak("<r a=\"<Password>SECRET</Password>\"/>", "//Password", "SECRET");
    }

    @Test
    void markupOutsideTheRootIsMasked() {
        assertNoLeak("<r/><![CDATA[<Password>SECRET</Password>]]>", "//Password", "SECRET");
        assertNoLeak("<r/>&lt;Password&gt;SECRET&lt;/Password&gt;", "//Password", "SECRET");
        assertNoLeak("&lt;Password&gt;SECRET&lt;/Password&gt;<r/>", "//Password", "SECRET");
        assertNoLeak("<r/><!--<Password>SECRET</Password>-->", "//Password", "SECRET");
    }

    @Test
    void xml11LineEndsEndNames() {
        assertNoLeak("<?xml version=\"1.1\"?><r><Password\u0085>SECRET</Password\u0085></r>", "//Password",
                "SECRET");
        assertNoLeak("<?xml version=\"1.1\"?><r><Password\u2028>SECRET</Password\u2028></r>", "//Password",
                "SECRET");
        assertFalse(XmlFormatter.builder().build().format(new StringBuilder("<r\u0085/>"), new StringBuilder())
                .wellFormed());
    }

    @Test
    void encodingsAreReadByTheirBytesAsAppendixFSays() {
        String doc = "<r><Password>SECRET</Password></r>";
        String decl = "<?xml version=\"1.0\" encoding=\"%s\"?>";
        java.util.List<byte[]> inputs = new java.util.ArrayList<>();
        for (String cs : new String[] {"UTF-32BE", "UTF-32LE", "UTF-16BE", "UTF-16LE"}) {
            inputs.add(doc.getBytes(java.nio.charset.Charset.forName(cs)));
            inputs.add(("\uFEFF" + doc).getBytes(java.nio.charset.Charset.forName(cs)));
        }
        inputs.add((String.format(decl, "IBM037") + doc).getBytes(java.nio.charset.Charset.forName("IBM037")));
        inputs.add((String.format(decl, "IBM500") + doc).getBytes(java.nio.charset.Charset.forName("IBM500")));
        inputs.add((String.format(decl, "UTF-16") + doc).getBytes(StandardCharsets.US_ASCII)); // contradicts
        inputs.add((String.format(decl, "IBM037") + doc).getBytes(StandardCharsets.US_ASCII)); // contradicts
        inputs.add((String.format(decl, "UTF-32") + doc).getBytes(StandardCharsets.US_ASCII)); // contradicts
        XmlFormatter f = XmlFormatter.builder().anonymize("//Password").build();
        for (byte[] b : inputs) {
            StringBuilder out = new StringBuilder();
            FormatResult r = f.format(b, 0, b.length, out);
            assertFalse(out.toString().contains("SECRET"), out::toString);
            assertTrue(out.toString().contains("<Password>[*****]</Password>"), out::toString);
            assertTrue(r.maskedCount() == 1, out::toString);
        }
        byte[] contradicting = (String.format(decl, "UTF-16") + doc).getBytes(StandardCharsets.US_ASCII);
        assertFalse(f.format(contradicting, 0, contradicting.length, new StringBuilder()).wellFormed());
    }

    @Test
    void asciiMarkupAfterAWideStartIsNotShownAsOtherCharacters() {
        XmlFormatter f = XmlFormatter.builder().wsSecurity().anonymize("//Password").build();
        java.nio.charset.Charset latin1 = StandardCharsets.ISO_8859_1;
        String[] docs = {
            "\u0000<wsse:BinarySecurityToken>SECRET</wsse:BinarySecurityToken>", // fuzzer finding 9
            "\u0000<Password\u0000>SECRET\u0000</Password\u0000>",            // wide tag ends, ASCII names
            "\u00FE\u00FF\u0000<\u0000r\u0000><Password>SECRET</Password>",   // byte order mark, then ASCII
            "\u0000\u0000\u0000<\u0000\u0000\u0000r\u0000\u0000\u0000>&lt;Password&gt;SECRET&lt;/Password&gt;",
        };
        for (String doc : docs) {
            byte[] b = doc.getBytes(latin1);
            StringBuilder out = new StringBuilder();
            FormatResult r = f.format(b, 0, b.length, out);
            for (String cs : new String[] {"UTF-16BE", "UTF-16LE", "UTF-32BE", "ISO-8859-1", "UTF-8"}) {
                String back = new String(out.toString().getBytes(java.nio.charset.Charset.forName(cs)), latin1);
                assertFalse(back.contains("SECRET") || back.contains("ECRE"), cs + ": " + out);
            }
            assertFalse(r.wellFormed(), out::toString);
        }
        // Where ASCII markup among wide characters would sit cannot be told: a path from the root masks it too.
        java.io.ByteArrayOutputStream mixed = new java.io.ByteArrayOutputStream();
        byte[] head = "\uFEFF<Envelope><Body>".getBytes(StandardCharsets.UTF_16BE);
        mixed.write(head, 0, head.length);
        mixed.write(0xC3);
        byte[] tail = "<Password>\u00e9\u00e9\u00e9".getBytes(StandardCharsets.UTF_8);
        mixed.write(tail, 0, tail.length);
        byte[] b = mixed.toByteArray();
        StringBuilder out = new StringBuilder();
        FormatResult r = XmlFormatter.builder().anonymize("/Envelope/Body/Password").build()
                .format(b, 0, b.length, out);
        assertTrue(out.toString().contains("content not shown"), out::toString);
        assertFalse(r.wellFormed());
    }

    @Test
    void whatTheFormatterRemovesOrPrunesStillCountsInsideALiteral() {
        XmlFormatter removing = XmlFormatter.builder().anonymize("//Password").removeProcessingInstructions(true)
                .removeComments(true).removeDoctype(true).build();
        XmlFormatter pruning = XmlFormatter.builder().anonymize("//Password").prune("//Body").build();
        String[] docs = {
            "<?xml version=\"1.0\" <?xml x <r><Password>SECRET</Password></r>", // fuzzer finding 12
            "<?pi a <?pi b ?> <r><Password>SECRET</Password></r>",
            "<!-- a <!-- <Password>SECRET</Password>",
            "<?pi <!DOCTYPE r [ <Password>SECRET</Password>",
        };
        for (String doc : docs) {
            String out = removing.format(doc);
            assertFalse(out.contains("SECRET"), out);
        }
        String out = pruning.format("<r><!-- <Body><Password>SECRET</Password></Body> --></r>");
        assertFalse(out.contains("SECRET"), out);
    }

    @Test
    void aMaskedStartTagInsideABrokenTagMasksWhatFollows() {
        XmlFormatter f = XmlFormatter.builder().wsSecurity().anonymize("//Password").build();
        String[] docs = {
            "<r><a \uf8b4x=\"1<wsse:Password Type=\"#PasswordText\">SECRET</wsse:Password></r>", // finding 13
            "<r><a b=\"<Password \" c>SECRET</Password></r>",
        };
        for (String doc : docs) {
            String out = f.format(doc);
            assertFalse(out.contains("SECRET"), out);
        }
    }

    @Test
    void anUnclosedLiteralHoldsTheRestOfTheDocumentAtEveryLevel() {
        XmlFormatter f = XmlFormatter.builder().anonymize("/Envelope/Body/Password").build();
        String rest = "</Header><Body><Password>SECRET</Password></Body></Envelope>";
        for (String open : new String[] {"<!-- x ", "<?pi x ", "<a b=\"", "<![CDATA[", "<!DOCTYPE r [ "}) {
            String out = f.format("<Envelope><Header>" + open + rest);
            assertFalse(out.contains("SECRET"), out);
        }
        assertEquals("<Envelope><Body><Password>[*****]</Password></Body></Envelope>",
                XmlFormatter.builder().anonymize("/Envelope/Body/Password").compact().build()
                        .format("<Envelope><Body><Password>x</Password></Body></Envelope>"));
    }

    @Test
    void markupReadFromTextOrALiteralSeesTheNamespacesAroundIt() {
        XmlFormatter f = XmlFormatter.builder().anonymize("//{urn:x}Password", "//@{urn:x}pin").build();
        String[] docs = {
            "<r xmlns:p=\"urn:x\"><!-- x <p:Password>SECRET</p:Password></r>",
            "<r xmlns:p=\"urn:x\">&lt;p:Password&gt;SECRET&lt;/p:Password&gt;</r>",
            "<r xmlns=\"urn:x\">&lt;Password&gt;SECRET&lt;/Password&gt;</r>",
            "<r xmlns:p=\"urn:x\"><![CDATA[<p:Password>SECRET</p:Password>]]></r>",
            "<r xmlns:p=\"urn:x\"><a>&lt;b p:pin=\"SECRET\"/&gt;</a></r>",
            "<r xmlns:p=\"urn:x\"><a>&lt;b&gt;&amp;lt;p:Password&amp;gt;SECRET"
                    + "&amp;lt;/p:Password&amp;gt;&lt;/b&gt;</a></r>",
        };
        for (String doc : docs) {
            String out = f.format(doc);
            assertFalse(out.contains("SECRET"), out);
        }
        String other = f.format("<r xmlns:p=\"urn:y\">&lt;p:Password&gt;shown&lt;/p:Password&gt;</r>");
        assertTrue(other.contains("shown"), other);
        // A prefix bound nowhere could stand for any namespace.
        String unbound = f.format("<r><q:Password>SECRET</q:Password><Password>shown</Password></r>");
        assertFalse(unbound.contains("SECRET"), unbound);
        assertTrue(unbound.contains("shown"), unbound);
    }

    @Test
    void bytesThatAreNoTextInTheirEncodingAreNotShown() {
        // A UTF-16LE byte order mark and U+0000 are the UTF-32LE byte order mark; read as UTF-32, most of the
        // UTF-16 text is malformed, but a secret's character and a NUL make one valid UTF-32 character.
        XmlFormatter f = XmlFormatter.builder().anonymize("//Password").build();
        String secret = "\uE000\uE001\uE002";
        byte[] b = ("\uFEFF\u0000<\u0000r\u0000>\u0000&lt;Password&gt;" + secret
                + "\u0000x&lt;/Password&gt;<\u0000/\u0000r\u0000>\u0000").getBytes(StandardCharsets.UTF_16LE);
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format(b, 0, b.length, out);
        assertFalse(out.toString().matches("(?s).*[\uE000-\uE002].*"), out::toString);
        assertFalse(r.wellFormed());
        // A cut inside the last character of real UTF-32 is no error.
        byte[] utf32 = "<r><Password>x</Password><s>yz</s></r>".getBytes(java.nio.charset.Charset.forName("UTF-32LE"));
        StringBuilder cut = new StringBuilder();
        f.formatPrefix(utf32, 0, utf32.length - 2, utf32.length, cut);
        assertTrue(cut.toString().contains("<Password>[*****]</Password>"), cut::toString);
        assertFalse(cut.toString().contains("content not shown"), cut::toString);
    }

    @Test
    void wellFormednessIsCheckedPerNamespacesInXml() {
        XmlFormatter f = XmlFormatter.builder().build();
        String[] notNamespaceWellFormed = {
            "<a:r/>", "<r a:b=\"1\"/>", "<r xmlns:a=\"urn:x\"><a:s/></r><a:t/>",
            "<r xmlns:a=\"urn:x\" xmlns:b=\"urn:x\" a:c=\"1\" b:c=\"2\"/>",
            "<r xmlns:a=\"urn:~x\" xmlns:b=\"urn:&#x7E;x\" a:c=\"1\" b:c=\"2\"/>",
            "<r xmlns:xml=\"urn:x\"/>", "<r xmlns:y=\"http://www.w3.org/XML/1998/namespace\"/>",
            "<r xmlns:xmlns=\"urn:x\"/>", "<r xmlns=\"http://www.w3.org/2000/xmlns/\"/>", "<r xmlns:a=\"\"/>",
            "<r xmlns:=\"urn:x\"/>", "<a:r: xmlns:a=\"urn:x\"/>", "<a:b:c xmlns:a=\"urn:x\"/>",
            // a prefix whose declaration went out of scope with a sibling; one that only looks like the parent's
            "<r><a:s xmlns:a=\"urn:x\"/><a:t/></r>", "<r><a:s xmlns:a=\"urn:x\"><a:t/></a:s><x><a:u/></x></r>",
            "<aXb:r xmlns:aXb=\"urn:x\"><aYb:s/></aXb:r>", "<aXb:r xmlns:aXb=\"urn:x\"><r aYb:s=\"1\"/></aXb:r>",
        };
        for (String doc : notNamespaceWellFormed) {
            FormatResult r = f.format(doc, new StringBuilder());
            assertFalse(r.wellFormed(), doc);
        }
        String[] wellFormed = {
            "<a:r xmlns:a=\"urn:x\"><a:s a:t=\"1\" t=\"2\"/></a:r>", "<r xml:lang=\"en\" xmlns=\"\"/>",
            "<r xmlns:a=\"urn:x\" xmlns:b=\"urn:y\" a:c=\"1\" b:c=\"2\"/>",
            "<r xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>",
            "<r><a:s xmlns:a=\"urn:x\"/><a:s xmlns:a=\"urn:y\"/></r>",
            "<a:r xmlns:a=\"urn:x\"><a:s xmlns:b=\"urn:y\"><a:t><a:u b:v=\"1\"/></a:t></a:s></a:r>",
            "<aXb:r xmlns:aXb=\"urn:x\" xmlns:aYb=\"urn:y\"><aYb:s><aXb:t/></aYb:s></aXb:r>",
        };
        for (String doc : wellFormed) {
            FormatResult r = f.format(doc, new StringBuilder());
            assertTrue(r.wellFormed(), doc + " " + r.problem());
        }
        // Embedded documents are often fragments that use their host's prefixes: not checked.
        assertTrue(XmlFormatter.builder().embeddedXml(true).build()
                .format("<r>&lt;a:b&gt;x&lt;/a:b&gt;</r>", new StringBuilder()).wellFormed());
    }

    @Test
    void everyReferenceIsCheckedWhateverItsSpelling() {
        XmlFormatter f = XmlFormatter.builder().build();
        String[] notWellFormed = {
            "<r>&quo;</r>", "<r>&apos</r>", "<r>a &amp b</r>", "<r>&ltx;</r>", "<r>&lt</r>", "<r>&#0;</r>",
            "<r>&amp;&</r>", "<r a=\"&quott;\"/>", "<r a=\"&gt\"/>", "<r>&AMP;</r>", "<r>&#;</r>",
        };
        for (String doc : notWellFormed) {
            assertFalse(f.format(doc, new StringBuilder()).wellFormed(), doc);
        }
        String[] wellFormed = {
            "<r>&lt;&gt;&amp;&quot;&apos;&#60;&#x3C;&amp;lt;</r>", "<r a=\"&apos;&quot;&amp;\"/>",
            "<!DOCTYPE r [<!ENTITY e \"x\">]><r>&e;</r>",
        };
        for (String doc : wellFormed) {
            FormatResult r = f.format(doc, new StringBuilder());
            assertTrue(r.wellFormed(), doc + " " + r.problem());
        }
    }

    @Test
    void aDoctypeOfBlanksToTheEndOfAnExactArrayStaysInRange() {
        byte[] b = "<!DOCTYPE   ".getBytes(StandardCharsets.US_ASCII);
        StringBuilder out = new StringBuilder();
        FormatResult r = XmlFormatter.builder().build().format(b, 0, b.length, out);
        assertFalse(r.wellFormed());
        assertFalse(out.toString().contains("formatter error"), out::toString);
        char[] c = "<!DOCTYPE \t".toCharArray();
        assertFalse(XmlFormatter.builder().build().format(c, 0, c.length, new StringBuilder()).wellFormed());
    }

    @Test
    void formattingTheOutputOfAMalformedDocumentAgainChangesNothing() {
        XmlFormatter f = XmlFormatter.builder().anonymize("//Password").build();
        for (String doc : new String[] {"<r><a>text</r>", "garbage<r/>", "<r><Password>x</Password>", "<r a=b/>"}) {
            String once = f.format(doc);
            assertTrue(once.contains("[NOT WELL-FORMED XML: "), once);
            String twice = f.format(once);
            assertTrue(twice.indexOf("[NOT WELL-FORMED XML: ") == twice.lastIndexOf("[NOT WELL-FORMED XML: "), twice);
        }
    }

    /** Markup escaped three times or more (issue 32): every depth, by name and by character reference. */
    @Test
    void markupEscapedAtAnyDepth() {
        for (int depth = 1; depth <= 8; depth++) {
            String amp = "&" + "amp;".repeat(depth - 1);
            for (String lt : new String[] {"lt;", "#60;", "#x3C;"}) {
                String open = amp + lt + "password" + amp + "gt;";
                String close = amp + lt + "/password" + amp + "gt;";
                assertNoLeak("<a><b>" + open + "DEEPSECRET" + close + "</b></a>", "//password", "DEEPSECRET");
                assertNoLeak("<a><b><![CDATA[" + open + "CDSECRET" + close + "]]></b></a>", "//password", "CDSECRET");
                assertNoLeak("<a x=\"" + open + "ATTSECRET" + close + "\"/>", "//password", "ATTSECRET");
            }
        }
    }

    /** Markup split across adjacent CDATA sections, or CDATA and text, in one element (issue 32). */
    @Test
    void markupSplitAcrossAdjacentChunks() {
        String[] docs = {
            "<a><b><![CDATA[<pass]]><![CDATA[word>SPLITSECRET</password>]]></b></a>",
            "<a><b><![CDATA[<password>]]>SPLITSECRET<![CDATA[</password>]]></b></a>",
            "<a><b>&lt;pass<![CDATA[word>SPLITSECRET</password>]]></b></a>",
            "<a><b>&lt;password&gt;<![CDATA[SPLITSECRET]]>&lt;/password&gt;</b></a>",
            "<a><b>&lt;password&gt;<!-- between -->SPLITSECRET&lt;/password&gt;</b></a>",
            "<a><b><![CDATA[<password>]]> <![CDATA[SPLITSECRET]]></b></a>",
            "<a><b><![CDATA[<]]><![CDATA[password>SPLITSECRET</password>]]></b></a>",
            "<a><b>&amp;lt;pass<![CDATA[word&gt;SPLITSECRET]]></b></a>",
            "<a><b &lt;pass<![CDATA[word>SPLITSECRET</password>]]></b></a>", // fuzzer finding 16: in a broken tag
            "<a><b &lt;pass>word>SPLITSECRET</b></a>",
            "<a><b x=&lt;pass>word>SPLITSECRET</b></a>",
            "<a><b x=\"1\" &amp;lt;pass y>word>SPLITSECRET</b></a>",
            "<a><b><pass<![CDATA[word>SPLITSECRET</password>]]></b></a>",
            "<a><?x <b &lt;pass<![CDATA[word>SPLITSECRET</password>]]></a>", // finding 17: in an unclosed PI
            "<a><!-- <pass<![CDATA[word>SPLITSECRET</password>]]> --></a>",
        };
        for (String doc : docs) {
            assertNoLeak(doc, "//password", "SPLITSECRET");
        }
        String plain = XmlFormatter.builder().anonymize("//password").build()
                .format("<a><b><![CDATA[<i>ok</i>]]></b><c>kept</c>text<![CDATA[also kept]]><d x=\"1 &lt; 2\">as "
                        + "well</d></a>");
        assertTrue(plain.contains("<i>ok</i>") && plain.contains("kept") && plain.contains("also kept")
                && plain.contains("as well"), plain);
    }
}
