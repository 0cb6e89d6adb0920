package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One test per defect of CXF's logging listed in the anchors note, each sending exact bytes over HTTP to a real
 * CXF service that logs with this feature. Where CXF's own feature runs beside it, the test shows what CXF logs
 * for the same message.
 */
class CxfDefectsTest {
    private static final CollectingSink sink = new CollectingSink();
    private static final List<LogEvent> cxfEvents = Collections.synchronizedList(new ArrayList<>());
    private static CxfServer server;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        XmlLoggingFeature ours = new XmlLoggingFeature();
        ours.setSink(sink);
        ours.setLimit(1024);
        ours.setPrettyLogging(true);
        ours.setOptions(Map.of("body.embedded-xml", "true"));
        ours.setSensitiveElementNames(Set.of("secret"));
        ours.setSensitiveProtocolHeaderNames(Set.of("Authorization"));
        LoggingFeature cxf = new LoggingFeature();
        cxf.setSender(cxfEvents::add);
        cxf.setLimit(1024);
        cxf.setPrettyLogging(true);
        cxf.setSensitiveElementNames(Set.of("secret", "Password"));
        cxf.setSensitiveProtocolHeaderNames(Set.of("Authorization"));
        server = new CxfServer(ours, cxf);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        cxfEvents.clear();
    }

    private static String envelope(String header, String body) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>" + header
                + "</soap:Header><soap:Body>" + body + "</soap:Body></soap:Envelope>";
    }

    private static int post(String xml, String contentType, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.address))
                .POST(HttpRequest.BodyPublishers.ofString(xml)).header("SOAPAction", "\"\"");
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    /**
     * The request's record, once the response's is there too: a server logs its response just after sending it,
     * so a test that ended earlier could leave that record to the next test.
     */
    private static LogRecord request() throws InterruptedException {
        sink.await(2);
        return sink.only(MessageType.REQ_IN);
    }

    private static String echo(String text) {
        return "<ns:echo xmlns:ns=\"urn:example:bank\"><text>" + text + "</text></ns:echo>";
    }

    @Test
    void truncationIsVisible() throws Exception {
        post(envelope("", echo("z".repeat(3000))), "text/xml");
        LogRecord r = request();
        assertTrue(r.truncated());
        assertTrue(r.payload().endsWith(", open elements: /soap:Envelope/soap:Body/ns:echo/text]"), r.payload());
    }

    @Test
    void maskingHappensBeforeTruncation() throws Exception {
        String pad = "<pad xmlns=\"urn:p\">" + "p".repeat(850) + "</pad>";
        post(envelope(pad + "<secret>ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789</secret>", echo("x")), "text/xml");
        LogRecord r = request();
        assertFalse(r.payload().contains("ABCD"), r.payload());
        assertTrue(r.payload().contains("<secret>[*****]"), r.payload());
    }

    @Test
    void nestedSameNameElementsLeakNothing() throws Exception {
        post(envelope("<secret xmlns=\"urn:s\"><secret>inner</secret>TAIL-LEAK</secret>", echo("x")), "text/xml");
        LogRecord r = request();
        assertFalse(r.payload().contains("TAIL-LEAK"), r.payload());
        assertFalse(r.payload().contains("inner"), r.payload());
    }

    @Test
    void maskingDoesNotDependOnTheContentType() throws Exception {
        post(envelope("<secret xmlns=\"urn:s\">NO-CONTENT-TYPE</secret>", echo("x")), "application/x-unknown");
        LogRecord r = request();
        assertFalse(r.payload().contains("NO-CONTENT-TYPE"), r.payload());
    }

    @Test
    void headerMaskingIgnoresCase() throws Exception {
        post(envelope("", echo("x")), "text/xml", "authorization", "Basic c2VjcmV0");
        String headers = request().headers().toString();
        assertFalse(headers.contains("c2VjcmV0"), headers);
    }

    @Test
    void prettyPrintingKeepsDeclarationProcessingInstructionsMixedContentAndAddsNoBlankLines() throws Exception {
        String indented = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?app hint?>\n"
                + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n"
                + "    <soap:Header>\n        <note xmlns=\"urn:n\">Hello <b>bold</b> world</note>\n    </soap:Header>\n"
                + "    <soap:Body>\n        <ns:echo xmlns:ns=\"urn:example:bank\">\n            <text>x</text>\n"
                + "        </ns:echo>\n    </soap:Body>\n</soap:Envelope>";
        post(indented, "text/xml");
        String p = request().payload();
        assertTrue(p.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?app hint?>\n<soap:Envelope"), p);
        assertFalse(p.contains("\n\n"), "blank lines in\n" + p);
        assertFalse(p.contains("\n    <soap:Header>"), "not re-indented:\n" + p);
        assertTrue(p.contains("<note xmlns=\"urn:n\">Hello <b>bold</b> world</note>"), p);
    }

    @Test
    void escapedAndCdataXmlIsReformattedAndMasked() throws Exception {
        post(envelope("", echo("&lt;order&gt;&lt;secret&gt;ESCAPED&lt;/secret&gt;&lt;/order&gt;")), "text/xml");
        String p = request().payload();
        assertFalse(p.contains("ESCAPED"), p);
        assertTrue(p.contains("\n          &lt;secret&gt;[*****]&lt;/secret&gt;"), p);
    }

    @Test
    void aRequestThatFailsBeforeItsPayloadIsReadIsStillLoggedOnce() throws Exception {
        int status = post("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<broken><secret>UNREAD</secret>", "text/xml");
        assertEquals(500, status);
        sink.await(2);
        assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), sink.types());
        LogRecord in = sink.only(MessageType.REQ_IN);
        assertFalse(in.wellFormed());
        assertFalse(in.payload().contains("UNREAD"), in.payload());
        assertTrue(in.payload().contains("[NOT WELL-FORMED XML: input ends with open elements"), in.payload());
    }

    @Test
    void jsonMaskingCoversNumbersArraysObjectsAndEscapedQuotes() throws Exception {
        post("{\"a\":{\"secret\":12345},\"b\":[{\"secret\":[\"x1\",\"x2\"]}],\"c\":{\"secret\":{\"k\":\"v9\"}},"
                + "\"d\":{\"secret\":\"q\\\"LEAK\\\"\"},\"e\":\"visible\"}", "application/json");
        LogRecord r = request();
        for (String secret : List.of("12345", "x1", "x2", "v9", "LEAK")) {
            assertFalse(r.payload().contains(secret), secret + " in " + r.payload());
        }
        assertTrue(r.payload().contains("\"e\": \"visible\""), r.payload()); // pretty: JSON indented too
        assertEquals(4, r.maskedCount());
    }

    @Test
    void binaryBodiesAreSuppressedLikeCxfDoes() throws Exception {
        post("\u0000\u0001binary-bytes", "application/octet-stream");
        LogRecord r = request();
        assertTrue(r.binaryContent());
        assertEquals("--- Content suppressed ---", r.payload());
    }

    @Test
    void loggingChangesNothingOnTheWire() throws Exception {
        String request = envelope("", echo("wire " + "w".repeat(5000)));
        XmlLoggingFeature ours = new XmlLoggingFeature();
        ours.setSink(new CollectingSink());
        ours.setPrettyLogging(true);
        try (CxfServer plain = new CxfServer(); CxfServer logging = new CxfServer(ours)) {
            HttpRequest.Builder b = HttpRequest.newBuilder().POST(HttpRequest.BodyPublishers.ofString(request))
                    .header("Content-Type", "text/xml").header("SOAPAction", "\"\"");
            HttpResponse<byte[]> logged = http.send(b.copy().uri(URI.create(logging.address)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            HttpResponse<byte[]> unlogged = http.send(b.copy().uri(URI.create(plain.address)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(unlogged.statusCode(), logged.statusCode());
            assertEquals(new String(unlogged.body(), java.nio.charset.StandardCharsets.UTF_8),
                    new String(logged.body(), java.nio.charset.StandardCharsets.UTF_8));
            java.util.Map<String, List<String>> a = new java.util.TreeMap<>(logged.headers().map());
            java.util.Map<String, List<String>> e = new java.util.TreeMap<>(unlogged.headers().map());
            a.remove("date");
            e.remove("date");
            assertEquals(e, a, "headers, chunking and content length are untouched");
        }
    }

    @Test
    void cxfLoggedTheSameMessagesForComparison() throws Exception {
        post(envelope("", echo("x")), "text/xml");
        sink.await(2);
        assertEquals(2, cxfEvents.size(), "CXF's own feature ran beside ours");
    }

    /**
     * CXF-9233: a client's response message can get a copy of its request's properties. A mark that a message
     * was logged must not travel with them and suppress the response's record.
     */
    @Test
    void aResponseCarryingItsRequestsPropertiesIsStillLogged() throws Exception {
        CollectingSink records = new CollectingSink();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(records);
        AbstractPhaseInterceptor<Message> copier = new AbstractPhaseInterceptor<Message>(Phase.RECEIVE) {
            @Override
            public void handleMessage(Message response) {
                Message request = response.getExchange().getOutMessage();
                for (Map.Entry<String, Object> e : new ArrayList<>(request.entrySet())) {
                    response.putIfAbsent(e.getKey(), e.getValue());
                }
            }
        };
        copier.addBefore(PayloadTapInterceptor.class.getName());
        Bank client = server.client(p -> p.getInInterceptors().add(copier), feature);
        assertEquals("hello", client.echo("hello"));
        List<LogRecord> all = records.await(2);
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN),
                all.stream().map(LogRecord::type).collect(Collectors.toList()));
    }
}
