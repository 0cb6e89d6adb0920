package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Keyed pseudonyms in place of masked values in XML: one secret, one pseudonym; nothing else of it, nor the key. */
class PseudonymsTest {
    static final String KEY = "a-test-key-of-32-bytes-for-hmac!";
    private static final Pattern PSEUDONYM = Pattern.compile("\\[h:[0-9a-f]{8}]");
    private final Pseudonyms pseudonyms = Pseudonyms.keyed(KEY);
    private final XmlFormatter formatter = XmlFormatter.builder().compact().wsSecurity()
            .anonymize("//@pin", "//Password")
            .detect(ValueDetector.cardNumbers()).pseudonyms(pseudonyms).build();

    /** The only pseudonym in {@code out}. */
    private static String pseudonymIn(String out) {
        Matcher m = PSEUDONYM.matcher(out);
        assertTrue(m.find(), out);
        String p = m.group();
        assertFalse(m.find(), "one pseudonym: " + out);
        return p;
    }

    private String password(String written) {
        return formatter.format("<wsse:Security xmlns:wsse=\"urn:s\"><wsse:UsernameToken><wsse:Password>" + written
                + "</wsse:Password></wsse:UsernameToken></wsse:Security>");
    }

    @Test
    void oneSecretHasOnePseudonymHoweverItIsWritten() {
        String p = pseudonymIn(password("s3cr&amp;t"));
        assertEquals(pseudonyms.of("s3cr&t"), p, "the value as a reader decodes it");
        assertEquals(p, pseudonymIn(password("s3cr&#38;t")));
        assertEquals(p, pseudonymIn(password("<![CDATA[s3cr&t]]>")));
        assertEquals(p, pseudonymIn(formatter.format("<a pin=\"s3cr&amp;t\"/>")), "an attribute masked by a rule");
        assertNotEquals(p, pseudonymIn(password("s3cr&amp;T")));
        assertEquals("<wsse:Password>" + p + "</wsse:Password>",
                password("s3cr&amp;t").replaceAll(".*(<wsse:Password>.*</wsse:Password>).*", "$1"), "in place");
    }

    @Test
    void anotherKeyGivesAnotherPseudonym() {
        XmlFormatter other = XmlFormatter.builder().anonymize("//Password")
                .pseudonyms(Pseudonyms.keyed("another-key-of-32-bytes-for-hmac")).build();
        String doc = "<wsse:Password xmlns:wsse=\"urn:s\">s3cret</wsse:Password>";
        assertNotEquals(pseudonymIn(formatter.format(doc)), pseudonymIn(other.format(doc)));
    }

    @Test
    void foundValuesArePseudonymsInPlace() {
        String out = formatter.format("<a><note>paid with 4111 1111 1111 1111 today</note></a>");
        assertEquals("<a><note>paid with " + pseudonyms.of("4111 1111 1111 1111") + " today</note></a>", out);
        String escaped = formatter.format("<a><note>paid &amp; 4111 1111 1111 1111 and 5555 5555 5555 4444</note></a>");
        assertEquals("<a><note>" + pseudonyms.of("4111 1111 1111 1111") + " " + pseudonyms.of("5555 5555 5555 4444")
                + "</note></a>", escaped, "among references: the pseudonyms of what was found, whole");
    }

    @Test
    void aValueCutShortIsTheMask() {
        String open = formatter.format("<wsse:Password xmlns:wsse=\"urn:s\">s3cret");
        assertTrue(open.startsWith("<wsse:Password xmlns:wsse=\"urn:s\">[*****]"), "no end tag: could go on: " + open);
        String cut = formatter.format("<a><note>paid with 4111 1111 1111 11");
        assertFalse(PSEUDONYM.matcher(cut).find(), cut);
        assertTrue(cut.contains("[*****]"), cut);
        assertFalse(PSEUDONYM.matcher(formatter.format("<a pin=\"1234")).find(), "a value at the input's end");
    }

    @Test
    void maskedContentHoldingMarkupIsThePseudonymOfItAsWritten() {
        XmlFormatter cards = XmlFormatter.builder().compact().anonymize("//Card").pseudonyms(pseudonyms).build();
        assertEquals("<a><Card>" + pseudonyms.of("<Number>4111</Number> <Cvv>123</Cvv>") + "</Card></a>",
                cards.format("<a><Card><Number>4111</Number> <Cvv>123</Cvv></Card></a>"));
    }

    @Test
    void withoutAKeyThereAreNoPseudonyms() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> Pseudonyms.keyed((String) null));
        assertTrue(none.getMessage().contains("need a secret key"), none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Pseudonyms.keyed(new byte[0]));
        IllegalArgumentException shortKey = assertThrows(IllegalArgumentException.class,
                () -> Pseudonyms.keyed("short-key-123"));
        assertTrue(shortKey.getMessage().contains("13 bytes"), shortKey.getMessage());
        assertFalse(shortKey.getMessage().contains("short-key-123"), "the key is never shown");
    }

    @Test
    void theKeyIsNeverShown() {
        assertFalse(pseudonyms.toString().contains(KEY), pseudonyms.toString());
        byte[] key = KEY.getBytes(StandardCharsets.UTF_8);
        Pseudonyms copied = Pseudonyms.keyed(key);
        key[0] ^= 1;
        assertEquals(pseudonyms.of("x"), copied.of("x"), "the key is copied: changing the array changes nothing");
    }

    /**
     * Finding of the audit at {@code 92fcdc9}: one card grouped, ungrouped and dashed had three pseudonyms, and a
     * value with whitespace around it another. A pseudonym is of the value's normal form.
     */
    @Test
    void oneCardOrIbanHowEverGroupedHasOnePseudonym() {
        String card = pseudonyms.of("4111111111111111");
        for (String written : new String[] {"4111 1111 1111 1111", "4111-1111-1111-1111", " 4111.1111.1111.1111 ",
            "4111\u00A01111\u00A01111\u00A01111", "\uFF14\uFF11\uFF11\uFF11 1111 1111 1111"}) {
            assertEquals(card, pseudonyms.of(written), written);
        }
        String iban = pseudonyms.of("DE89370400440532013000");
        assertEquals(iban, pseudonyms.of("DE89 3704 0044 0532 0130 00"));
        assertEquals(iban, pseudonyms.of("de89 3704 0044 0532 0130 00"));
        assertEquals(pseudonyms.of("hunter2"), pseudonyms.of("  hunter2\n"), "trimmed");
        assertNotEquals(pseudonyms.of("hunter2"), pseudonyms.of("Hunter2"), "text keeps its case");
        XmlFormatter detecting = XmlFormatter.builder().detect(ValueDetector.cardNumbers()).pseudonyms(pseudonyms)
                .build();
        assertEquals("<a>" + card + " and " + card + "</a>",
                detecting.format("<a>4111 1111 1111 1111 and 4111-1111-1111-1111</a>"), "found in place: one pseudonym");
    }

    @Test
    void aPseudonymIsTheHmacOfTheValue() throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(KEY.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] h = mac.doFinal("jos\u00e9".getBytes(StandardCharsets.UTF_8));
        assertEquals(String.format("[h:%02x%02x%02x%02x]", h[0], h[1], h[2], h[3]), pseudonyms.of("jos\u00e9"));
    }
}
