package io.xmlformatter.message;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The life of one exchange in core, step by step as an adapter drives it: ids, MDC, outcome, strategies. */
class ExchangeLogTest {
    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private final List<LogRecord> records = new ArrayList<>();

    private MessageLogger logger(Consumer<MessageLoggerBuilder> options) {
        MessageLoggerBuilder b = MessageLogger.builder().sink(records::add);
        options.accept(b);
        return b.build();
    }

    private static CapturedBody body(String text) {
        return CapturedBody.of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A server exchange: request, then a response with {@code status}, then its end. */
    private static LoggedExchange serve(MessageLogger logger, int status) {
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("application/xml"), body("<q>request</q>"));
        x.response(x.facts(MessageType.RESP_OUT).responseCode(status).contentType("application/xml"),
                body("<a>response</a>"));
        x.end();
        return x;
    }

    private List<String> summary() {
        return records.stream().map(r -> r.type() + (r.payload() == null ? "" : " " + r.payload()))
                .collect(Collectors.toList());
    }

    @Test
    void alwaysWritesEachRecordAtOnceAndAStatusAtTheFaultStatusMakesAFault() {
        MessageLogger logger = logger(b -> { });
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN), body("<q/>"));
        assertEquals(Arrays.asList("REQ_IN <q/>"), summary(), "written before the outcome is known");
        x.response(x.facts(MessageType.RESP_OUT).responseCode(503), body("<f/>"));
        x.end();
        assertEquals(Arrays.asList("REQ_IN <q/>", "FAULT_OUT <f/>"), summary());
        assertEquals(x.id(), records.get(1).exchangeId());
        assertEquals(x.id(), records.get(1).correlationId(), "no header: the exchange id");
        assertNull(records.get(0).duration());
        assertTrue(records.get(1).duration() != null);
        records.clear();
        serve(logger(b -> b.faultStatus(400)), 404);
        assertEquals(MessageType.FAULT_OUT, records.get(1).type(), "the fault status is configurable");
    }

    @Test
    void bodyOnFailureWritesBodiesOnlyForFailedOrSlowExchanges() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.BODY_ON_FAILURE));
        serve(logger, 200);
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT"), summary());
        records.clear();
        serve(logger, 500);
        assertEquals(Arrays.asList("REQ_IN <q>request</q>", "FAULT_OUT <a>response</a>"), summary());
        records.clear();
        serve(logger(b -> b.strategy(Strategy.BODY_ON_FAILURE).slowThreshold(Duration.ZERO)), 200);
        assertEquals(Arrays.asList("REQ_IN <q>request</q>", "RESP_OUT <a>response</a>"), summary(), "slow");
        assertEquals(0, logger.heldBytes());
    }

    @Test
    void failedOnlyAndSlowOnlyWriteNothingForOtherExchanges() {
        MessageLogger failedOnly = logger(b -> b.strategy(Strategy.FAILED_ONLY));
        serve(failedOnly, 200);
        serve(failedOnly, 404);
        assertEquals(Arrays.asList(), summary(), "a client error is not a failure");
        serve(failedOnly, 502);
        assertEquals(Arrays.asList("REQ_IN <q>request</q>", "FAULT_OUT <a>response</a>"), summary());
        records.clear();
        serve(logger(b -> b.strategy(Strategy.SLOW_ONLY).slowThreshold(Duration.ofDays(1))), 500);
        assertEquals(Arrays.asList(), summary(), "slow only: a fast failure is not written");
        serve(logger(b -> b.strategy(Strategy.SLOW_ONLY).slowThreshold(Duration.ZERO)), 200);
        assertEquals(Arrays.asList("REQ_IN <q>request</q>", "RESP_OUT <a>response</a>"), summary());
    }

    @Test
    void withoutBodyCapturesNothingAndWritesFacts() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.WITHOUT_BODY));
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        assertEquals(false, x.capturesBody(MessageType.REQ_IN));
        assertEquals(true, x.logs(MessageType.REQ_IN));
        serve(logger, 500);
        assertEquals(Arrays.asList("REQ_IN", "FAULT_OUT"), summary());
        x.end();
    }

    @Test
    void heldRecordsNeverOutliveTheExchange() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.FAILED_ONLY));
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN), body("<q>held</q>"));
        assertEquals(Arrays.asList(), summary());
        assertTrue(logger.heldBytes() > 0, "held until the outcome");
        x.end(); // no response: an aborted exchange, a failure
        assertEquals(Arrays.asList("REQ_IN <q>held</q>"), summary());
        assertEquals(0, logger.heldBytes());
        x.end();
        assertEquals(1, records.size(), "ended once");

        records.clear();
        LoggedExchange failed = LoggedExchange.server(logger, null, null, null);
        failed.request(failed.facts(MessageType.REQ_IN), body("<q>thrown</q>"));
        failed.failed(); // an exception no mapper maps
        failed.end();
        assertEquals(Arrays.asList("REQ_IN <q>thrown</q>"), summary());

        records.clear();
        LoggedExchange oneWay = LoggedExchange.server(logger, null, null, null);
        oneWay.request(oneWay.facts(MessageType.REQ_IN), body("<q>one-way</q>"));
        oneWay.accepted();
        oneWay.end();
        assertEquals(Arrays.asList(), summary(), "an accepted one-way call succeeded");
        assertEquals(0, logger.heldBytes());
    }

    /** Reachability, not a counter: once the exchange ended, nothing of it still refers to the held bytes. */
    @Test
    void aHeldBodyIsUnreachableOnceItsExchangeEnded() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.FAILED_ONLY));
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        byte[] bytes = "<q>held</q>".getBytes(StandardCharsets.UTF_8);
        WeakReference<byte[]> held = new WeakReference<>(bytes);
        x.request(x.facts(MessageType.REQ_IN), CapturedBody.of(bytes));
        bytes = null;
        x.response(x.facts(MessageType.RESP_OUT).responseCode(200));
        x.end();
        for (int i = 0; i < 20 && held.get() != null; i++) {
            System.gc();
        }
        assertNull(held.get(), "the exchange (still referenced here) holds its body no more");
        assertNotNull(x.id());
    }

    @Test
    void overTheBoundARecordIsWrittenWithoutItsBodyAndCounted() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.FAILED_ONLY).maxHeldBytes(10));
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN), body("<q>longer than ten bytes</q>"));
        assertEquals(Arrays.asList("REQ_IN [body not logged: held records over the bound]"), summary());
        assertEquals(1, logger.heldOverflows());
        assertEquals(0, logger.heldBytes());
        x.end();
    }

    /**
     * Held records count what they hold beside a body (finding: records held for the outcome with large headers and
     * no body counted 0 held bytes, so hundreds stayed in memory past the bound): under each strategy that holds,
     * and with one record per exchange.
     */
    @Test
    void heldRecordsWithLargeHeadersAndNoBodyCountAgainstTheBound() {
        String large = "x".repeat(2000);
        for (Strategy strategy : new Strategy[] {Strategy.BODY_ON_FAILURE, Strategy.FAILED_ONLY, Strategy.SLOW_ONLY}) {
            for (boolean perExchange : new boolean[] {false, true}) {
                records.clear();
                MessageLogger logger = logger(b -> b.strategy(strategy).recordPerExchange(perExchange)
                        .slowThreshold(java.time.Duration.ofDays(1)).maxHeldBytes(64 * 1024));
                List<LoggedExchange> open = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    LoggedExchange x = LoggedExchange.client(logger, null, null, null); // open at once on one thread
                    MessageFacts f = x.facts(MessageType.REQ_OUT);
                    for (int h = 0; h < 5; h++) {
                        f.header("X-Large-" + h, List.of(large));
                    }
                    x.request(f);
                    open.add(x);
                }
                String what = strategy + (perExchange ? ", one record per exchange" : "");
                assertTrue(logger.heldBytes() <= 64 * 1024, what + ": held " + logger.heldBytes());
                assertTrue(logger.heldOverflows() > 0, what + ": past the bound, counted; held " + logger.heldBytes()
                        + ", written " + records.size());
                for (LoggedExchange x : open) {
                    x.response(x.facts(MessageType.RESP_IN).responseCode(500));
                    x.end();
                }
                assertEquals(0, logger.heldBytes(), what);
                long requests = records.stream().filter(r -> r.type() == MessageType.REQ_OUT || r.request() != null)
                        .count();
                if (strategy != Strategy.SLOW_ONLY) {
                    assertEquals(100, requests, what + ": every failed exchange's request written");
                } else { // not slow: only what the bound could not hold was written, and says so
                    assertTrue(requests > 0 && records.stream().allMatch(r -> (r.request() != null ? r.request() : r)
                            .payload().equals("[body not logged: held records over the bound]")), what);
                }
            }
        }
    }

    @Test
    void samplingKeepsOrDropsAnExchangeWholeAndKeepsFailures() {
        MessageLogger dropping = logger(b -> b.sampleOneIn(3).sampleKeepsFailures(false));
        for (int i = 0; i < 6; i++) {
            serve(dropping, i == 1 ? 500 : 200);
        }
        assertEquals(4, records.size(), "exchanges 0 and 3, request and response: " + summary());
        assertEquals(records.get(0).exchangeId(), records.get(1).exchangeId());
        records.clear();
        MessageLogger keeping = logger(b -> b.sampleOneIn(3));
        for (int i = 0; i < 6; i++) {
            serve(keeping, i == 1 ? 500 : 200);
        }
        assertEquals(Arrays.asList("REQ_IN <q>request</q>", "RESP_OUT <a>response</a>", "REQ_IN <q>request</q>",
                "FAULT_OUT <a>response</a>", "REQ_IN <q>request</q>", "RESP_OUT <a>response</a>"), summary());
        records.clear();
        MessageLogger none = logger(b -> b.sampleRate(Double.MIN_VALUE).sampleKeepsFailures(false));
        LoggedExchange x = LoggedExchange.server(none, null, null, null);
        assertEquals(false, x.logs(MessageType.REQ_IN), "left out: nothing is captured");
        x.end();
    }

    @Test
    void theLevelFollowsTheOutcome() {
        MessageLogger logger = logger(b -> b.levels(LogLevel.DEBUG, LogLevel.WARN, LogLevel.ERROR));
        serve(logger, 200);
        serve(logger, 404);
        serve(logger, 500);
        assertEquals(Arrays.asList(LogLevel.DEBUG, LogLevel.DEBUG, LogLevel.DEBUG, LogLevel.WARN, LogLevel.DEBUG,
                LogLevel.ERROR), records.stream().map(LogRecord::level).collect(Collectors.toList()),
                "a request written before its outcome is at the success level");
        records.clear();
        serve(logger(b -> b.strategy(Strategy.BODY_ON_FAILURE).levels(LogLevel.DEBUG, LogLevel.WARN,
                LogLevel.ERROR)), 500);
        assertEquals(LogLevel.ERROR, records.get(0).level(), "a held request takes its exchange's level");
        assertNull(records.stream().filter(r -> r.level() == null).findAny().map(LogRecord::level).orElse(null));
    }

    @Test
    void serverIdsAndTraceAreInTheMdcUntilTheEndAndThenRestored() {
        MDC.put("correlationId", "outer");
        try {
            Map<String, String> headers = new HashMap<>();
            headers.put("X-Correlation-ID", " abc ");
            headers.put("traceparent", TRACEPARENT);
            LoggedExchange x = LoggedExchange.server(logger(b -> { }), headers::get, null, null);
            assertEquals("abc", MDC.get("correlationId"));
            assertEquals(x.id(), MDC.get("exchangeId"));
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", MDC.get("trace_id"));
            assertEquals("00f067aa0ba902b7", MDC.get("span_id"));
            x.request(x.facts(MessageType.REQ_IN));
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", records.get(0).traceId());
            assertEquals("00f067aa0ba902b7", records.get(0).spanId());
            LoggedExchange next = LoggedExchange.server(logger(b -> { }), null, "host-id", null);
            assertEquals("host-id", next.correlationId(), "the host's id wins");
            next.end(); // the stale one was ended by the next on this thread
            assertEquals("outer", MDC.get("correlationId"));
            assertNull(MDC.get("exchangeId"));
            assertNull(MDC.get("trace_id"));
        } finally {
            MDC.clear();
        }
    }

    @Test
    void anExchangeEndedOnAnotherThreadLeavesNoIdInTheMdcOfItsOwn() throws Exception {
        LoggedExchange x = LoggedExchange.server(logger(b -> { }), null, null, null);
        assertEquals(x.id(), MDC.get("exchangeId"));
        Thread other = new Thread(x::end); // CXF runs a one-way call's service on a work queue
        other.start();
        other.join();
        assertEquals(x.id(), MDC.get("exchangeId"), "not restored from the other thread");
        LoggedExchange next = LoggedExchange.server(logger(b -> { }), null, null, null);
        assertEquals(next.id(), MDC.get("exchangeId"));
        next.end();
        assertNull(MDC.get("exchangeId"), "the first one's MDC was restored when the next began");
        assertNull(MDC.get("correlationId"));
    }

    @Test
    void anExchangeThatGoesOnOnAnotherThreadTakesItsIdsThereAndGivesThatThreadsMdcBack() throws Exception {
        LoggedExchange x = LoggedExchange.server(logger(b -> { }), null, null, null);
        String[] seen = new String[2];
        Thread worker = new Thread(() -> {
            MDC.put("exchangeId", "the worker's");
            x.enterThread();
            seen[0] = MDC.get("exchangeId");
            x.end();
            seen[1] = MDC.get("exchangeId");
        });
        worker.start();
        worker.join();
        assertEquals(x.id(), seen[0], "entered on the worker");
        assertEquals("the worker's", seen[1], "given back on the worker");
        LoggedExchange.server(logger(b -> { }), null, null, null).end();
        assertNull(MDC.get("exchangeId"), "the first thread's MDC came back when the next exchange began");
    }

    @Test
    void aClientTakesTheCallersIdsAndChangesNoMdc() {
        MDC.put("correlationId", "caller");
        MDC.put("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736");
        MDC.put("span_id", "00f067aa0ba902b7");
        try {
            LoggedExchange x = LoggedExchange.client(logger(b -> { }), null, null, null);
            assertEquals("caller", x.correlationId());
            x.request(x.facts(MessageType.REQ_OUT));
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", records.get(0).traceId());
            assertEquals("caller", MDC.get("correlationId"));
            assertNull(MDC.get("exchangeId"));
            x.end();
            assertEquals("caller", MDC.get("correlationId"));
        } finally {
            MDC.clear();
        }
        LoggedExchange own = LoggedExchange.client(logger(b -> { }), name -> null, null, null);
        assertEquals(own.id(), own.correlationId());
    }

    @Test
    void theCurrentOpenTelemetrySpanWinsOverTheHeaders() {
        SpanContext current = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault());
        Map<String, String> headers = new HashMap<>();
        headers.put("traceparent", TRACEPARENT);
        MessageLogger logger = logger(b -> { });
        try (Scope scope = Span.wrap(current).makeCurrent()) {
            LoggedExchange server = LoggedExchange.server(logger, headers::get, null, null);
            assertEquals("0af7651916cd43dd8448eb211c80319c", MDC.get("trace_id"));
            assertEquals("b7ad6b7169203331", MDC.get("span_id"));
            LoggedExchange client = LoggedExchange.client(logger, headers::get, null, null);
            client.request(client.facts(MessageType.REQ_OUT));
            assertEquals("0af7651916cd43dd8448eb211c80319c", records.get(0).traceId());
            client.end();
            server.end();
        }
        LoggedExchange none = LoggedExchange.server(logger, headers::get, null, null);
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", MDC.get("trace_id"), "no span: the header");
        none.end();
        assertNull(MDC.get("trace_id"));
    }

    /** Brave under Micrometer Tracing (or Sleuth) puts {@code traceId} and {@code spanId} into the MDC. */
    @Test
    void aTracersMdcIdsAreTheTraceWhenNoSpanOrHeaderGivesOne() {
        MessageLogger logger = logger(b -> { });
        MDC.put("traceId", "80f198ee56343ba8");
        MDC.put("spanId", "e457b5a2e4d86bd1");
        try {
            LoggedExchange server = LoggedExchange.server(logger, null, null, null);
            server.request(server.facts(MessageType.REQ_IN));
            assertEquals("000000000000000080f198ee56343ba8", records.get(0).traceId(), "64 bits, widened");
            assertEquals("e457b5a2e4d86bd1", records.get(0).spanId());
            server.end();
            Map<String, String> headers = new HashMap<>();
            headers.put("traceparent", TRACEPARENT);
            LoggedExchange fromHeader = LoggedExchange.server(logger, headers::get, null, null);
            fromHeader.request(fromHeader.facts(MessageType.REQ_IN));
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", records.get(1).traceId(), "the header first");
            fromHeader.end();
            MDC.put("traceId", "not-a-trace-id");
            LoggedExchange bad = LoggedExchange.server(logger, null, null, null);
            bad.request(bad.facts(MessageType.REQ_IN));
            assertNull(records.get(2).traceId(), "not well-formed: none");
            bad.end();
        } finally {
            MDC.remove("traceId");
            MDC.remove("spanId");
        }
    }

    @Test
    void theTraceIdIsTheCorrelationIdByOption() {
        Map<String, String> headers = new HashMap<>();
        headers.put("traceparent", TRACEPARENT);
        LoggedExchange x = LoggedExchange.server(logger(b -> b.correlationFromTrace(true)), headers::get, null, null);
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", x.correlationId());
        x.end();
        LoggedExchange y = LoggedExchange.server(logger(b -> { }), headers::get, null, null);
        assertNotEquals("4bf92f3577b34da6a3ce929d0e0e4736", y.correlationId());
        y.end();
    }

    @Test
    void onlyWellFormedTraceHeadersAreRead() {
        assertEquals("00f067aa0ba902b7", TraceContext.traceparent(TRACEPARENT).spanId);
        assertEquals("00f067aa0ba902b7", TraceContext.traceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-"
                + "00f067aa0ba902b7-01-future").spanId, "a later version may carry more");
        for (String bad : new String[] {"ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7", "<script>", ""}) {
            assertNull(TraceContext.traceparent(bad), bad);
        }
        assertEquals("000000000000000080f198ee56343ba8", TraceContext.b3("80f198ee56343ba8-e457b5a2e4d86bd1-1")
                .traceId, "a 64-bit B3 trace id is widened");
        assertEquals("e457b5a2e4d86bd1", TraceContext.b3("80f198ee56343ba8e457b5a2e4d86bd1-e457b5a2e4d86bd1")
                .spanId);
        assertNull(TraceContext.b3("0").traceId);
        assertNull(TraceContext.b3("80f198ee56343ba8-x457b5a2e4d86bd1-1").traceId);
        Map<String, String> both = new HashMap<>();
        both.put("traceparent", "garbage");
        both.put("b3", "80f198ee56343ba8-e457b5a2e4d86bd1");
        assertEquals("e457b5a2e4d86bd1", TraceContext.of(both::get).spanId, "traceparent first, else b3");
    }

    @Test
    void theFirstMatchingRuleAppliesAndAnExclusionLogsNothing() {
        MessageLogger logger = logger(b -> b.limit(4096)
                .exclude(ExchangeMatch.any().httpMethod("get").path("/health.*"))
                .rule(ExchangeMatch.any().service("Bank").operation("upload"), r -> r.limit(8))
                .rule(ExchangeMatch.any().soapAction("\"urn:audit\""), r -> r.strategy(Strategy.WITHOUT_BODY))
                .rule(ExchangeMatch.any().service("{urn:other}Bank"), r -> r.limit(0)));
        assertNull(logger.forExchange(null, null, "/health/live", "GET", null), "excluded");
        assertEquals(logger, logger.forExchange(null, null, "/health/live", "POST", null), "another method");
        assertEquals(logger, logger.forExchange(null, null, null, "GET", null), "no path known: no match");
        MessageLogger upload = logger.forExchange("{urn:bank}Bank", "upload", "/bank", "POST", null);
        assertEquals(8, upload.captureLimit(), "a local name matches a qualified one");
        assertEquals(logger, logger.forExchange("{urn:bank}Bank", "transfer", "/bank", "POST", null));
        assertEquals(Strategy.WITHOUT_BODY, logger.forExchange(null, null, "/", "POST", "urn:audit").policy().strategy(),
                "quotes ignored");
        assertEquals(logger, logger.forExchange("{urn:bank}Bank", null, "/", "POST", null), "namespace differs");

        LoggedExchange x = LoggedExchange.server(logger, null, null, null)
                .operation("{urn:bank}Bank", "upload", "/bank", "POST", null);
        x.request(x.facts(MessageType.REQ_IN).contentType("application/xml"), body("<q>longer than eight</q>"));
        assertTrue(records.get(0).payload().contains("TRUNCATED"), records.get(0).payload());
        x.end();
        records.clear();
        LoggedExchange health = LoggedExchange.server(logger, null, null, null)
                .operation(null, null, "/health", "GET", null);
        assertEquals(false, health.logs(MessageType.REQ_IN));
        health.request(health.facts(MessageType.REQ_IN), body("<q/>"));
        health.end();
        assertEquals(Arrays.asList(), summary());
        String message = assertThrows(IllegalArgumentException.class, () -> logger(b -> b.rule(
                ExchangeMatch.any().operation("x"), r -> r.faultStatus(1)))).getMessage();
        assertTrue(message.contains("operation=x") && message.contains("faultStatus"), message);
    }


    /** Each stage is an object of its own: a later one is no instance of an earlier one; order is still checked. */
    @Test
    void eachStageIsItsOwnObjectAndACallOutOfOrderNamesCallAndStage() {
        ExchangeLog.RequestStage begun = ExchangeLog.server(logger(b -> { }), null, null, null);
        ExchangeLog.ResponseStage requested = begun.request(begun.facts(MessageType.REQ_IN), body("<q/>"));
        assertFalse(requested instanceof ExchangeLog.RequestStage, "a response stage is no request stage");
        ExchangeLog.EndStage answered = requested.response(requested.facts(MessageType.RESP_OUT).responseCode(200),
                body("<a/>"));
        assertFalse(answered instanceof ExchangeLog.Stage, "an end stage is no earlier stage");
        String message = assertThrows(IllegalStateException.class,
                () -> begun.request(begun.facts(MessageType.REQ_IN))).getMessage();
        assertTrue(message.contains("request(facts") && message.contains("answered"), message);
        answered.end();
        assertEquals(requested.id(), begun.id());
        assertEquals(Arrays.asList("REQ_IN <q/>", "RESP_OUT <a/>"), summary());
    }

    /** An exchange whose operation comes after its bodies start: a rule on it still gets them. */
    @Test
    void aRuleOnAnOperationLearnedLateCapturesItsBodiesWhenTheBaseStrategyDoesNot() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.WITHOUT_BODY)
                .rule(ExchangeMatch.any().path("/bank").operation("GetAccountRequest"),
                        r -> r.strategy(Strategy.ALWAYS)));
        LoggedExchange other = LoggedExchange.server(logger, null, null, null).operation(null, null, "/other", "POST",
                null);
        assertEquals(false, other.capturesBody(MessageType.REQ_IN), "no rule could match another path");
        other.end();
        for (String operation : new String[] {"GetAccountRequest", "Transfer"}) {
            // as Spring-WS's connection: the transport's facts first, the endpoint's operation once dispatched
            LoggedExchange x = LoggedExchange.server(logger, null, null, null).operation(null, null, "/bank", "POST",
                    null);
            assertTrue(x.capturesBody(MessageType.REQ_IN) && x.capturesBody(MessageType.RESP_OUT), operation);
            x.operation("BankEndpoint", operation, "/bank", "POST", null);
            assertEquals(operation.startsWith("Get"), x.capturesBody(MessageType.RESP_OUT), operation);
            x.request(x.facts(MessageType.REQ_IN), body("<q/>"))
                    .response(x.facts(MessageType.RESP_OUT).responseCode(200), body("<a/>")).end();
        }
        assertEquals(Arrays.asList("REQ_IN <q/>", "RESP_OUT <a/>", "REQ_IN", "RESP_OUT"), summary());
        records.clear();
        // as the servlet filter: the operation read from the request's body, after both captures began
        LoggedExchange x = LoggedExchange.server(logger, null, null, null).operation("dispatcher", null, "/bank",
                "POST", null);
        assertTrue(x.capturesBody(MessageType.REQ_IN));
        LoggedExchange r = x.request(x.facts(MessageType.REQ_IN).operation("GetAccountRequest"),
                body("<q/>"));
        assertTrue(r.capturesBody(MessageType.RESP_OUT));
        r.response(x.facts(MessageType.RESP_OUT).responseCode(200), body("<a/>")).end();
        assertEquals(Arrays.asList("REQ_IN <q/>", "RESP_OUT <a/>"), summary());
        assertEquals("GetAccountRequest", records.get(1).operation());
    }
    /** A proxy: its server exchange, and inside it a client exchange to the backend, one correlation id. */
    private static void proxy(MessageLogger logger, int backendStatus, int proxyStatus) {
        Map<String, String> headers = new HashMap<>();
        headers.put("X-Correlation-ID", "chain-1");
        LoggedExchange in = LoggedExchange.server(logger, headers::get, null, null);
        in.request(in.facts(MessageType.REQ_IN), body("<q>in</q>"));
        LoggedExchange out = LoggedExchange.client(logger, null, null, null);
        assertEquals("chain-1", out.correlationId(), "the caller's id, from the MDC");
        out.request(out.facts(MessageType.REQ_OUT), body("<q>out</q>"));
        out.response(out.facts(MessageType.RESP_IN).responseCode(backendStatus), body("<a>back</a>"));
        out.end();
        in.response(in.facts(MessageType.RESP_OUT).responseCode(proxyStatus), body("<a>answer</a>"));
        in.end();
    }

    @Test
    void theWholeChainIsWrittenWithBodiesWhenAnyOfItsExchangesFails() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.BODY_ON_FAILURE).chain(true));
        proxy(logger, 200, 200);
        assertEquals(Arrays.asList("REQ_IN", "REQ_OUT", "RESP_IN", "RESP_OUT"), summary(), "held until the last end");
        records.clear();
        proxy(logger, 500, 502);
        assertEquals(Arrays.asList("REQ_IN <q>in</q>", "REQ_OUT <q>out</q>", "FAULT_IN <a>back</a>",
                "FAULT_OUT <a>answer</a>"), summary());
        records.clear();
        proxy(logger, 200, 500);
        assertEquals(Arrays.asList("REQ_IN <q>in</q>", "REQ_OUT <q>out</q>", "RESP_IN <a>back</a>",
                "FAULT_OUT <a>answer</a>"), summary(), "the backend's success is part of the failed chain");
        assertEquals(0, logger.openChains());
        assertEquals(0, logger.heldBytes());
        records.clear();
        MessageLogger failedOnly = logger(b -> b.strategy(Strategy.FAILED_ONLY).chain(true));
        proxy(failedOnly, 200, 200);
        assertEquals(Arrays.asList(), summary());
        proxy(failedOnly, 404, 200);
        assertEquals(Arrays.asList(), summary(), "a client error is no failure");
        records.clear();
        MessageLogger unchained = logger(b -> b.strategy(Strategy.FAILED_ONLY));
        proxy(unchained, 200, 500);
        assertEquals(Arrays.asList("REQ_IN <q>in</q>", "FAULT_OUT <a>answer</a>"), summary(), "without the chain");
    }

    @Test
    void aDerivedLoggerWritesToTheSameSinkAndSharesItsParentsChains() {
        MessageLogger parent = logger(b -> b.strategy(Strategy.FAILED_ONLY).chain(true));
        MessageLogger annotated = parent.derive(b -> b.strategy(Strategy.BODY_ON_FAILURE).limit(8));
        Map<String, String> headers = new HashMap<>();
        headers.put("X-Correlation-ID", "shared");
        LoggedExchange in = LoggedExchange.server(annotated, headers::get, null, null);
        in.request(in.facts(MessageType.REQ_IN).contentType("application/xml"), body("<q>longer than eight</q>"));
        LoggedExchange out = LoggedExchange.client(parent, null, null, null);
        out.request(out.facts(MessageType.REQ_OUT), body("<q>out</q>"));
        assertEquals(1, parent.openChains(), "one chain for both");
        assertTrue(annotated.heldBytes() > 0 && annotated.heldBytes() == parent.heldBytes(), "one bound");
        out.response(out.facts(MessageType.RESP_IN).responseCode(503), body("<a/>"));
        out.end();
        in.response(in.facts(MessageType.RESP_OUT).responseCode(502));
        in.end();
        assertEquals(4, records.size(), summary().toString());
        assertTrue(records.get(0).payload().contains("TRUNCATED"), "the derived limit");
        assertEquals("<q>out</q>", records.get(1).payload());
        assertEquals(0, parent.openChains());
    }

    @Test
    void aChainIsBoundedInRecordsAndAge() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.FAILED_ONLY).chain(true)
                .chainMaxRecords(1).chainMaxAge(Duration.ofNanos(1)));
        LoggedExchange x = LoggedExchange.client(logger, name -> "forgotten", null, null);
        x.request(x.facts(MessageType.REQ_OUT), body("<q>held</q>"));
        LoggedExchange y = LoggedExchange.client(logger, name -> "forgotten", null, null); // the same chain
        y.request(y.facts(MessageType.REQ_OUT), body("<q>second</q>"));
        assertEquals(Arrays.asList("REQ_OUT [body not logged: held records over the bound]"), summary());
        assertEquals(1, logger.heldOverflows());
        records.clear();
        for (int i = 0; i < 64; i++) { // the chains past their age are expired every 64 exchanges
            LoggedExchange.client(logger, null, null, null).end();
        }
        assertEquals(Arrays.asList("REQ_OUT <q>held</q>"), summary(), "never ended: written as failed");
        assertEquals(0, logger.openChains());
        assertEquals(0, logger.heldBytes());
        x.end();
        y.end();
    }

    @Test
    void anExchangeThatNeverEndsIsWrittenAsFailedOncePastItsAge() {
        MessageLogger logger = logger(b -> b.strategy(Strategy.BODY_ON_FAILURE)
                .chainMaxAge(Duration.ofNanos(1)));
        LoggedExchange x = LoggedExchange.client(logger, null, null, null); // a caller that never reads its response
        x.request(x.facts(MessageType.REQ_OUT), body("<q>held</q>"));
        assertEquals(Arrays.asList(), summary());
        for (int i = 0; i < 64; i++) {
            LoggedExchange.client(logger, null, null, null).end();
        }
        assertEquals(Arrays.asList("REQ_OUT <q>held</q>"), summary());
        assertEquals(0, logger.heldBytes());
        assertEquals(0, logger.openChains());
    }

    @Test
    void wrongExchangeOptionsFailTheBuildNamingTheOption() {
        String[] messages = {
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder()
                    .strategy(Strategy.SLOW_ONLY).build()).getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder().faultStatus(700).build())
                    .getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder().sampleRate(0).build())
                    .getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder().sampleOneIn(2)
                    .sampleRate(0.5).build()).getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder().strategy(null).build())
                    .getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder()
                    .levels(LogLevel.INFO, null, LogLevel.ERROR).build()).getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder().maxHeldBytes(-1).build())
                    .getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder()
                    .slowThreshold(Duration.ofMillis(-1)).build()).getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder()
                    .chainMaxRecords(0).build()).getMessage(),
            assertThrows(IllegalArgumentException.class, () -> MessageLogger.builder()
                    .chainMaxAge(Duration.ZERO).build()).getMessage()};
        String[] names = {"slowThreshold", "faultStatus", "sampleRate", "sampleOneIn", "strategy", "levels",
            "maxHeldBytes", "slowThreshold", "chainMaxRecords", "chainMaxAge"};
        for (int i = 0; i < names.length; i++) {
            assertTrue(messages[i].contains(names[i]), messages[i]);
        }
    }
}
