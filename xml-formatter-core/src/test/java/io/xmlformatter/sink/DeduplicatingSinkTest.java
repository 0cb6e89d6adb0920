package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class DeduplicatingSinkTest {
    private final List<LogRecord> written = new ArrayList<>();

    private static LogRecord record(MessageType type, String correlationId, String messageId, String payload) {
        return LogRecord.builder(type).correlationId(correlationId).messageId(messageId).payload(payload)
                .originalSize(payload == null ? -1 : payload.length()).operation("transfer").build();
    }

    @Test
    void theSamePayloadInOneCorrelationIdIsWrittenOnceAndLaterRecordsReferToTheFirst() {
        DeduplicatingSink sink = new DeduplicatingSink(written::add, 100);
        sink.write(record(MessageType.REQ_IN, "c1", "m1", "<a>1</a>"));
        sink.write(record(MessageType.REQ_OUT, "c1", "m2", "<a>1</a>"));
        sink.write(record(MessageType.RESP_IN, "c1", "m3", "<b>2</b>"));
        sink.write(record(MessageType.RESP_OUT, "c1", "m4", "<b>2</b>"));

        assertEquals(4, written.size(), "every record is still written");
        assertEquals("<a>1</a>", written.get(0).payload());
        assertEquals("[SAME PAYLOAD AS REQ_IN m1]", written.get(1).payload());
        assertEquals("REQ_IN m1", written.get(1).attributes().get(DeduplicatingSink.DUPLICATE_OF));
        assertEquals(MessageType.REQ_OUT, written.get(1).type());
        assertEquals("transfer", written.get(1).operation(), "other fields are kept");
        assertEquals(8, written.get(1).originalSize());
        assertEquals("[SAME PAYLOAD AS REQ_IN m1]".length(), written.get(1).loggedSize());
        assertEquals("<b>2</b>", written.get(2).payload());
        assertEquals("[SAME PAYLOAD AS RESP_IN m3]", written.get(3).payload());
    }

    @Test
    void otherCorrelationIdsOtherPayloadsAndRecordsWithoutIdsPassUnchanged() {
        DeduplicatingSink sink = new DeduplicatingSink(written::add, 100);
        sink.write(record(MessageType.REQ_IN, "c1", "m1", "<a>1</a>"));
        sink.write(record(MessageType.REQ_IN, "c2", "m2", "<a>1</a>"));
        sink.write(record(MessageType.REQ_OUT, "c1", "m3", "<a>2</a>"));
        sink.write(record(MessageType.REQ_IN, null, "m4", "<a>1</a>"));
        sink.write(record(MessageType.REQ_IN, null, "m5", "<a>1</a>"));
        sink.write(record(MessageType.REQ_IN, "c1", "m6", null));
        sink.write(record(MessageType.REQ_IN, "c1", "m7", null));
        for (LogRecord r : written) {
            assertNull(r.attributes().get(DeduplicatingSink.DUPLICATE_OF), r.messageId());
        }
    }

    @Test
    void onlyTheMostRecentPairsAreRemembered() {
        DeduplicatingSink sink = new DeduplicatingSink(written::add, 2);
        sink.write(record(MessageType.REQ_IN, "c1", "m1", "<a/>"));
        sink.write(record(MessageType.REQ_IN, "c2", "m2", "<a/>"));
        sink.write(record(MessageType.REQ_IN, "c3", "m3", "<a/>"));
        sink.write(record(MessageType.REQ_OUT, "c1", "m4", "<a/>"));
        assertEquals("<a/>", written.get(3).payload(), "c1 was forgotten");
        sink.write(record(MessageType.REQ_OUT, "c3", "m5", "<a/>"));
        assertEquals("[SAME PAYLOAD AS REQ_IN m3]", written.get(4).payload());
    }
}
