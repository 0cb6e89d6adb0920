package io.xmlformatter.mongo;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Records as documents, without a server: the schema's special cases and the trace context. */
class DocumentMapperTest {
    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @AfterEach
    void clearMdc() {
        MDC.clear();
    }

    private static DocumentMapper mapper(MongoSinkSettings s) {
        s.setConnectionString("mongodb://127.0.0.1:1/");
        return new DocumentMapper(s.toConfig(), "host-1");
    }

    @Test
    void theCallersTraceContextFromTheMdcAndTheTraceparentHeaderJoinTheDocument() {
        MDC.put("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736");
        MDC.put("span_id", "00f067aa0ba902b7");
        MDC.put("unrelated", "x");
        LogRecord r = Records.record(1).toBuilder().header("TraceParent", List.of(TRACEPARENT)).build();
        Document d = mapper(new MongoSinkSettings()).toDocument(r);
        Document trace = (Document) d.get("trace");
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", trace.get("trace_id"));
        assertEquals("00f067aa0ba902b7", trace.get("span_id"));
        assertEquals(TRACEPARENT, trace.get("traceparent"));
        assertFalse(trace.containsKey("unrelated"));
        assertEquals("host-1", d.get("host"));
        assertEquals("xml-formatter", d.get("application"));
    }

    @Test
    void theRecordsTraceIdsAndLevelAreFieldsOfTheDocument() {
        LogRecord r = Records.record(1).toBuilder().traceId("4bf92f3577b34da6a3ce929d0e0e4736")
                .spanId("00f067aa0ba902b7").level(LogLevel.ERROR).build();
        Document d = mapper(new MongoSinkSettings()).toDocument(r);
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", d.get("traceId"));
        assertEquals("00f067aa0ba902b7", d.get("spanId"));
        assertEquals("ERROR", d.get("level"));
    }

    @Test
    void aWholeExchangeIsOneDocumentWithTheRequestWithinBothPayloadsCapped() {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setMaxPayloadBytes(1024);
        String big = "<a>" + "x".repeat(3000) + "</a>";
        LogRecord request = LogRecord.builder(MessageType.REQ_IN).httpMethod("POST").payload(big).build();
        LogRecord r = Records.record(1).toBuilder().request(request).soapAction("urn:pay").payload(big).build();
        DocumentMapper mapper = mapper(s);
        Document d = mapper.toDocument(r);
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> within = (java.util.Map<String, Object>) d.get("request");
        assertEquals("POST", within.get("httpMethod"));
        assertEquals(1024, ((String) within.get("payload")).length());
        assertEquals(true, within.get("payloadTruncated"));
        assertEquals(1024, d.getString("payload").length());
        assertEquals("urn:pay", d.get("soapAction"));
        assertTrue(mapper.estimateBytes(r) >= 2048, "both payloads count against the queue's bytes");
    }

    @Test
    void configuredKeysOnlyAndNoTraceFieldWithoutContext() {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setTraceContextKeys("dd.trace_id");
        MDC.put("trace_id", "ignored");
        assertNull(mapper(s).toDocument(Records.record(1)).get("trace"));
        MDC.put("dd.trace_id", "123");
        Document trace = (Document) mapper(s).toDocument(Records.record(1)).get("trace");
        assertEquals(Map.of("dd_trace_id", "123"), trace, "dots are not allowed in field names");
    }

    @Test
    void aTraceparentThatIsNotW3cTraceContextIsNotCopied() {
        LogRecord r = Records.record(1).toBuilder().header("traceparent", List.of("00-not-a-trace<script>")).build();
        assertNull(mapper(new MongoSinkSettings()).toDocument(r).get("trace"));
    }

    @Test
    void longPayloadsAreCutAndFlaggedAndHeaderNamesMadeSafe() {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setMaxPayloadBytes(10);
        LogRecord r = LogRecord.builder(MessageType.REQ_IN).payload("0123456789abcdef")
                .header("$where", List.of("v")).header("X.Dotted", List.of("w")).build();
        DocumentMapper m = mapper(s);
        Document d = m.toDocument(r);
        assertEquals("0123456789", d.get("payload"));
        assertEquals(true, d.get("payloadTruncated"));
        Map<?, ?> headers = (Map<?, ?>) d.get("headers");
        assertTrue(headers.containsKey("_where") && headers.containsKey("X_Dotted"), headers.toString());
        assertEquals(512 + 10 + 2 * 64, m.estimateBytes(r));
    }

    /**
     * Issue 53's derived fields in the document form: a record made by the message logger from a request whose
     * correlation id, SOAPAction, operation, address and headers carry line breaks and query secrets reaches the
     * document with every string field masked and escaped (the gate is in core; this is the output form).
     */
    @Test
    void aRecordsFieldsReachTheDocumentMaskedAndEscaped() {
        java.util.List<LogRecord> records = new java.util.ArrayList<>();
        io.xmlformatter.message.MessageLogger logger = io.xmlformatter.message.MessageLogger.builder()
                .sink(records::add).recordPerExchange(true).build();
        Map<String, String> headers = Map.of("x-correlation-id", "c-1\u0085FORGED", "soapaction",
                "\"urn:pay?access_token=s3cr3t\"");
        io.xmlformatter.message.ExchangeLog.RequestStage x = io.xmlformatter.message.ExchangeLog.server(logger,
                h -> headers.get(h.toLowerCase(java.util.Locale.ROOT)), null, null)
                .operation("{urn:bank}Bank", "GET[/pay;jsessionid=s3cr3t?password=s3cr3t]\r\nFORGED", null, null, null);
        io.xmlformatter.message.MessageFacts request = x.facts(MessageType.REQ_IN)
                .address("http://127.0.0.1/pay?password=s3cr3t\nFORGED").contentType("text/xml");
        headers.forEach((name, value) -> request.header(name, List.of(value)));
        io.xmlformatter.message.ExchangeLog.ResponseStage r = x.request(request,
                io.xmlformatter.message.CapturedBody.of("<a/>".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200).contentType("text/xml"),
                io.xmlformatter.message.CapturedBody.of("<b/>".getBytes(java.nio.charset.StandardCharsets.UTF_8))).end();
        assertEquals(1, records.size());
        Document d = mapper(new MongoSinkSettings()).toDocument(records.get(0));
        java.util.List<String> strings = new java.util.ArrayList<>();
        collect(d, strings);
        assertTrue(strings.size() > 10, strings.toString());
        for (String v : strings) {
            assertFalse(v.contains("s3cr3t"), "a secret in the document: " + v);
            assertFalse(v.matches("(?s).*[\\r\\n\\u0085\\u2028]FORGED.*"), "a raw line break in the document: " + v);
        }
    }

    private static void collect(Object value, java.util.List<String> strings) {
        if (value instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                strings.add(String.valueOf(e.getKey()));
                collect(e.getValue(), strings);
            }
        } else if (value instanceof java.util.Collection) {
            for (Object v : (java.util.Collection<?>) value) {
                collect(v, strings);
            }
        } else if (value instanceof String) {
            strings.add((String) value);
        }
    }
}
