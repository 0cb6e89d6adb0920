package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON layout's strings: escaped by runs, read back by a JSON parser as they were. */
class JsonLayoutTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static String payloadBack(String payload) {
        String line = JsonLayout.INSTANCE.format(LogRecord.builder(MessageType.REQ_IN).timestamp(Instant.EPOCH)
                .header("X-Odd\"Name", java.util.List.of("a\\b\n")).payload(payload).build());
        assertEquals(-1, line.indexOf('\n'), line);
        assertEquals(-1, line.indexOf('\u2028'), line);
        JsonNode node = JSON.readTree(line);
        assertEquals("a\\b\n", node.get("headers").get("X-Odd\"Name").get(0).asString());
        return node.get("payload").asString();
    }

    @Test
    void everyEscapeAtEitherEndOfARunAndBackToBack() {
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0x80; c++) {
            every.append(c).append("run").append(c).append(c);
        }
        String payload = "\"" + every + "\u2028\u2029\\\uD83D\uDE00\uFFFF\n";
        assertEquals(payload, payloadBack(payload));
        assertEquals("", payloadBack(""));
        assertEquals("\"", payloadBack("\""));
        assertEquals("plain", payloadBack("plain"));
    }

    @Property(tries = 300)
    void anyTextReadsBackAsItWas(@ForAll @StringLength(max = 40) @CharRange(from = 0, to = 0x3000) String payload) {
        assertEquals(payload, payloadBack(payload));
    }

    @Test
    void theLineHoldsNoRawControlCharacter() {
        String line = JsonLayout.INSTANCE.format(LogRecord.builder(MessageType.REQ_IN).timestamp(Instant.EPOCH)
                .payload("a\u0000b\u001fc\u007fd").build());
        for (int i = 0; i < line.length(); i++) {
            assertTrue(line.charAt(i) >= 0x20, line);
        }
    }
}
