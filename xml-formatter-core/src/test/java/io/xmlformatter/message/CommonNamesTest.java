package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Finding of issue 51: with the defaults nothing masked {@code <password>} or {@code "password"}, though a query or
 * form parameter of that name was masked. The common secret names are masked as elements, attributes and JSON keys
 * unless switched off; names configured are added to them.
 */
class CommonNamesTest {
    private final List<LogRecord> records = new ArrayList<>();

    private String payload(MessageLogger logger, String contentType, String body) {
        records.clear();
        logger.log(MessageFacts.of(MessageType.REQ_IN).contentType(contentType),
                CapturedBody.of(body.getBytes(StandardCharsets.UTF_8)));
        return records.get(0).payload();
    }

    @Test
    void theDefaultsMaskTheCommonSecretNamesInXmlAndJson() {
        MessageLogger logger = MessageLogger.builder().sink(records::add).build();
        assertEquals("<login><user>ann</user><Password>[*****]</Password><API_KEY>[*****]</API_KEY></login>",
                payload(logger, "text/xml", "<login><user>ann</user><Password>hunter2</Password>"
                        + "<API_KEY>k-123</API_KEY></login>"));
        assertEquals("<login user=\"ann\" password=\"[*****]\"/>", payload(logger, "text/xml",
                "<login user=\"ann\" password=\"hunter2\"/>"));
        assertEquals("{\"user\":\"ann\",\"password\":\"[*****]\",\"auth\":{\"access_token\":\"[*****]\"}}",
                payload(logger, "application/json",
                        "{\"user\":\"ann\",\"password\":\"hunter2\",\"auth\":{\"access_token\":\"eyJ0\"}}"));
    }

    @Test
    void namesConfiguredAddToThemAndTheyCanBeSwitchedOff() {
        MessageLogger more = MessageLogger.builder().sink(records::add).set("masking.element-names", "pin").build();
        assertEquals("<a><pin>[*****]</pin><password>[*****]</password></a>",
                payload(more, "text/xml", "<a><pin>1</pin><password>2</password></a>"));
        MessageLogger off = MessageLogger.builder().sink(records::add).set("masking.common-names", "false").build();
        assertEquals("<a><password>2</password></a>", payload(off, "text/xml", "<a><password>2</password></a>"));
    }

    /**
     * Issue 62: {@code oldPassword}, {@code newPassword}, {@code new_password}, {@code passwordConfirm} were logged in
     * clear (the names matched whole only). The common names match as words of a name, in XML elements and
     * attributes (also escaped inside text), JSON keys, form and query names and headers.
     */
    @Test
    void theCommonNamesMatchAsWordsOfANameEverywhere() {
        MessageLogger logger = MessageLogger.builder().sink(records::add).set("body.embedded-xml", "true").build();
        assertEquals("<change><oldPassword>[*****]</oldPassword><new_password>[*****]</new_password>"
                + "<PASSWORD-CONFIRM>[*****]</PASSWORD-CONFIRM><passwordless>yes</passwordless>"
                + "<u:clientSecret xmlns:u=\"urn:u\">[*****]</u:clientSecret><apiKey>[*****]</apiKey>"
                + "<tokenizer>ok</tokenizer></change>", payload(logger, "text/xml", "<change><oldPassword>o1</oldPassword>"
                + "<new_password>n1</new_password><PASSWORD-CONFIRM>n1</PASSWORD-CONFIRM><passwordless>yes"
                + "</passwordless><u:clientSecret xmlns:u=\"urn:u\">c1</u:clientSecret><apiKey>k1</apiKey>"
                + "<tokenizer>ok</tokenizer></change>"));
        assertEquals("<login user=\"ann\" userPassword=\"[*****]\" x-api-key=\"[*****]\"/>",
                payload(logger, "text/xml", "<login user=\"ann\" userPassword=\"p1\" x-api-key=\"k1\"/>"));
        String escaped = payload(logger, "text/xml", "<note>&lt;a&gt;&lt;oldPassword&gt;o1&lt;/oldPassword&gt;"
                + "&lt;/a&gt;</note>");
        assertEquals(false, escaped.contains("o1"), escaped);
        assertEquals("{\"oldPassword\":\"[*****]\",\"new_password\":\"[*****]\",\"passwordConfirm\":\"[*****]\","
                + "\"client.secret\":\"[*****]\",\"user\":\"ann\"}", payload(logger, "application/json",
                "{\"oldPassword\":\"o1\",\"new_password\":\"n1\",\"passwordConfirm\":\"n1\",\"client.secret\":\"c1\","
                        + "\"user\":\"ann\"}"));
        assertEquals("oldPassword=[*****]&newPassword=[*****]&user=ann", payload(logger,
                "application/x-www-form-urlencoded", "oldPassword=o1&newPassword=n1&user=ann"));
        records.clear();
        logger.log(MessageFacts.of(MessageType.REQ_IN).address("http://127.0.0.1/login?newPassword=n1&user=ann")
                .header("X-Api-Key", List.of("k1")).header("X-Client-Secret", List.of("t1"))
                .header("Accept", List.of("*/*")), null);
        LogRecord r = records.get(0);
        assertEquals("http://127.0.0.1/login?newPassword=[*****]&user=ann", r.address());
        assertEquals(List.of("[*****]"), r.headers().get("X-Api-Key"));
        assertEquals(List.of("[*****]"), r.headers().get("X-Client-Secret"));
        assertEquals(List.of("*/*"), r.headers().get("Accept"));
        MessageLogger off = MessageLogger.builder().sink(records::add).set("masking.common-names", "false").build();
        assertEquals("<a><oldPassword>o1</oldPassword></a>", payload(off, "text/xml",
                "<a><oldPassword>o1</oldPassword></a>"));
    }
}
