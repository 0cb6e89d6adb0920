package io.xmlformatter;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Coverage-guided fuzzing of the fail-closed promise (Jazzer). A secret token sits right after a masked start tag,
 * in a masked attribute or in escaped or CDATA-wrapped markup of a SOAP / WS-Security / SAML document; the fuzzer
 * writes what comes before, between and after, picks the formatter (layouts, caps, embedded XML, document cap),
 * the entry point (String, char[], byte[] in UTF-8, UTF-16, UTF-32, Latin-1 or EBCDIC, with or without byte order
 * mark and declaration) and where the input is cut. Oracle: no character of the token reaches the output, nor the
 * output read back in another charset; no call throws.
 *
 * <p>{@code ./mvnw verify} replays the committed findings and seeds ({@code MaskingFuzzTestInputs/}); fuzzing for
 * longer, one fuzz test at a time: {@code JAZZER_FUZZ=1 ./mvnw -pl xml-formatter-core test -Dfast
 * -Dtest='MaskingFuzzTest#aMaskedTokenNeverReachesTheOutput' -P '!jdk25-tests'} (30 minutes; see SECURITY.md).
 */
class MaskingFuzzTest {
    /** The secret: private-use characters, which the fuzzer's own strings never hold (they are removed). */
    private static final String TOKEN = "\uE000\uE001\uE002\uE003\uE004\uE005\uE006\uE007";
    private static final String[] BEFORE = {
        "<wsse:Password Type=\"#PasswordText\">", "<Password>", "<wsse:BinarySecurityToken>", "<ns:Password xmlns:ns=\"urn:p\">",
        "<saml:AttributeValue>", "&lt;Password&gt;", "&#60;Password&#62;", "&#x3C;Password&#x3E;", "&amp;lt;Password&amp;gt;",
        "<![CDATA[<Password>", "<![CDATA[&lt;Password&gt;", "<r password=\"", "<r password='",
        "<a:r xmlns:a=\"urn:a\" a:password=\"", "&lt;r password=&quot;",
    };
    private static final String[] AFTER = {
        "</wsse:Password>", "</Password>", "</wsse:BinarySecurityToken>", "</ns:Password>", "</saml:Assertion>",
        "&lt;/Password&gt;", "&#60;/Password&#62;", "&#x3C;/Password&#x3E;", "&amp;lt;/Password&amp;gt;",
        "</Password>]]>", "&lt;/Password&gt;]]>", "\"/>", "'/>", "\"/>", "&quot;/&gt;",
    };
    private static final String[] DEEP_BEFORE = {
        "&amp;amp;lt;Password&amp;amp;gt;", "&amp;amp;amp;amp;amp;lt;Password&amp;amp;amp;amp;amp;gt;",
        "&amp;#60;Password&amp;#62;", "&amp;amp;#x3C;Password&amp;amp;#x3E;", "&amp;amp;#0060;Password&gt;",
        "<![CDATA[&amp;lt;Password&amp;gt;", "<![CDATA[<Pass]]><![CDATA[word>", "<![CDATA[<]]><![CDATA[Password>",
        "<![CDATA[<Pass]]>word&gt;", "&lt;Pass<![CDATA[word>", "<![CDATA[&lt;Pass]]>word&gt;",
    };
    private static final String[] DEEP_AFTER = {
        "&amp;amp;lt;/Password&amp;amp;gt;", "&amp;amp;amp;amp;amp;lt;/Password&amp;amp;amp;amp;amp;gt;",
        "&amp;#60;/Password&amp;#62;", "&amp;amp;#x3C;/Password&amp;amp;#x3E;", "&amp;amp;#0060;/Password&gt;",
        "&amp;lt;/Password&amp;gt;]]>", "</Password>]]>", "</Password>]]>",
        "&lt;/Password&gt;", "</Password>]]>", "&lt;/Password&gt;",
    };
    private static final String HEAD = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
            + "xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd\" "
            + "xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\"><soap:Header><wsse:Security><wsse:UsernameToken>"
            + "<wsse:Username>bob</wsse:Username>";
    private static final String TAIL = "</wsse:UsernameToken></wsse:Security></soap:Header><soap:Body><p>x</p>"
            + "</soap:Body></soap:Envelope>";
    /** Each formatter, and its twin writing keyed pseudonyms instead of the mask: both run on every input. */
    private static final XmlFormatter[][] FORMATTERS = formatters();
    private static final Pseudonyms PSEUDONYMS = Pseudonyms.keyed("the fuzz test's key of 32 bytes!");
    private static final Charset[] ENCODINGS = {StandardCharsets.UTF_8, StandardCharsets.UTF_16BE,
        StandardCharsets.UTF_16LE, Charset.forName("UTF-32BE"), Charset.forName("UTF-32LE"),
        StandardCharsets.ISO_8859_1, Charset.forName("IBM037")};
    private static final Charset[] READ_BACK = {StandardCharsets.UTF_8, StandardCharsets.UTF_16BE,
        StandardCharsets.UTF_16LE, StandardCharsets.ISO_8859_1, Charset.forName("IBM037")};

    private static XmlFormatter[][] formatters() {
        return twins(
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password"),
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password").embeddedXml(true),
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password").keepWhitespace(),
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password").compact().maxTextLength(3)
                    .maxCdataLength(4),
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password").maxDocumentLength(150)
                    .embeddedXml(true),
            XmlFormatter.builder().wsSecurity().anonymize("//Password", "//@password").removeComments(true)
                    .removeProcessingInstructions(true).removeDoctype(true).prune("//Body"));
    }

    /** Per builder, its formatter and the same with pseudonyms. */
    private static XmlFormatter[][] twins(XmlFormatter.Builder... b) {
        XmlFormatter[][] f = new XmlFormatter[b.length][];
        for (int i = 0; i < b.length; i++) {
            f[i] = new XmlFormatter[] {b[i].build(), b[i].pseudonyms(PSEUDONYMS).build()};
        }
        return f;
    }

    @FuzzTest(maxDuration = "30m")
    void aMaskedTokenNeverReachesTheOutput(FuzzedDataProvider data) {
        fuzz(data, BEFORE, AFTER);
    }

    /**
     * The same with the token in markup escaped three times or more (each {@code &} escaped again, in named and
     * numeric form), or split across adjacent CDATA sections, or across CDATA and text: no section alone holds a
     * complete tag. Its own slots, so the committed inputs of {@link #aMaskedTokenNeverReachesTheOutput} keep
     * their meaning. To fuzz it: {@code -Dtest='MaskingFuzzTest#deeplyEscapedOrSplitMarkupNeverLeaksTheToken'}.
     */
    @FuzzTest(maxDuration = "30m")
    void deeplyEscapedOrSplitMarkupNeverLeaksTheToken(FuzzedDataProvider data) {
        fuzz(data, DEEP_BEFORE, DEEP_AFTER);
    }

    /** Where a card number stands: before it, after it (text, attribute, CDATA, comment, PI, escaped markup). */
    private static final String[] CARD_BEFORE = {
        "<a>", "<a n=\"", "<a n='", "<a><![CDATA[", "<a><!--", "<a><?pi ", "<a>&lt;p&gt;", "<a><![CDATA[<p>",
        "<a>&amp;lt;p&amp;gt;", "<Password>", "<a><![CDATA[x]]><![CDATA[", "<a>&lt;p n=&quot;",
    };
    private static final String[] CARD_AFTER = {
        "</a>", "\"/>", "'/>", "]]></a>", "--></a>", "?></a>", "&lt;/p&gt;</a>", "</p>]]></a>",
        "&amp;lt;/p&amp;gt;</a>", "</Password>", "]]></a>", "&quot;/&gt;</a>",
    };
    /** Card numbers as they are written: grouped by spaces or dashes, or not (every one Luhn-valid). */
    private static final String[] CARDS = {"4929 8046 1775 0034", "4929-8046-1775-0034", "4929804617750034",
        "3714 496353 98431", "5555 5555 5555 4444"};
    /** Cards grouped as people and URLs group them (issue 53), for {@link #aCardGroupedAnyWayNeverReachesTheOutput}. */
    private static final String[] GROUPED_CARDS = {"4929.8046.1775.0034", "4929\u00A08046\u00A01775\u00A00034",
        "4929 - 8046 - 1775 - 0034", "4929\t8046\n1775\r\n0034", "4929/8046/1775/0034", "4929+8046+1775+0034",
        "4929  8046  1775  0034", "\uFF14\uFF19\uFF12\uFF19 \uFF18\uFF10\uFF14\uFF16 \uFF11\uFF17\uFF17\uFF15 "
        + "\uFF10\uFF10\uFF13\uFF14", "3714\u2009496353\u200998431", "5555\u20135555\u20135555\u20134444"};
    private static final XmlFormatter[][] DETECTING = detectingFormatters();

    private static XmlFormatter[][] detectingFormatters() {
        ValueDetector cards = ValueDetector.cardNumbers();
        return twins(
            XmlFormatter.builder().detect(cards),
            XmlFormatter.builder().detect(cards).embeddedXml(true),
            XmlFormatter.builder().detect(cards).anonymize("//Password").keepWhitespace(),
            XmlFormatter.builder().detect(cards).compact().maxTextLength(5).maxCdataLength(7),
            XmlFormatter.builder().detect(cards, ValueDetector.ibans()).wsSecurity().maxDocumentLength(60)
                    .embeddedXml(true));
    }

    /**
     * Value detectors: a card number stands in text, an attribute, CDATA, a comment, a processing instruction or
     * escaped markup, with the fuzzer's text (no digits, so the card stays a token of its own) around it; the
     * fuzzer picks the formatter, entry point, charset and cut. Oracle: no four digits of the card in a row reach
     * the output (the markers' own numbers aside). To fuzz it: {@code -Dtest='MaskingFuzzTest#aDetectedCardNever
     * ReachesTheOutput'}.
     */
    @FuzzTest(maxDuration = "30m")
    void aDetectedCardNeverReachesTheOutput(FuzzedDataProvider data) {
        detectedCard(data, CARDS);
    }

    /** {@link #aDetectedCardNeverReachesTheOutput} with cards grouped every way people group them. */
    @FuzzTest(maxDuration = "30m")
    void aCardGroupedAnyWayNeverReachesTheOutput(FuzzedDataProvider data) {
        detectedCard(data, GROUPED_CARDS);
    }

    private static void detectedCard(FuzzedDataProvider data, String[] cards) {
        XmlFormatter[] formatters = DETECTING[data.consumeInt(0, DETECTING.length - 1)];
        int slot = data.consumeInt(0, CARD_BEFORE.length - 1);
        String card = cards[data.consumeInt(0, cards.length - 1)];
        int spelled = data.consumeInt(0, 12);
        int entry = data.consumeInt(0, 3);
        Charset charset = ENCODINGS[data.consumeInt(0, ENCODINGS.length - 1)];
        int cutFrom = data.consumeInt(0, 1 << 12);
        String before = withoutDigits(data.consumeString(80));
        String between = withoutDigits(data.consumeString(20));
        String after = withoutDigits(data.consumeRemainingAsString());
        String doc = before + CARD_BEFORE[slot] + between + " " + spell(card, spelled, slot) + " " + between
                + CARD_AFTER[slot] + after;
        for (XmlFormatter formatter : formatters) {
            assertNoCardDigits(card, doc, formatEntry(formatter, doc, entry, charset, false, cutFrom));
        }
    }

    /** Whether four digits of {@code card} in a row show in {@code out} outside the markers and pseudonyms. */
    private static void assertNoCardDigits(String card, String doc, String out) {
        String shown = out.replaceAll("\\[h:[0-9a-f]{0,8}]?", "") // a pseudonym, or its start at the cut
                .replaceAll("\\.\\.\\.\\[DOCUMENT TRUNCATED: original \\d+ (bytes|chars)[^\\]]*\\]", "")
                .replaceAll("\\[NOT WELL-FORMED XML: [^\\]]* at offset \\d+\\]", "")
                .replaceAll("\\.\\.\\.\\[TRUNCATED BY \\d+\\]", "");
        String digits = asciiDigits(card).replaceAll("[^0-9]", "");
        shown = asciiDigits(shown);
        for (int i = 0; i + 4 <= digits.length(); i++) {
            if (shown.contains(digits.substring(i, i + 4))) {
                throw new AssertionError("the card's digits leaked\ninput:  " + escape(doc) + "\noutput: "
                        + escape(out));
            }
        }
    }

    /** The slots ({@link #CARD_BEFORE}) where the card stands in text, and those where it stands in CDATA. */
    private static final String TEXT_SLOTS = "0689";
    private static final String CDATA_SLOTS = "37A";

    /**
     * {@code card} with its first digit, or its first separator, written as a character reference escaped
     * {@code how % 4} times (decimal, or hexadecimal when {@code how} is odd); {@code how} 8: as it is; 9 to 11, in
     * text or CDATA: split in two by a comment, a processing instruction, or a CDATA section's edge (a reader of the
     * element's text joins the halves, and a formatter removing comments or PIs writes them joined); 12, in text: by
     * an escaped comment (a reader of the escaped document joins them).
     */
    private static String spell(String card, int how, int slot) {
        String where = Integer.toString(slot, 16).toUpperCase(java.util.Locale.ROOT);
        boolean text = TEXT_SLOTS.contains(where);
        if (how == 8 || (how > 8 && !text && !CDATA_SLOTS.contains(where)) || (how == 12 && !text)) {
            return card;
        }
        if (how > 8) {
            int half = card.length() / 2;
            String split = how == 9 ? "<!---->" : how == 10 ? "<?p ?>" : how == 12 ? "&lt;!-- --&gt;"
                    : text ? "<![CDATA[" : "]]><![CDATA[";
            return card.substring(0, half) + split + card.substring(half) + (how == 11 && text ? "]]>" : "");
        }
        int at = 0;
        for (int i = 0; how >= 4 && i < card.length(); i++) {
            if (!Character.isDigit(card.charAt(i))) {
                at = i;
                break;
            }
        }
        char c = card.charAt(at);
        StringBuilder escaped = new StringBuilder("&");
        for (int i = 0; i < how % 4; i++) {
            escaped.append("amp;");
        }
        escaped.append((how & 1) == 1 ? "#x" + Integer.toHexString(c) : "#" + (int) c).append(';');
        return card.substring(0, at) + escaped + card.substring(at + 1);
    }

    /** The fuzzer's text without digits, ASCII or full-width (and without the token's characters). */
    private static String withoutDigits(String s) {
        return clean(s).replaceAll("[0-9\uFF10-\uFF19]", "");
    }

    /** {@code s} with full-width digits written as ASCII ones. */
    private static String asciiDigits(String s) {
        StringBuilder b = new StringBuilder(s);
        for (int i = 0; i < b.length(); i++) {
            if (b.charAt(i) >= '\uFF10' && b.charAt(i) <= '\uFF19') {
                b.setCharAt(i, (char) (b.charAt(i) - '\uFF10' + '0'));
            }
        }
        return b.toString();
    }

    private static void fuzz(FuzzedDataProvider data, String[] opening, String[] closing) {
        XmlFormatter[] formatters = FORMATTERS[data.consumeInt(0, FORMATTERS.length - 1)];
        int slot = data.consumeInt(0, opening.length - 1);
        int entry = data.consumeInt(0, 3);
        Charset charset = ENCODINGS[data.consumeInt(0, ENCODINGS.length - 1)];
        int shape = data.consumeInt(0, 3);
        int cutFrom = data.consumeInt(0, 1 << 16);
        String before = clean(data.consumeString(120));
        String between = clean(data.consumeString(40));
        String after = clean(data.consumeRemainingAsString());
        String doc = before + (shape == 0 ? HEAD : "") + opening[slot] + TOKEN + between + closing[slot]
                + (shape == 0 ? TAIL : "") + after;
        if (shape == 1) {
            doc = "<?xml version=\"1.0\" encoding=\"" + charset.name() + "\"?>" + doc;
        }
        for (XmlFormatter formatter : formatters) {
            assertNoToken(formatEntry(formatter, doc, entry, charset, shape == 2, cutFrom), doc);
        }
    }

    /**
     * {@code doc} formatted through entry point {@code entry}: a String; chars cut at {@code cutFrom}; bytes in
     * {@code charset} (with a byte order mark when {@code bom}) whole, or their prefix up to {@code cutFrom}.
     */
    private static String formatEntry(XmlFormatter formatter, String doc, int entry, Charset charset, boolean bom,
                                      int cutFrom) {
        StringBuilder out = new StringBuilder();
        switch (entry) {
            case 0:
                formatter.format(doc, out);
                break;
            case 1:
                char[] chars = doc.toCharArray();
                int cut = Math.min(chars.length, cutFrom);
                formatter.format(chars, 0, cut, out);
                break;
            default:
                byte[] bytes = (bom ? "\uFEFF" + doc : doc).getBytes(charset);
                int end = Math.min(bytes.length, cutFrom);
                if (entry == 2) {
                    formatter.format(bytes, 0, bytes.length, out);
                } else {
                    formatter.formatPrefix(bytes, 0, end, bytes.length, out);
                }
        }
        return out.toString();
    }

    /**
     * Removes the token's characters from the fuzzer's strings, so only the planted token can leak: also the chars
     * that encode to the byte 0xE0 somewhere the output is read back (the token's chars byte-swapped, and a backslash
     * in EBCDIC), since after a control char that byte reads back in UTF-16 as a token char.
     */
    private static String clean(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < '\uE000' || c > '\uE0FF') && (c & 0xFF) != 0xE0 && c != '\\') {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * No token character in the output; read back in another charset, no three consecutive token characters
     * (one or two could be the fuzzer's own text re-encoded).
     */
    static void assertNoToken(String output, String input) {
        check(output, 1, output, input);
        for (Charset from : READ_BACK) {
            byte[] bytes = output.getBytes(from);
            for (Charset to : READ_BACK) {
                if (from != to) {
                    check(new String(bytes, to), 3, output, input);
                }
            }
        }
    }

    private static void check(String text, int run, String output, String input) {
        for (int i = 0; i + run <= text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '\uE000' && c <= '\uE007' && (run == 1
                    || (text.charAt(i + 1) == c + 1 && text.charAt(i + 2) == c + 2))) {
                throw new AssertionError("the masked token leaked\ninput:  " + escape(input) + "\noutput: "
                        + escape(output));
            }
        }
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
