package io.xmlformatter;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Random documents with secrets (every "ZQ..." token) only at masked places: inside {@code Password} elements
 * (at any depth, in text, CDATA, comments, attributes, escaped or CDATA-embedded XML) and in {@code key}
 * attributes. Under every combination of options the secrets never show; formatting is idempotent; cutting
 * the input anywhere never shows a secret either.
 */
class RandomDocumentProperties {
    private static final String[] NAMES = {"a", "b", "item", "x:data", "Password", "wsse:Password", "p"};

    @Provide
    Arbitrary<String> documents() {
        return Arbitraries.longs().map(seed -> new DocumentWriter(new Random(seed)).document());
    }

    @Provide
    Arbitrary<XmlFormatter> formatters() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).map(RandomDocumentProperties::formatter);
    }

    /** One formatter per combination of options, picked by the bits of {@code bits}. */
    static XmlFormatter formatter(int bits) {
        XmlFormatter.Builder b = XmlFormatter.builder().anonymize("//Password", "//@key");
        switch (bits % 4) {
            case 0:
                b.indent(2);
                break;
            case 1:
                b.compact();
                break;
            case 2:
                b.keepWhitespace();
                break;
            default:
                b.indentWithTab();
        }
        bits /= 4;
        b.embeddedXml((bits & 1) != 0);
        b.maxTextLength((bits & 2) != 0 ? 4 : -1);
        b.maxCdataLength((bits & 4) != 0 ? 3 : -1);
        b.removeComments((bits & 8) != 0);
        b.removeProcessingInstructions((bits & 16) != 0);
        if ((bits & 32) != 0) {
            b.prune("//b");
        }
        if ((bits & 64) != 0) {
            b.wsSecurity();
        }
        return b.build();
    }

    @Property(tries = 3000)
    void secretsNeverShowAndFormattingIsIdempotent(@ForAll("documents") String xml,
                                                   @ForAll("formatters") XmlFormatter f) {
        String once = f.format(xml);
        assertFalse(once.contains("ZQ"), () -> "secret shown for\n" + xml + "\n->\n" + once);
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        StringBuilder viaBytes = new StringBuilder();
        f.format(bytes, 0, bytes.length, viaBytes);
        assertEquals(once, viaBytes.toString(), "byte path");
        assertEquals(once, f.format(once), () -> "not idempotent for\n" + xml);
    }

    @Property(tries = 1000)
    void indentedAndCompactInputFormatAlike(@ForAll("documents") String xml) {
        XmlFormatter indent = XmlFormatter.builder().build();
        XmlFormatter compact = XmlFormatter.builder().compact().build();
        assertEquals(indent.format(xml), indent.format(compact.format(xml)));
        assertEquals(compact.format(xml), compact.format(indent.format(xml)));
    }

    @Property(tries = 300)
    void cuttingTheInputAnywhereShowsNoSecret(@ForAll("documents") String xml, @ForAll("formatters") XmlFormatter f) {
        String doc = xml.length() > 400 ? xml.substring(0, 400) : xml;
        for (int cut = 0; cut <= doc.length(); cut++) {
            String part = doc.substring(0, cut);
            String out = f.format(part);
            assertFalse(out.contains("ZQ"), () -> "secret shown for cut input\n" + part + "\n->\n" + out);
        }
    }

    @Property(tries = 300)
    void documentLimitShowsNoSecret(@ForAll("documents") String xml, @ForAll("formatters") XmlFormatter f) {
        for (int limit : new int[] {0, 1, 17, 64, 150, 400}) {
            XmlFormatter limited = XmlFormatter.builder().anonymize("//Password", "//@key").maxDocumentLength(limit)
                    .embeddedXml(f.embeddedXml).build();
            String out = limited.format(xml);
            assertFalse(out.contains("ZQ"), out);
        }
    }

    /** Writes a random document; secrets go only where the masking paths reach. */
    private static final class DocumentWriter {
        private final Random r;
        private final StringBuilder sb = new StringBuilder();

        DocumentWriter(Random r) {
            this.r = r;
        }

        String document() {
            if (r.nextInt(4) == 0) {
                sb.append("<?xml version=\"1.0\"?>");
                whitespace();
            }
            element(0, false);
            return sb.toString();
        }

        private void element(int depth, boolean secret) {
            String name = NAMES[r.nextInt(NAMES.length)];
            boolean inSecret = secret || name.endsWith("Password");
            sb.append('<').append(name);
            if (r.nextInt(3) == 0) {
                sb.append(" id=\"").append(word()).append('"');
            }
            if (r.nextInt(4) == 0) {
                sb.append(" key='").append(secret()).append('\'');
            }
            if (r.nextInt(6) == 0) {
                sb.append("/>");
                return;
            }
            sb.append('>');
            int children = depth > 4 ? 0 : r.nextInt(5);
            for (int i = 0; i < children; i++) {
                if (r.nextInt(3) == 0) {
                    whitespace();
                }
                switch (r.nextInt(8)) {
                    case 0:
                    case 1:
                    case 2:
                        element(depth + 1, inSecret);
                        break;
                    case 3:
                        sb.append(inSecret ? secret() : word()).append(r.nextBoolean() ? " &amp; " : " ");
                        break;
                    case 4:
                        sb.append("<![CDATA[").append(inSecret ? secret() : word() + " <x>").append("]]>");
                        break;
                    case 5:
                        sb.append("<!-- ").append(inSecret ? secret() : word()).append(" -->");
                        break;
                    case 6:
                        sb.append("&lt;Password&gt;").append(secret()).append("&lt;/Password&gt;");
                        break;
                    default:
                        sb.append("<![CDATA[<wrap><Password>").append(secret()).append("</Password></wrap>]]>");
                }
            }
            if (r.nextInt(3) == 0) {
                whitespace();
            }
            sb.append("</").append(name).append('>');
        }

        private void whitespace() {
            sb.append(new String[] {" ", "\n", "\n  ", "\t", "\r\n    "}[r.nextInt(5)]);
        }

        private String word() {
            int n = 1 + r.nextInt(8);
            StringBuilder w = new StringBuilder();
            for (int i = 0; i < n; i++) {
                w.append((char) ('a' + r.nextInt(26)));
            }
            return w.toString();
        }

        private String secret() {
            return "ZQ" + word().toUpperCase(java.util.Locale.ROOT) + (r.nextBoolean() ? "\u00e9\ud83d\ude00" : "");
        }
    }
}
