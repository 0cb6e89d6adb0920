package io.xmlformatter.protocol;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The adapter protocol as an adapter outside core sees it: its order, its bodies, its questions to the sink. */
class ExchangeProtocolTest {
    private final List<LogRecord> records = new ArrayList<>();
    private final Map<MessageType, Integer> asked = new EnumMap<>(MessageType.class);
    private final MessageLogger logger = MessageLogger.builder().sink(new LogSink() {
        @Override
        public void write(LogRecord record) {
            records.add(record);
        }

        @Override
        public boolean wouldWrite(MessageType type, String owner) {
            asked.merge(type, 1, Integer::sum);
            return true;
        }
    }).build();

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private List<String> summary() {
        return records.stream().map(r -> r.type() + (r.payload() == null ? "" : " " + r.payload()))
                .collect(Collectors.toList());
    }

    @Test
    void callsOutOfOrderFailNamingTheCallAndTheStage() {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN));
        IllegalStateException twice = assertThrows(IllegalStateException.class,
                () -> x.request(x.facts(MessageType.REQ_IN)));
        assertTrue(twice.getMessage().contains("request(facts, body) called when the exchange is requested"),
                twice.getMessage());
        assertThrows(IllegalStateException.class, () -> x.operation("Bank", "pay", null, null, null),
                "the rules apply before the request");
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
                () -> r.response(r.facts(MessageType.REQ_IN)));
        assertTrue(wrongType.getMessage().contains("takes a response's facts, not REQ_IN"), wrongType.getMessage());
        ExchangeLog.EndStage answered = r.response(r.facts(MessageType.RESP_OUT).responseCode(200));
        assertThrows(IllegalStateException.class, r::failed, "the outcome was given");
        answered.end();
        r.failed(); // after the end: nothing changes
        answered.end();
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT"), summary());
    }

    @Test
    void theSinkIsAskedOncePerMessage() {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        assertTrue(x.logs(MessageType.REQ_IN));
        assertTrue(x.capturesBody(MessageType.REQ_IN));
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN), CapturedBody.of(utf8("<q/>")));
        assertTrue(r.capturesBody(MessageType.RESP_OUT));
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200), CapturedBody.of(utf8("<a/>"))).end();
        assertEquals(1, asked.get(MessageType.REQ_IN));
        assertEquals(1, asked.get(MessageType.RESP_OUT));
        assertEquals(Arrays.asList("REQ_IN <q/>", "RESP_OUT <a/>"), summary());
    }

    @Test
    void aHalfReadRequestIsSettledByItsResponseWithWhatHasArrived() throws IOException {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        byte[] sent = utf8("<q>all of it</q>");
        BodyTee tee = new BodyTee(x.captureLimit(), sent.length);
        InputStream in = tee.tee(new ByteArrayInputStream(sent));
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN).contentType("application/xml"), tee);
        assertEquals(3, in.read(new byte[3]), "the application reads a little");
        assertEquals(Arrays.asList(), summary(), "its record waits for the body");
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200)).end();
        assertEquals(Arrays.asList("REQ_IN <q>all of it</q>", "RESP_OUT"), summary());
    }

    @Test
    void anExchangeEndsOnceItsResponseBodyIsWrittenAndKeepsItsIdsInTheMdcTillThen() throws IOException {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN));
        WrittenBody written = new WrittenBody(r.captureLimit());
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        OutputStream out = written.tee(wire, null);
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200).contentType("application/xml"), written).end();
        assertEquals(x.id(), MDC.get("exchangeId"), "not over while its body is written");
        out.write(utf8("<a>done</a>"));
        out.close();
        assertEquals("<a>done</a>", new String(wire.toByteArray(), StandardCharsets.UTF_8), "bytes unchanged");
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT <a>done</a>"), summary());
        assertNull(MDC.get("exchangeId"), "ended once the body was written");
    }

    @Test
    void nothingReadOfABodyIsNoBodyAndNothingWrittenIsAnEmptyOne() {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        BodyTee unread = new BodyTee(x.captureLimit(), -1);
        unread.tee(new ByteArrayInputStream(new byte[0]));
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN), unread);
        WrittenBody empty = new WrittenBody(r.captureLimit());
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200), empty).end();
        empty.finish();
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT "), summary());
    }

    @Test
    void anExchangeEndedBeforeItsOutcomeFailed() {
        MessageLogger failuresOnly = MessageLogger.builder().sink(records::add).strategy(Strategy.FAILED_ONLY).build();
        ExchangeLog.RequestStage x = ExchangeLog.client(failuresOnly, null, null, null);
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_OUT), CapturedBody.of(utf8("<q/>")));
        assertEquals(Arrays.asList(), summary(), "held: a failure only strategy");
        r.end(); // the call broke before any response
        assertEquals(Arrays.asList("REQ_OUT <q/>"), summary(), "written: no outcome was given, so it failed");
    }
}
