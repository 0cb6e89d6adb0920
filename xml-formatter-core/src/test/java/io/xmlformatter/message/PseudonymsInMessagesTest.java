package io.xmlformatter.message;

import io.xmlformatter.Pseudonyms;
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
 * Keyed pseudonyms in every part of a message: one secret has one pseudonym in XML, JSON, a form, a query, a header
 * and wherever a detector finds it, so records about it can be joined; a value cut short is the mask.
 */
class PseudonymsInMessagesTest {
    private static final String SECRET = "s3cr&t p@ss";
    private static final String CARD = "4111 1111 1111 1111";
    private final Pseudonyms pseudonyms = Pseudonyms.keyed("a-test-key-of-32-bytes-for-hmac!");
    private final String p = pseudonyms.of(SECRET);
    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger logger = MessageLogger.builder().sink(records::add)
            .sensitiveElementNames(List.of("password")).sensitiveHeaderNames(List.of("X-Password"))
            .anonymizeJson(List.of("$.card.number")).detect(ValueDetector.cardNumbers()).pseudonyms(pseudonyms)
            .limit(4096).build();

    private LogRecord log(String address, String contentType, String body, String... headers) {
        return OneMessage.log(logger, records, address, contentType, body, headers);
    }

    private LogRecord log(String contentType, String body) {
        return log("http://127.0.0.1/login", contentType, body);
    }

    @Test
    void oneSecretHasOnePseudonymInEveryFormat() {
        assertTrue(log("text/xml", "<login><password>s3cr&amp;t p@ss</password></login>").payload()
                .contains("<password>" + p + "</password>"));
        assertEquals("{\"password\":\"" + p + "\"}", log("application/json", "{\"password\":\"s3cr&t p@ss\"}")
                .payload());
        assertEquals("{\"password\":\"" + p + "\"}", log("application/json", "{\"password\":\"s3cr\\u0026t p@ss\"}")
                .payload(), "escaped: decoded");
        assertEquals("user=jo&password=" + p,
                log("application/x-www-form-urlencoded", "user=jo&password=s3cr%26t+p%40ss").payload());
        assertEquals("http://127.0.0.1/login?password=" + p + "&x=1",
                log("http://127.0.0.1/login?password=s3cr%26t%20p%40ss&x=1", "text/plain", "ok").address());
        assertEquals(List.of(p), log("http://127.0.0.1/login", "text/plain", "ok", "X-Password", SECRET).headers()
                .get("X-Password"));
        assertEquals("password=" + p + "\nuser=jo", log("text/plain", "password=\"" + SECRET + "\"\nuser=jo").payload(),
                "a text body's name=value pair: the quotes go with the value");
        assertEquals("user=jo password=[*****]", log("text/plain", "user=jo password=s3cr").payload(),
                "a value at the text's end could be cut: the mask");
    }

    @Test
    void aFoundCardHasOnePseudonymInEveryFormat() {
        String card = pseudonyms.of(CARD);
        assertTrue(log("text/xml", "<a><note>paid " + CARD + "</note></a>").payload().contains("paid " + card));
        assertEquals("{\"note\":\"paid " + card + "\"}", log("application/json", "{\"note\":\"paid " + CARD + "\"}")
                .payload());
        assertEquals("{\"note\":\"" + card + "\"}", log("application/json", "{\"note\":\"paid\\n" + CARD + "\"}")
                .payload(), "escaped: the pseudonyms of what was found, whole");
        assertEquals("note=" + card, log("application/x-www-form-urlencoded", "note=paid+4111+1111+1111+1111")
                .payload());
        assertEquals("{\"card\":{\"number\":\"" + pseudonyms.of("4111111111111111") + "\"}}",
                log("application/json", "{\"card\":{\"number\":4111111111111111}}").payload(), "by path, a number");
    }

    @Test
    void aValueCutShortIsTheMask() {
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType("application/json")
                .address("http://127.0.0.1/login");
        for (String body : new String[] {"{\"x\":1,\"password\":\"s3cr&t p@ss and more\"}",
            "{\"n\":\"paid 4111 1111 1111 1111 more\"}", "{\"password\":12345678901}"}) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            for (int cut = body.indexOf(':') + 2; cut < body.length() - 6; cut++) {
                records.clear();
                logger.log(facts, CapturedBody.prefix(bytes, cut, bytes.length));
                String payload = records.get(0).payload();
                assertFalse(payload.contains("[h:"), "a part of a value has another's pseudonym: " + payload);
            }
        }
    }
}
