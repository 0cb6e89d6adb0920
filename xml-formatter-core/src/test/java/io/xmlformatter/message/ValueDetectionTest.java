package io.xmlformatter.message;

import io.xmlformatter.ValueDetector;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secrets found by their value in every part of a message the logger shows: JSON, form, plain text, multipart and
 * XML bodies, the address and the headers; in place where they are written as they are, whole where they are
 * escaped or encoded.
 */
class ValueDetectionTest {
    private static final String CARD = "4111 1111 1111 1111";
    private static final String PAN = "4111111111111111";
    private static final String IBAN = "DE89370400440532013000";
    private static final String EMAIL = "jane.doe@example.com";

    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger detecting = MessageLogger.builder().sink(records::add)
            .detect(ValueDetector.cardNumbers(), ValueDetector.ibans(), ValueDetector.emailAddresses()).build();

    private LogRecord log(MessageLogger logger, String address, String contentType, String body,
                          String... headers) {
        return OneMessage.log(logger, records, address, contentType, body, headers);
    }

    private LogRecord log(String contentType, String body) {
        LogRecord r = log(detecting, "http://127.0.0.1/svc", contentType, body);
        assertShowsNothing(r.payload());
        return r;
    }

    /** Neither the card's digits (four in a row), the IBAN's, nor the address shows in {@code text}. */
    private static void assertShowsNothing(String text) {
        assertFalse(text.contains("4111") || text.contains("1111"), text);
        assertFalse(text.contains("3704") || text.contains("89 3") || text.contains("0532"), text);
        assertFalse(text.contains("jane") || text.contains("example.com"), text);
    }

    @Test
    void jsonStringsAreMaskedInPlace() {
        LogRecord r = log("application/json", "{\"note\":\"paid with " + CARD + " from " + IBAN + "\",\"n\":1}");
        assertEquals("{\"note\":\"paid with [*****] from [*****]\",\"n\":1}", r.payload());
        assertEquals(2, r.maskedCount());
    }

    @Test
    void jsonNumbersKeysCommentsAndLenientStringsAreReadToo() {
        assertEquals("{\"pan\":[*****]}", log("application/json", "{\"pan\":" + PAN + "}").payload());
        assertEquals("{\"[*****]\":{\"ok\":true}}",
                log("application/json", "{\"" + EMAIL + "\":{\"ok\":true}}").payload());
        log("application/json", "{/* " + CARD + " */ 'a': '" + EMAIL + "', b: x # " + IBAN + "\n}");
        log("application/json", "[\"unclosed " + CARD);
    }

    @Test
    void aJsonStringWithEscapesIsMaskedWholeWhenItHoldsOne() {
        LogRecord r = log("application/json", "{\"note\":\"card \\u0034111 1111 1111 1111, ok\"}");
        assertEquals("{\"note\":\"[*****]\"}", r.payload());
        assertEquals("{\"a\":\"line\\none\"}", log("application/json", "{\"a\":\"line\\none\"}").payload(),
                "nothing found: as written");
        log("application/json", "{\"m\":\"jane.doe\\u0040example.com\"}");
    }

    @Test
    void valuesEncodedOrEscapedTwiceAreMaskedWhole() {
        assertEquals("n=[*****]&m=1", log("application/x-www-form-urlencoded",
                "n=%2534111%25201111%25201111%25201111&m=1").payload());
        assertEquals("n=50%25", log("application/x-www-form-urlencoded", "n=50%25").payload(),
                "a percent sign alone: as written");
        assertEquals("{\"a\":\"[*****]\"}", log("application/json", "{\"a\":\"\\\\u0034111 1111 1111 1111\"}")
                .payload());
    }

    @Test
    void formValuesAreMaskedInPlaceOrWholeWhenEncoded() {
        assertEquals("pan=[*****]&amount=10", log("application/x-www-form-urlencoded",
                "pan=" + PAN + "&amount=10").payload());
        assertEquals("note=[*****]&amount=10", log("application/x-www-form-urlencoded",
                "note=paid+with+4111+1111+1111+1111&amount=10").payload());
        assertEquals("to=[*****]", log("application/x-www-form-urlencoded", "to=jane.doe%40example.com")
                .payload());
    }

    @Test
    void plainTextAndXmlBodiesAreMaskedInPlace() {
        assertEquals("paid with [*****], thanks", log("text/plain", "paid with " + CARD + ", thanks").payload());
        assertTrue(log("text/xml", "<a><note>" + CARD + "</note><to x=\"" + EMAIL + "\"/></a>").payload()
                .contains("<note>[*****]</note>"));
    }

    @Test
    void multipartPartsAndTheirHeadersAreMasked() {
        String body = "--b1\r\nContent-Type: text/plain\r\nX-Note: for " + EMAIL + "\r\n\r\ncard " + CARD
                + "\r\n--b1\r\nContent-Type: application/json\r\n\r\n{\"iban\":\"" + IBAN + "\"}\r\n--b1--";
        LogRecord r = log("multipart/mixed; boundary=b1", body);
        assertTrue(r.payload().contains("X-Note: for [*****]"), r.payload());
    }

    @Test
    void theAddressesPathQueryAndFragmentAreMasked() {
        LogRecord r = log(detecting, "http://127.0.0.1/cards/" + PAN + "/charge;v=" + IBAN + "?to="
                + "jane.doe%40example.com&x=1#" + CARD.replace(" ", "%20"), "text/plain", "ok");
        assertShowsNothing(r.address());
        assertEquals("http://127.0.0.1/cards/[*****]/charge;v=[*****]?to=[*****]&x=1#[*****]", r.address());
    }

    @Test
    void headerValuesAreMasked() {
        LogRecord r = log(detecting, "http://127.0.0.1/svc", "text/plain", "ok", "X-Note", "card " + CARD,
                "X-Reply-To", EMAIL, "X-Id", "42");
        assertEquals(List.of("card [*****]"), r.headers().get("X-Note"));
        assertEquals(List.of("[*****]"), r.headers().get("X-Reply-To"));
        assertEquals(List.of("42"), r.headers().get("X-Id"));
        assertEquals(2, r.maskedCount());
    }

    /** Issue 62: with no setting, card numbers and IBANs are found (PCI DSS); {@code none} switches them off. */
    @Test
    void byDefaultCardsAndIbansAreFound() {
        MessageLogger defaults = MessageLogger.builder().sink(records::add).build();
        LogRecord r = log(defaults, "http://127.0.0.1/cards/" + PAN, "application/json",
                "{\"card\": \"4111 1111 1111 1111\", \"iban\": \"DE89 3704 0044 0532 0130 00\"}", "X-Note", CARD);
        assertEquals("{\"card\": \"[*****]\", \"iban\": \"[*****]\"}", r.payload());
        assertEquals("http://127.0.0.1/cards/[*****]", r.address());
        assertEquals(List.of("[*****]"), r.headers().get("X-Note"));
        r = log(defaults, "http://127.0.0.1/pay", "text/xml", "<pay><cardNumber>4111111111111111</cardNumber></pay>",
                "X-Note", "x");
        assertEquals("<pay><cardNumber>[*****]</cardNumber></pay>", r.payload());
        r = log(defaults, "http://127.0.0.1/pay", "application/json", "{\"callback\":\"https://bob:pw@h.example/cb"
                + "?client_secret=s1;n=2\"}", "X-Note", "x");
        assertEquals("{\"callback\":\"https://[*****]@h.example/cb?client_secret=[*****];n=2\"}", r.payload());
    }

    @Test
    void withoutDetectorsEverythingIsShownAsWritten() {
        MessageLogger plain = MessageLogger.builder().sink(records::add).set("masking.detect", "none").build();
        LogRecord r = log(plain, "http://127.0.0.1/cards/" + PAN, "application/json",
                "{\"note\":\"" + CARD + "\"}", "X-Note", CARD);
        assertEquals("{\"note\":\"" + CARD + "\"}", r.payload());
        assertEquals("http://127.0.0.1/cards/" + PAN, r.address());
        assertEquals(List.of(CARD), r.headers().get("X-Note"));
    }

    @Test
    void aNullDetectorIsRefusedAtOnce() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MessageLogger.builder().detect(ValueDetector.ibans(), null));
        assertTrue(e.getMessage().startsWith("detect (masking.detect): ") && e.getMessage().contains("a list without null"),
                e.getMessage());
    }

    @Test
    void aBodyCutAnywhereInASecretShowsNoneOfIt() {
        String[][] bodies = {
            {"text/plain", "paid " + CARD + " from " + IBAN + " by " + EMAIL + " ok"},
            {"application/json", "{\"note\":\"paid " + CARD + " ok\",\"pan\":" + PAN + ",\"iban\":\"" + IBAN
                + "\",\"to\":\"" + EMAIL + "\"}"},
            {"application/json", "{\"note\":\"paid \\u0034111 1111 1111 1111 ok\"}"},
            {"application/json", "{\"note\":\"paid 4111 1111\\u00201111 1111 ok\"}"},
            {"application/x-www-form-urlencoded", "n=4111%201111%201111%201111&m=1"},
            {"application/x-www-form-urlencoded", "pan=" + PAN + "&note=" + CARD.replace(' ', '+') + "&to="
                + EMAIL.replace("@", "%40") + "&iban=" + IBAN},
            {"text/xml", "<a><note>paid " + CARD + "</note><to>" + EMAIL + "</to><i>" + IBAN + "</i></a>"},
        };
        for (String[] b : bodies) {
            byte[] bytes = b[1].getBytes(StandardCharsets.UTF_8);
            for (int cut = 1; cut < bytes.length; cut++) {
                records.clear();
                MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType(b[0])
                        .address("http://127.0.0.1/svc");
                detecting.log(facts, CapturedBody.prefix(bytes, cut, bytes.length));
                String payload = records.get(0).payload();
                String shown = payload.replaceAll("\\[[^\\]]*\\]", "").replaceAll("(?s)\n\\.\\.\\..*", "");
                assertFalse(shown.matches("(?s).*(\\d\\d|41|@|jane|DE8).*"), b[0] + " cut at " + cut + ": " + payload);
            }
        }
    }

    @Test
    void aDetectorThatThrowsMasksTheWholeValueEverywhereAndIsCounted() {
        ValueDetector broken = (text, from, to, found) -> {
            throw new IllegalStateException("broken");
        };
        MessageLogger logger = MessageLogger.builder().sink(records::add).detect(broken).build();
        LogRecord r = log(logger, "http://127.0.0.1/a?q=1", "application/json", "{\"a\":\"x\",\"n\":2}",
                "X-Id", "7");
        assertEquals("{\"[*****]\":\"[*****]\",\"[*****]\":[*****]}", r.payload());
        assertEquals("http://127.0.0.1/[*****]?[*****]=[*****]", r.address());
        assertEquals(List.of("[*****]"), r.headers().get("X-Id"));
        assertEquals("[*****]", r.contentType(), "every field is read by the detectors");
        assertEquals(9, logger.detectorFailures());
        assertEquals(0, detecting.detectorFailures());
    }

    @Test
    void jsonValuesAreMaskedAndPrunedByPath() {
        MessageLogger logger = MessageLogger.builder().sink(records::add)
                .anonymizeJson(List.of("$.payment.card.number", "/items/0/iban")).pruneJson(List.of("$..debug"))
                .build();
        LogRecord r = log(logger, "http://127.0.0.1/pay", "application/json", "{\"payment\":{\"card\":{\"number\":"
                + "\"" + CARD + "\"}},\"items\":[{\"iban\":\"" + IBAN + "\"}],\"x\":{\"debug\":{\"trace\":1}}}");
        assertEquals("{\"payment\":{\"card\":{\"number\":\"[*****]\"}},\"items\":[{\"iban\":\"[*****]\"}],"
                + "\"x\":{\"debug\":\"[SUBTREE REMOVED]\"}}", r.payload());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MessageLogger.builder().anonymizeJson(List.of("payment.card")));
        assertTrue(e.getMessage().startsWith("anonymizeJson (masking.json-paths): [payment.card] is not accepted (bad JSON"
                + " path 'payment.card'"), e.getMessage());
    }
}
