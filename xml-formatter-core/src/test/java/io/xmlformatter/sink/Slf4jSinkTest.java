package io.xmlformatter.sink;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.FormatResult;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageLogger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SLF4J sink through logback, with a real appender that keeps the events. */
class Slf4jSinkTest {
    /** Keeps events with the MDC they were logged with (logback reads the MDC lazily otherwise). */
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent e) {
            e.prepareForDeferredProcessing();
            super.append(e);
        }
    };
    private Logger root;

    @BeforeEach
    void attach() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        appender.setContext(context);
        appender.start();
        root.addAppender(appender);
    }

    @AfterEach
    void detach() {
        root.detachAppender(appender);
        MDC.clear();
    }

    private static LogRecord record() {
        XmlFormatter f = XmlFormatter.builder().wsSecurity().build();
        StringBuilder out = new StringBuilder();
        FormatResult r = f.format("<Envelope><UsernameToken><Password>pw</Password></UsernameToken></Envelope>",
                out);
        return LogRecord.builder(MessageType.REQ_IN)
                .timestamp(Instant.parse("2026-11-21T10:15:30Z"))
                .exchangeId("ex-1").correlationId("corr-1").messageId("m-1")
                .address("http://127.0.0.1:8080/bank").httpMethod("POST").contentType("text/xml")
                .service("{urn:bank}BankService").port("{urn:bank}BankPort").portType("{urn:bank}Bank")
                .operation("transfer")
                .header("SOAPAction", Arrays.asList("\"transfer\""))
                .duration(Duration.ofMillis(12))
                .payload(out.toString()).originalSize(r.originalLength()).loggedSize(out.length())
                .truncated(r.truncated()).maskedCount(r.maskedCount()).wellFormed(r.wellFormed())
                .build();
    }

    @Test
    void textLayoutUnderCxfLoggerNamesWithMdcDuringTheCall() {
        MDC.put("correlationId", "outer");
        Slf4jSink.fullText().write(record().toBuilder().attribute("flowName", "payments").build());
        assertEquals(1, appender.list.size());
        ILoggingEvent e = appender.list.get(0);
        assertEquals("org.apache.cxf.services.Bank.REQ_IN", e.getLoggerName());
        assertEquals(ch.qos.logback.classic.Level.INFO, e.getLevel());
        assertEquals("corr-1", e.getMDCPropertyMap().get("correlationId"));
        assertEquals("ex-1", e.getMDCPropertyMap().get("exchangeId"));
        assertEquals("transfer", e.getMDCPropertyMap().get("operation"));
        assertEquals("payments", e.getMDCPropertyMap().get("flowName"), "attributes in the MDC");
        String text = e.getFormattedMessage();
        assertTrue(text.startsWith("REQ_IN\n    Ts: 2026-11-21T10:15:30Z\n    ExchangeId: ex-1"), text);
        assertTrue(text.contains("\n    Headers: {SOAPAction=[\"transfer\"]}"), text);
        assertTrue(text.endsWith("Payload: \n<Envelope>\n  <UsernameToken>\n    <Password>[*****]</Password>\n"
                + "  </UsernameToken>\n</Envelope>"), text);
        assertEquals("outer", MDC.get("correlationId"), "MDC restored");
        assertNull(MDC.get("Type"), "MDC cleaned");
        assertNull(MDC.get("exchangeId"), "MDC cleaned");
        assertNull(MDC.get("flowName"), "MDC cleaned");
    }

    @Test
    void theDefaultTextIsCxfsLayout() {
        Slf4jSink.text().write(record());
        assertEquals("REQ_IN\n    Address: http://127.0.0.1:8080/bank\n    HttpMethod: POST\n    Content-Type: text/xml\n"
                + "    ExchangeId: ex-1\n    ServiceName: BankService\n    PortName: BankPort\n    PortTypeName: Bank\n"
                + "    Headers: {SOAPAction=\"transfer\"}\n    Payload: <Envelope>\n  <UsernameToken>\n"
                + "    <Password>[*****]</Password>\n  </UsernameToken>\n</Envelope>\n",
                appender.list.get(0).getFormattedMessage());
    }

    @Test
    void payloadOnlyIsWhatCxfsSlf4jEventSenderWrites() {
        Slf4jSink.payloadOnly().write(record());
        ILoggingEvent e = appender.list.get(0);
        assertEquals("<Envelope>\n  <UsernameToken>\n    <Password>[*****]</Password>\n  </UsernameToken>\n</Envelope>",
                e.getFormattedMessage());
        assertEquals("http://127.0.0.1:8080/bank", e.getMDCPropertyMap().get("Address"));
        assertEquals("REQ_IN", e.getMDCPropertyMap().get("Type"));
        assertEquals("Bank", e.getMDCPropertyMap().get("PortTypeName"));
    }

    @Test
    void aKeyTheRecordHasNoValueForKeepsTheCallersValue() {
        MDC.put("ResponseCode", "outer");
        Slf4jSink.text().write(record());
        assertEquals("outer", appender.list.get(0).getMDCPropertyMap().get("ResponseCode"), "during the call");
        assertEquals("outer", MDC.get("ResponseCode"), "after the call");
    }

    /** Issue 51: JAX-RS records logged under CXF's names confused Jersey teams; CXF's keep CXF's. */
    @Test
    void loggersAreNamedByTheRecordsIntegrationUnlessAPrefixIsGiven() {
        LogRecord rest = LogRecord.builder(MessageType.REQ_IN).integration("jaxrs").service("Accounts").payload("{}")
                .build();
        Slf4jSink.text().write(rest);
        Slf4jSink.json().write(rest.toBuilder().service(null).build());
        Slf4jSink.text().write(record());
        new Slf4jSink(TextLayout.INSTANCE, "audit", org.slf4j.event.Level.INFO).write(rest);
        assertEquals(Arrays.asList("io.xmlformatter.jaxrs.Accounts.REQ_IN", "io.xmlformatter.jaxrs.unknown.REQ_IN",
                "org.apache.cxf.services.Bank.REQ_IN", "audit.Accounts.REQ_IN"), appender.list.stream()
                .map(ILoggingEvent::getLoggerName).collect(java.util.stream.Collectors.toList()));
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.getLogger("io.xmlformatter.jaxrs").setLevel(ch.qos.logback.classic.Level.OFF);
        try {
            assertFalse(Slf4jSink.text().wouldWrite(MessageType.REQ_IN, "jaxrs", "Accounts", null));
            assertTrue(Slf4jSink.text().wouldWrite(MessageType.REQ_IN, null, "Accounts", null), "CXF's names");
            assertTrue(new DeduplicatingSink(Slf4jSink.text(), 8).wouldWrite(MessageType.REQ_IN, "cxf-x", "A", null));
            assertFalse(new DeduplicatingSink(Slf4jSink.text(), 8).wouldWrite(MessageType.REQ_IN, "jaxrs", "A",
                    null), "passed on");
        } finally {
            context.getLogger("io.xmlformatter.jaxrs").setLevel(null);
        }
    }

    @Test
    void cxfMdcKeysAndMarkerBesideOurs() {
        Slf4jSink.text().write(record().toBuilder().responseCode(200).build());
        ILoggingEvent e = appender.list.get(0);
        java.util.Map<String, String> mdc = e.getMDCPropertyMap();
        assertEquals("REQ_IN", mdc.get("Type"));
        assertEquals("http://127.0.0.1:8080/bank", mdc.get("Address"));
        assertEquals("POST", mdc.get("HttpMethod"));
        assertEquals("text/xml", mdc.get("Content-Type"));
        assertEquals("200", mdc.get("ResponseCode"));
        assertEquals("ex-1", mdc.get("ExchangeId"));
        assertEquals("m-1", mdc.get("MessageId"));
        assertEquals("BankService", mdc.get("ServiceName"));
        assertEquals("BankPort", mdc.get("PortName"));
        assertEquals("Bank", mdc.get("PortTypeName"));
        assertEquals("{urn:bank}transfer", mdc.get("OperationName"), "CXF's form: qualified by the port type");
        assertEquals("{SOAPAction=\"transfer\"}", mdc.get("Headers"), "as CXF's sender writes them");
        assertEquals(Arrays.asList("SOAP"), markers(e), "a record naming a WSDL port is SOAP");

        Slf4jSink.text().write(LogRecord.builder(MessageType.RESP_OUT).timestamp(Instant.EPOCH).service("Accounts")
                .payload("<a/>").build());
        ILoggingEvent rest = appender.list.get(1);
        assertEquals(Arrays.asList("REST"), markers(rest));
        assertEquals("Accounts", rest.getMDCPropertyMap().get("ServiceName"));
        assertEquals("{}", rest.getMDCPropertyMap().get("Headers"), "no headers: {} as CXF writes it");
    }

    private static java.util.List<String> markers(ILoggingEvent e) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (org.slf4j.Marker m : e.getMarkerList()) {
            names.add(m.getName());
        }
        return names;
    }

    @Test
    void jsonLayoutIsOneEscapedLine() {
        Slf4jSink.json().write(record());
        String json = appender.list.get(0).getFormattedMessage();
        assertEquals(-1, json.indexOf('\n'));
        assertTrue(json.startsWith("{\"ts\":\"2026-11-21T10:15:30Z\",\"type\":\"REQ_IN\",\"exchangeId\":\"ex-1\""),
                json);
        assertTrue(json.contains("\"durationMs\":12.000,"), json);
        assertTrue(json.contains("\"maskedCount\":1,\"wellFormed\":true"), json);
        assertTrue(json.contains("\"headers\":{\"SOAPAction\":[\"\\\"transfer\\\"\"]}"), json);
        assertTrue(json.endsWith("\"payload\":\"<Envelope>\\n  <UsernameToken>\\n    <Password>[*****]</Password>"
                + "\\n  </UsernameToken>\\n</Envelope>\"}"), json);
    }

    @Test
    void levelAndPrefixAreHonoured() {
        ((Logger) LoggerFactory.getLogger("my.soap")).setLevel(ch.qos.logback.classic.Level.WARN);
        new Slf4jSink(JsonLayout.INSTANCE, "my.soap", Level.INFO).write(record());
        assertEquals(0, appender.list.size(), "INFO is below the logger's WARN level");
        new Slf4jSink(JsonLayout.INSTANCE, "my.soap", Level.ERROR).write(record());
        assertEquals("my.soap.Bank.REQ_IN", appender.list.get(0).getLoggerName());
        assertEquals(ch.qos.logback.classic.Level.ERROR, appender.list.get(0).getLevel());
    }

    @Test
    void aRecordsOwnLevelWinsAndIsAskedBeforeCapture() {
        ((Logger) LoggerFactory.getLogger("lvl.Bank.REQ_IN")).setLevel(ch.qos.logback.classic.Level.INFO);
        Slf4jSink sink = new Slf4jSink(TextLayout.INSTANCE, "lvl", Level.INFO);
        assertTrue(!sink.wouldWrite(MessageType.REQ_IN, "{urn:bank}Bank", LogLevel.DEBUG));
        assertTrue(sink.wouldWrite(MessageType.REQ_IN, "{urn:bank}Bank", LogLevel.WARN));
        sink.write(record().toBuilder().level(LogLevel.DEBUG).build());
        assertEquals(0, appender.list.size(), "DEBUG is below the logger's INFO level");
        sink.write(record().toBuilder().level(LogLevel.ERROR).traceId("4bf92f3577b34da6a3ce929d0e0e4736")
                .spanId("00f067aa0ba902b7").build());
        assertEquals(ch.qos.logback.classic.Level.ERROR, appender.list.get(0).getLevel());
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", appender.list.get(0).getMDCPropertyMap().get("trace_id"));
        assertEquals("00f067aa0ba902b7", appender.list.get(0).getMDCPropertyMap().get("span_id"));
        String text = appender.list.get(0).getFormattedMessage();
        assertTrue(text.contains("\n    Level: ERROR\n") && text.contains("\n    TraceId: 4bf92f35"), text);
    }

    @Test
    void levelsByOutcomeReachTheLoggerAndAFailureIsCapturedUnderAQuieterLevel() {
        ((Logger) LoggerFactory.getLogger("quiet")).setLevel(ch.qos.logback.classic.Level.INFO);
        MessageLogger logger = MessageLogger.builder().sink(new Slf4jSink(TextLayout.INSTANCE, "quiet", Level.INFO))
                .levels(LogLevel.DEBUG, LogLevel.WARN, LogLevel.ERROR).build();
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, null, null, null);
        assertTrue(x.capturesBody(MessageType.REQ_IN), "a failure may come: captured though DEBUG is off");
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN),
                CapturedBody.of("<q/>".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        r.response(r.facts(MessageType.RESP_OUT).responseCode(503)).end();
        assertEquals(1, appender.list.size(), "the request at DEBUG is below INFO");
        assertEquals(ch.qos.logback.classic.Level.ERROR, appender.list.get(0).getLevel());
        assertEquals("quiet.unknown.FAULT_OUT", appender.list.get(0).getLoggerName());
    }

    @Test
    void controlCharactersAreEscapedInJson() {
        LogRecord r = LogRecord.builder(MessageType.FAULT_OUT).timestamp(Instant.EPOCH).payload("a\u0001\"\\\u2028b")
                .build();
        String json = JsonLayout.INSTANCE.format(r);
        assertTrue(json.endsWith("\"payload\":\"a\\u0001\\\"\\\\\\u2028b\"}"), json);
    }
}
