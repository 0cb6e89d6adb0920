package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One incoming request logged whole, for tests of what a record shows. */
final class OneMessage {
    private OneMessage() {
    }

    /**
     * Logs a request to {@code address} with {@code body} and {@code headers} (name, value, ...) through
     * {@code logger}, whose sink adds to {@code records} (emptied first); returns its one record.
     */
    static LogRecord log(MessageLogger logger, List<LogRecord> records, String address, String contentType,
                         String body, String... headers) {
        records.clear();
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType(contentType).address(address);
        for (int i = 0; i < headers.length; i += 2) {
            facts.header(headers[i], Collections.singletonList(headers[i + 1]));
        }
        logger.log(facts, CapturedBody.of(body.getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, records.size());
        return records.get(0);
    }
}
