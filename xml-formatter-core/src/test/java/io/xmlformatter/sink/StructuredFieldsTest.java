package io.xmlformatter.sink;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import net.logstash.logback.encoder.LogstashEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records as structured fields, written by logstash-logback-encoder's JSON encoder as users ship them to
 * Elasticsearch or Loki: asserted on the JSON it writes.
 */
class StructuredFieldsTest {
    private static final String PAYLOAD = "<soap:Envelope xmlns:soap=\"urn:s\">\n  <pw>[*****]</pw>\n</soap:Envelope>";
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
    private Logger services;

    @BeforeEach
    void attach() {
        LogstashEncoder encoder = new LogstashEncoder();
        encoder.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        encoder.start();
        use(encoder);
    }

    /** Writes the records through {@code encoder}. */
    private void use(Encoder<ILoggingEvent> encoder) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        if (services != null) {
            services.detachAppender(appender);
            appender.stop();
        }
        appender.setContext(context);
        appender.setEncoder(encoder);
        appender.setOutputStream(out);
        appender.start();
        services = context.getLogger(Slf4jSink.CXF_LOGGER_PREFIX);
        services.addAppender(appender);
    }

    @AfterEach
    void detach() {
        services.detachAppender(appender);
        appender.stop();
    }

    private static LogRecord response() {
        return LogRecord.builder(MessageType.FAULT_OUT).exchangeId("ex-1").correlationId("corr-1")
                .traceId("4bf92f3577b34da6a3ce929d0e0e4736").spanId("00f067aa0ba902b7").level(LogLevel.ERROR)
                .address("http://127.0.0.1/bank?page=2").httpMethod("POST").responseCode(500)
                .contentType("text/xml").service("{urn:bank}BankService").portType("{urn:bank}Bank")
                .operation("transfer").duration(Duration.ofMillis(12)).originalSize(70).maskedCount(1)
                .header("Content-Type", Arrays.asList("text/xml")).payload(PAYLOAD).build();
    }

    /** A field, written flat ({@code "a.b": v}) or nested ({@code "a": {"b": v}}). */
    private static JsonNode field(JsonNode json, String name) {
        if (json.has(name)) {
            return json.get(name);
        }
        JsonNode node = json;
        for (String part : name.split("\\.")) {
            node = node == null ? null : node.get(part);
        }
        if (node == null) {
            throw new AssertionError("no field " + name + " in " + json);
        }
        return node;
    }

    private JsonNode written() {
        String line = new String(out.toByteArray(), StandardCharsets.UTF_8).trim();
        assertFalse(line.contains("\n{"), "one line per record: " + line);
        return JsonMapper.builder().build().readTree(line);
    }

    /**
     * Issue 62: a client's correlation id taken from the caller's MDC is escaped in the record; while the record is
     * written, {@code %mdc} prints it as the record carries it, not the caller's raw value (a line break in it would
     * forge a line), and the caller's value is back after.
     */
    @Test
    void whileARecordIsWrittenTheMdcHoldsItsIdsAsItCarriesThem() {
        ch.qos.logback.classic.encoder.PatternLayoutEncoder pattern = new ch.qos.logback.classic.encoder
                .PatternLayoutEncoder();
        pattern.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        pattern.setPattern("[%X{correlationId}] %msg%n");
        pattern.start();
        use(pattern);
        org.slf4j.MDC.put("correlationId", "abc\nFORGED LINE");
        try {
            for (Slf4jSink sink : new Slf4jSink[] {Slf4jSink.fields(FieldNames.ECS, Level.INFO),
                Slf4jSink.fieldsInMdc(FieldNames.OTEL, Level.INFO)}) {
                out.reset();
                sink.write(response().toBuilder().correlationId("abc\\nFORGED LINE").build());
                String written = new String(out.toByteArray(), StandardCharsets.UTF_8);
                assertTrue(written.startsWith("[abc\\nFORGED LINE] "), written);
                assertFalse(written.contains("\nFORGED"), written);
                assertEquals("abc\nFORGED LINE", org.slf4j.MDC.get("correlationId"));
            }
        } finally {
            org.slf4j.MDC.remove("correlationId");
        }
    }

    @Test
    void ecsNamesAreFieldsOfTheJsonAndThePayloadIsTheMessageEscapedOnce() {
        Slf4jSink.fields(FieldNames.ECS, Level.INFO).write(response());
        JsonNode json = written();
        assertEquals(PAYLOAD, json.get("message").asString(), "the payload, not a record escaped into a string");
        assertEquals("ERROR", json.get("level").asString(), "the record's own level");
        assertEquals("org.apache.cxf.services.Bank.FAULT_OUT", json.get("logger_name").asString());
        assertEquals("FAULT_OUT", json.get("event.action").asString());
        assertEquals("http://127.0.0.1/bank?page=2", json.get("url.full").asString());
        assertEquals("POST", json.get("http.request.method").asString());
        assertEquals(500, json.get("http.response.status_code").asInt(), "a number");
        assertEquals("text/xml", json.get("http.response.mime_type").asString(), "by direction");
        assertEquals(70, json.get("http.response.body.bytes").asInt());
        assertEquals(12_000_000L, json.get("event.duration").asLong(), "ECS durations are in nanoseconds");
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", json.get("trace.id").asString());
        assertEquals("00f067aa0ba902b7", json.get("span.id").asString());
        assertEquals("corr-1", json.get("xmlformatter.correlation_id").asString());
        assertEquals("transfer", json.get("xmlformatter.operation").asString());
        assertEquals("text/xml", json.get("xmlformatter.headers").get("Content-Type").get(0).asString(),
                "headers stay an object");
        assertFalse(json.has("payload") || json.has("xmlformatter.payload"), "the payload only once");
    }

    @Test
    void openTelemetryAndProjectNames() {
        Slf4jSink.fields(FieldNames.OTEL, Level.INFO).write(response());
        JsonNode otel = written();
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", otel.get("trace_id").asString());
        assertEquals("transfer", otel.get("rpc.method").asString());
        assertEquals("{urn:bank}BankService", otel.get("rpc.service").asString());
        assertEquals(70, otel.get("http.response.body.size").asInt());
        out.reset();
        Slf4jSink.fields(FieldNames.PROJECT, Level.INFO).write(response());
        JsonNode project = written();
        assertEquals("ex-1", project.get("exchangeId").asString());
        assertEquals(500, project.get("status").asInt());
    }

    @Test
    void theBodyAsAFieldWhereEcsAndOpenTelemetryIndexIt() {
        Slf4jSink.fields(FieldNames.ECS, Level.INFO).bodyAsField().write(response());
        JsonNode ecs = written();
        assertEquals(PAYLOAD, ecs.get("http.response.body.content").asString());
        assertEquals("FAULT_OUT", ecs.get("message").asString(), "the type is the message");
        out.reset();
        Slf4jSink.fieldsInMdc(FieldNames.OTEL, Level.INFO).bodyAsField().write(response());
        assertEquals(PAYLOAD, written().get("http.response.body.content").asString(), "in the MDC too");
        assertThrows(IllegalStateException.class, () -> Slf4jSink.text().bodyAsField());
    }

    /** Spring Boot's structured logging ({@code logging.structured.format.console}), as a Boot application has it. */
    @Test
    void springBootsEcsAndLogstashFormatsWriteTheFields() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.putObject(Environment.class.getName(), new StandardEnvironment());
        for (String format : new String[] {"ecs", "logstash"}) {
            StructuredLogEncoder encoder = new StructuredLogEncoder();
            encoder.setFormat(format);
            encoder.setContext(context);
            encoder.start();
            use(encoder);
            out.reset();
            Slf4jSink.fields(FieldNames.ECS, Level.INFO).write(response());
            JsonNode json = written();
            assertEquals(PAYLOAD, field(json, "message").asString(), format);
            assertEquals(500, field(json, "http.response.status_code").asInt(), format);
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", field(json, "trace.id").asString(), format);
            assertEquals("POST", field(json, "http.request.method").asString(), format);
        }
    }

    @Test
    void fieldsInTheMdcAreTextFieldsOfTheJsonToo() {
        Slf4jSink.fieldsInMdc(FieldNames.ECS, Level.INFO).write(response());
        JsonNode json = written();
        assertEquals(PAYLOAD, json.get("message").asString());
        assertEquals("500", json.get("http.response.status_code").asString());
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", json.get("trace.id").asString());
        assertTrue(org.slf4j.MDC.getCopyOfContextMap() == null || org.slf4j.MDC.getCopyOfContextMap().isEmpty(),
                "the MDC is given back");
    }
}
