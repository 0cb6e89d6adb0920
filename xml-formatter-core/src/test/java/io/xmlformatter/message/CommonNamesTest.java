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
}
