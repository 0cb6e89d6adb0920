package io.xmlformatter.sink;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.api.logs.Severity;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.message.Options;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bodies where the observability stack reads them: on the exchange's span (opt-in) and through the OpenTelemetry
 * Logs API, with the SDK's in-memory exporters — masked, bounded, following the strategy.
 */
class OpenTelemetryBodiesTest {
    private static final String REQUEST = "<pay><iban>DE89370400440532013000</iban><password>otel-secret-1</password>"
            + "<amount>10</amount></pay>";
    private static final String FAULT = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>no</faultstring></soap:Fault>"
            + "</soap:Body></soap:Envelope>";
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final InMemoryLogRecordExporter logs = InMemoryLogRecordExporter.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setLoggerProvider(SdkLoggerProvider.builder()
                    .addLogRecordProcessor(SimpleLogRecordProcessor.create(logs)).build()).build();

    @AfterEach
    void close() {
        sdk.close();
    }

    /** One server exchange inside a span; the span's exported attributes. */
    private Attributes exchange(Consumer<MessageLoggerBuilder> options, int status, String response) {
        MessageLoggerBuilder b = MessageLogger.builder().sink(record -> { }).sensitiveElementNames(
                List.of("password"));
        options.accept(b);
        MessageLogger logger = b.build();
        Span span = sdk.getTracer("test").spanBuilder("POST /pay").startSpan();
        try (Scope scope = span.makeCurrent()) {
            ExchangeLog.RequestStage e = ExchangeLog.server(logger, null, null, null);
            MessageFacts in = e.facts(MessageType.REQ_IN).contentType("text/xml").operation("pay");
            e.request(in, CapturedBody.of(REQUEST.getBytes(StandardCharsets.UTF_8)))
                    .response(e.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(status),
                            CapturedBody.of(response.getBytes(StandardCharsets.UTF_8))).end();
        } finally {
            span.end();
        }
        List<SpanData> done = spans.getFinishedSpanItems();
        assertEquals(1, done.size());
        return done.get(0).getAttributes();
    }

    private static String attribute(Attributes a, String name) {
        return a.get(AttributeKey.stringKey(name));
    }

    @Test
    void putsTheMaskedBodiesAndTheirFactsOnTheSpanWhenAskedTo() {
        Attributes a = exchange(b -> b.set(Options.SPAN_ATTRIBUTES, true), 500, FAULT);
        String request = attribute(a, "http.request.body.content");
        assertTrue(request.contains("<password>[*****]</password>"), request);
        assertFalse(a.toString().contains("otel-secret-1"), a.toString());
        assertTrue(attribute(a, "http.response.body.content").contains("soap:Fault"));
        assertTrue(request.contains("<iban>[*****]</iban>"), request); // the detectors, on by default
        assertEquals(2L, a.get(AttributeKey.longKey("xmlformatter.request.masked_count")));
        assertEquals(Boolean.FALSE, a.get(AttributeKey.booleanKey("xmlformatter.request.truncated")));
        assertEquals("pay", attribute(a, "xmlformatter.operation"));
        assertEquals("soap:Client", attribute(a, "xmlformatter.soap.fault_code"));
    }

    /**
     * Issue 62: a client exchange inside a server exchange's span put its bodies on the caller's span. Each record's
     * body belongs on its own exchange's span: the client call gets a CLIENT span of its own (scope
     * {@code io.xmlformatter}), a child of the server's, in its trace.
     */
    @Test
    void aClientCallInsideAServerSpanPutsItsBodiesOnAClientSpanOfItsOwn() {
        MessageLogger logger = MessageLogger.builder().sink(record -> { }).openTelemetry(sdk)
                .set(Options.SPAN_ATTRIBUTES, true).build();
        Span server = sdk.getTracer("test").spanBuilder("POST /pay").setSpanKind(SpanKind.SERVER).startSpan();
        try (Scope scope = server.makeCurrent()) {
            ExchangeLog.RequestStage in = ExchangeLog.server(logger, null, null, null);
            ExchangeLog.ResponseStage answering = in.request(in.facts(MessageType.REQ_IN).contentType("text/xml"),
                    CapturedBody.of("<pay>server-request</pay>".getBytes(StandardCharsets.UTF_8)));
            ExchangeLog.RequestStage out = ExchangeLog.client(logger, null, null, null);
            out.request(out.facts(MessageType.REQ_OUT).contentType("text/xml"),
                    CapturedBody.of("<check>backend-request</check>".getBytes(StandardCharsets.UTF_8)))
                    .response(out.facts(MessageType.RESP_IN).contentType("text/xml").responseCode(200),
                            CapturedBody.of("<ok>backend-response</ok>".getBytes(StandardCharsets.UTF_8))).end();
            answering.response(in.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(200),
                    CapturedBody.of("<done>server-response</done>".getBytes(StandardCharsets.UTF_8))).end();
        } finally {
            server.end();
        }
        List<SpanData> done = spans.getFinishedSpanItems();
        assertEquals(2, done.size(), done.toString());
        SpanData client = done.stream().filter(d -> d.getKind() == SpanKind.CLIENT).findFirst().orElseThrow();
        SpanData caller = done.stream().filter(d -> d.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
        assertEquals("io.xmlformatter", client.getInstrumentationScopeInfo().getName());
        assertEquals(caller.getSpanId(), client.getParentSpanId());
        assertEquals(caller.getTraceId(), client.getTraceId());
        assertEquals("<check>backend-request</check>", attribute(client.getAttributes(), "http.request.body.content"));
        assertEquals("<ok>backend-response</ok>", attribute(client.getAttributes(), "http.response.body.content"));
        assertEquals("<pay>server-request</pay>", attribute(caller.getAttributes(), "http.request.body.content"));
        assertEquals("<done>server-response</done>", attribute(caller.getAttributes(), "http.response.body.content"));
    }

    @Test
    void boundsTheAttributeByItsOwnLimit() {
        String request = attribute(exchange(b -> b.set(Options.SPAN_ATTRIBUTES, true)
                .set(Options.SPAN_ATTRIBUTE_LIMIT, 20), 200, "<ok/>"), "http.request.body.content");
        assertTrue(request.startsWith("<pay>") && request.endsWith("...[TRUNCATED AT 20 CHARS]"), request);
    }

    @Test
    void followsTheStrategyAndIsOffUnlessAskedFor() {
        Attributes success = exchange(b -> b.set(Options.SPAN_ATTRIBUTES, true).strategy(Strategy.BODY_ON_FAILURE),
                200, "<ok/>");
        assertNull(attribute(success, "http.request.body.content"), "no body for a success");
        assertEquals(Boolean.FALSE, success.get(AttributeKey.booleanKey("xmlformatter.request.truncated")),
                "its facts are there");
        spans.reset();
        Attributes failure = exchange(b -> b.set(Options.SPAN_ATTRIBUTES, true).strategy(Strategy.BODY_ON_FAILURE),
                500, FAULT);
        assertTrue(attribute(failure, "http.request.body.content").contains("[*****]"));
        spans.reset();
        assertTrue(exchange(b -> { }, 500, FAULT).isEmpty(), "off by default");
    }

    @Test
    void theLogSinkEmitsRecordsInTheExchangesTraceWithMaskedBodies() {
        MessageLogger logger = MessageLogger.builder().sink(OpenTelemetrySink.of(sdk))
                .levels(LogLevel.INFO, LogLevel.WARN, LogLevel.ERROR).sensitiveElementNames(List.of("password"))
                .build();
        Span span = sdk.getTracer("test").spanBuilder("POST /pay").startSpan();
        try (Scope scope = span.makeCurrent()) {
            ExchangeLog.RequestStage e = ExchangeLog.server(logger, null, null, null);
            e.request(e.facts(MessageType.REQ_IN).contentType("text/xml").httpMethod("POST")
                    .address("http://127.0.0.1/pay"), CapturedBody.of(REQUEST.getBytes(StandardCharsets.UTF_8)))
                    .response(e.facts(MessageType.RESP_OUT).responseCode(500).contentType("text/xml"),
                            CapturedBody.of(FAULT.getBytes(StandardCharsets.UTF_8))).end();
        } finally {
            span.end();
        }
        List<LogRecordData> records = logs.getFinishedLogRecordItems();
        assertEquals(2, records.size());
        LogRecordData request = records.get(0);
        assertTrue(request.getBodyValue().asString().contains("<password>[*****]</password>"));
        assertEquals(span.getSpanContext().getTraceId(), request.getSpanContext().getTraceId());
        assertEquals(span.getSpanContext().getSpanId(), request.getSpanContext().getSpanId());
        assertEquals("POST", request.getAttributes().get(AttributeKey.stringKey("http.request.method")));
        assertEquals(OpenTelemetrySink.SCOPE, request.getInstrumentationScopeInfo().getName());
        LogRecordData fault = records.get(1);
        assertEquals(Severity.ERROR, fault.getSeverity(), "a failure's level");
        assertEquals(500L, fault.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertFalse(records.toString().contains("otel-secret-1"));
    }

    @Test
    void theLogSinkPutsTheBodyInAnAttributeWhenAskedTo() {
        OpenTelemetrySink sink = OpenTelemetrySink.of(sdk).bodyAsAttribute();
        assertTrue(sink.toString().contains("body as attribute"));
        sink.write(io.xmlformatter.record.LogRecord.builder(MessageType.RESP_IN).payload("<ok>[*****]</ok>")
                .header("Content-Type", List.of("text/xml")).build());
        LogRecordData log = logs.getFinishedLogRecordItems().get(0);
        assertEquals("<ok>[*****]</ok>", log.getAttributes().get(AttributeKey.stringKey(
                "http.response.body.content")));
        assertNull(log.getBodyValue());
        assertEquals(List.of("text/xml"), log.getAttributes().get(AttributeKey.stringArrayKey(
                "http.response.header.content-type")));
    }

    @Test
    void startsASpanOfItsOwnWhenAskedToAndNoneIsCurrent() {
        MessageLogger logger = MessageLogger.builder().sink(record -> { }).sensitiveElementNames(List.of("password"))
                .set(Options.SPAN_ATTRIBUTES, true).set(Options.START_SPANS, true).openTelemetry(sdk).build();
        String parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        ExchangeLog.RequestStage e = ExchangeLog.server(logger,
                name -> name.equals("traceparent") ? parent : null, null, null)
                .operation("{urn:bank}PayPort", "{urn:bank}pay", "/pay", "POST", null);
        e.request(e.facts(MessageType.REQ_IN).contentType("text/xml").httpMethod("POST"),
                CapturedBody.of(REQUEST.getBytes(StandardCharsets.UTF_8)))
                .response(e.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(500),
                        CapturedBody.of(FAULT.getBytes(StandardCharsets.UTF_8))).end();
        List<SpanData> done = spans.getFinishedSpanItems();
        assertEquals(1, done.size(), "ended with the exchange");
        SpanData server = done.get(0);
        assertEquals(io.opentelemetry.api.trace.SpanKind.SERVER, server.getKind());
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", server.getTraceId(), "the request's trace");
        assertEquals("00f067aa0ba902b7", server.getParentSpanId());
        assertEquals("pay", server.getName());
        assertEquals(io.opentelemetry.api.trace.StatusCode.ERROR, server.getStatus().getStatusCode());
        assertEquals(500L, server.getAttributes().get(AttributeKey.longKey("http.response.status_code")));
        assertTrue(attribute(server.getAttributes(), "http.request.body.content").contains("[*****]"));
        assertFalse(server.toString().contains("otel-secret-1"));

        spans.reset(); // a client exchange on its own: a root CLIENT span named by its method
        ExchangeLog.RequestStage c = ExchangeLog.client(logger, null, null, null);
        c.request(c.facts(MessageType.REQ_OUT).httpMethod("GET").address("http://127.0.0.1/a?password=p"))
                .response(c.facts(MessageType.RESP_IN).responseCode(200)).end();
        SpanData client = spans.getFinishedSpanItems().get(0);
        assertEquals(io.opentelemetry.api.trace.SpanKind.CLIENT, client.getKind());
        assertEquals("GET", client.getName());
        assertFalse(client.getParentSpanContext().isValid(), "a root");
        assertEquals(io.opentelemetry.api.trace.StatusCode.UNSET, client.getStatus().getStatusCode());
        assertFalse(client.toString().contains("password=p"), "the address is not put on the span");
    }

    @Test
    void startsNoSpanWhenOneIsCurrentOrWhenNotAskedTo() {
        exchange(b -> b.set(Options.START_SPANS, true).openTelemetry(sdk), 200, "<ok/>"); // asserts one span
        spans.reset();
        MessageLogger off = MessageLogger.builder().sink(record -> { }).openTelemetry(sdk).build();
        ExchangeLog.RequestStage e = ExchangeLog.server(off, null, null, null);
        e.request(e.facts(MessageType.REQ_IN)).response(e.facts(MessageType.RESP_OUT).responseCode(200)).end();
        assertTrue(spans.getFinishedSpanItems().isEmpty(), "off by default");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MessageLogger.builder().openTelemetry("not one"));
    }
}
