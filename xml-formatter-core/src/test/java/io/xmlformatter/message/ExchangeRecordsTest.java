package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An exchange's held records alone: the request record that waits for its response's (one record per exchange)
 * under the held bound, and the bodies logged before in its correlation id.
 */
class ExchangeRecordsTest {
    private static final CapturedBody BODY = CapturedBody.of("<a>1</a>".getBytes(StandardCharsets.UTF_8));
    private final List<LogRecord> written = new CopyOnWriteArrayList<>();

    private ExchangeRecords records(UnaryOperator<MessageLoggerBuilder> options) {
        return records(options.apply(MessageLogger.builder().sink(written::add)).build());
    }

    private static ExchangeRecords records(MessageLogger logger) {
        ExchangeScope scope = new ExchangeScope(logger, null, "corr-1", name -> null, false, () -> { });
        ExchangeRoute route = new ExchangeRoute(logger, true);
        return new ExchangeRecords(logger.registry(), scope, route, new ExchangeVerdict(route, System.nanoTime()));
    }

    private static MessageFacts facts(MessageType type) {
        return MessageFacts.of(type).exchangeId("x-1").correlationId("corr-1");
    }

    @Test
    void withOneRecordPerExchangeTheRequestWaitsForTheResponseAndCountsAsHeld() {
        ExchangeRecords r = records(b -> b.recordPerExchange(true));
        r.write(facts(MessageType.REQ_OUT), BODY, false);
        assertEquals(List.of(), written, "the request waits");
        r.write(facts(MessageType.RESP_IN).responseCode(200), BODY, false);
        assertEquals(1, written.size(), "one record for the two");
        assertTrue(written.get(0).payload().contains("<a>1</a>"), written.get(0).payload());
    }

    @Test
    void aRequestWithoutItsResponseIsWrittenAloneAtTheEndAndASecondRequestWritesTheFirst() {
        ExchangeRecords r = records(b -> b.recordPerExchange(true));
        r.write(facts(MessageType.REQ_OUT), BODY, false);
        r.write(facts(MessageType.REQ_OUT), BODY, false);
        assertEquals(1, written.size(), "a request sent again: the first is written alone");
        r.end();
        assertEquals(2, written.size(), "no response came: the second is written alone at the end");
        assertEquals(MessageType.REQ_OUT, written.get(1).type());
        r.write(facts(MessageType.REQ_OUT), BODY, false);
        assertEquals(3, written.size(), "after the end nothing waits");
    }

    @Test
    void aRequestTheHeldBoundHasNoRoomForIsWrittenAloneAndCounted() {
        MessageLogger logger = MessageLogger.builder().sink(written::add).recordPerExchange(true).maxHeldBytes(1)
                .build();
        ExchangeRecords r = records(logger);
        r.write(facts(MessageType.REQ_OUT), BODY, false);
        assertEquals(1, written.size());
        assertEquals(1, logger.heldOverflows());
        assertEquals(0, logger.heldBytes());
    }

    @Test
    void theSameBodyAgainInTheCorrelationIdNamesTheFirst() {
        ExchangeRecords r = records(b -> b.suppressDuplicates(true));
        r.write(facts(MessageType.REQ_IN).messageId("m-1"), BODY, false);
        r.write(facts(MessageType.REQ_OUT).messageId("m-2"), BODY, false);
        assertEquals(2, written.size());
        assertEquals("<a>1</a>", written.get(0).payload().trim());
        assertEquals("[SAME PAYLOAD AS REQ_IN m-1]", written.get(1).payload());
    }
}
