package io.xmlformatter.cxf;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every property of the feature reaches the records: set on one feature, observed over HTTP. */
class FeaturePropertiesTest {
    /** A feature on a logger built elsewhere (the Spring Boot starter's) logs with it. */
    @Test
    void aFeatureOnABuiltLoggerLogsWithItAndItsOptionSettersRefuse() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink).build();
        XmlLoggingFeature feature = new XmlLoggingFeature(logger);
        assertSame(logger, feature.getMessageLogger());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> feature.setLimit(10));
        assertTrue(e.getMessage().contains("given MessageLogger"), e.getMessage());
        try (CxfServer server = new CxfServer(feature)) {
            assertEquals("hi", server.client().echo("hi"));
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), types(sink.await(2)));
        }
    }

    /** recordPerExchange: one record per call on each side, the request within, the fault's facts beside. */
    @Test
    void recordPerExchangeGivesOneRecordPerCallOnEachSide() throws Exception {
        CollectingSink serverSink = new CollectingSink();
        CollectingSink clientSink = new CollectingSink();
        XmlLoggingFeature server = new XmlLoggingFeature();
        server.setSink(serverSink);
        server.setOptions(Map.of("exchange.record-per-exchange", "true"));
        XmlLoggingFeature client = new XmlLoggingFeature();
        client.setSink(clientSink);
        client.setOptions(Map.of("exchange.record-per-exchange", "true"));
        try (CxfServer s = new CxfServer(server)) {
            Bank bank = s.client(client);
            bank.transfer("a", "1");
            assertThrows(BankException.class, () -> bank.fail("no"));
            List<LogRecord> served = serverSink.await(2);
            assertEquals(List.of(MessageType.RESP_OUT, MessageType.FAULT_OUT), types(served));
            assertEquals(MessageType.REQ_IN, served.get(0).request().type());
            assertTrue(served.get(0).request().payload().contains("<account>a</account>"));
            assertEquals("refused: no", served.get(1).faultString());
            assertEquals("soap:Server", served.get(1).faultCode());
            List<LogRecord> called = clientSink.await(2);
            assertEquals(List.of(MessageType.RESP_IN, MessageType.FAULT_IN), types(called));
            assertEquals(MessageType.REQ_OUT, called.get(1).request().type());
            assertEquals("refused: no", called.get(1).faultString());
        }
    }

    /** Installing twice on one provider (the starter on a bus that has the feature already) adds nothing. */
    @Test
    void installingTwiceOnOneProviderAddsNothing() {
        org.apache.cxf.Bus bus = new org.apache.cxf.bus.extension.ExtensionManagerBus();
        try {
            BaseXmlLoggingFeature settings = new BaseXmlLoggingFeature(MessageLogger.builder().build());
            settings.installOn(bus, bus);
            int in = bus.getInInterceptors().size();
            int out = bus.getOutInterceptors().size();
            new XmlLoggingFeature().initialize(bus);
            settings.installOn(bus, bus);
            assertEquals(in, bus.getInInterceptors().size());
            assertEquals(out, bus.getOutInterceptors().size());
        } finally {
            bus.shutdown(true);
        }
    }

    private static final HttpClient http = HttpClient.newHttpClient();

    /** Posts; waits for the request's record in {@code sink} and the response's in {@code out}. */
    private static LogRecord post(CxfServer server, CollectingSink sink, CollectingSink out, String query,
                                  String body, String... headers) throws Exception {
        sink.clear();
        out.clear();
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.address + query))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("SOAPAction", "\"\"");
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        out.await(1);
        sink.await(1);
        return sink.only(MessageType.REQ_IN);
    }

    private static String envelope(String body) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>" + body
                + "</soap:Body></soap:Envelope>";
    }

    @Test
    void everyPropertyIsApplied() throws Exception {
        CollectingSink in = new CollectingSink();
        CollectingSink out = new CollectingSink();
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setInSink(in);
        f.setOutSink(out);
        f.setLimit(-1);
        f.setInMemThreshold(100_000);
        f.setPrettyLogging(true);
        f.setSensitiveElementNames(Set.of("nothing"));
        f.addSensitiveElementNames(Set.of("acct"));
        f.setSensitiveProtocolHeaderNames(Set.of("nothing"));
        f.addSensitiveProtocolHeaderNames(Set.of("X-Secret"));
        f.setOptions(Map.ofEntries(Map.entry("body.indent", "4"), Map.entry("masking.mask", "#"),
                Map.entry("masking.attribute-names", "nothing,pin"), Map.entry("masking.parameter-names", "ticket"),
                Map.entry("masking.paths", "//note"), Map.entry("masking.prune", "//drop"),
                Map.entry("body.max-text-length", "5"), Map.entry("body.max-cdata-length", "6"),
                Map.entry("body.embedded-xml", "true"), Map.entry("masking.ws-security", "false"),
                Map.entry("exchange.correlation-header", "X-Req")));
        f.addBinaryContentMediaTypes("application/x-both");
        f.addInBinaryContentMediaTypes("application/x-in");
        f.addOutBinaryContentMediaTypes("application/x-out");
        f.setLogBinary(false);
        f.setLogMultipart(false);
        f.setVerbose(false);
        f.setOptions(Map.of("exchange.suppress-duplicates", "false"));
        try (CxfServer server = new CxfServer(f)) {
            LogRecord r = post(server, in, out, "?ticket=t1&page=2", envelope("<ns:echo xmlns:ns=\"urn:example:bank\">"
                    + "<acct>DE1234</acct><text pin=\"9876\">abcdefghij</text><note>n</note><drop><x/></drop>"
                    + "<c><![CDATA[0123456789]]></c></ns:echo>"), "Content-Type", "text/xml", "X-Secret", "s",
                    "X-Req", "corr-1");
            String p = r.payload();
            assertTrue(p.contains("\n            <acct>#</acct>"), p); // indent 4 at depth 3; the mask
            assertTrue(p.contains("pin=\"#\""), p);
            assertTrue(p.contains("<note>#</note>"), p);
            assertTrue(p.contains("<drop><!-- [SUBTREE REMOVED] --></drop>"), p);
            assertTrue(p.contains("abcde...[TRUNCATED BY 5]"), p);
            assertTrue(p.contains("012345...[TRUNCATED BY 4]"), p);
            assertEquals(List.of("#"), r.headers().get("X-Secret"));
            assertTrue(r.address().endsWith("?ticket=#&page=2"), r.address());
            assertEquals("corr-1", r.correlationId());
            assertEquals(List.of(MessageType.FAULT_OUT), out.types(), "the answer (a fault: unknown elements) goes out");
            for (String type : new String[] {"application/x-both", "application/x-in"}) {
                assertTrue(post(server, in, out, "", "x", "Content-Type", type).binaryContent(), type);
            }
            assertFalse(post(server, in, out, "", "x", "Content-Type", "application/x-out").binaryContent());
            assertEquals("--- Content suppressed ---", post(server, in, out, "", "--b\r\n\r\n<a/>\r\n--b--",
                    "Content-Type", "multipart/related; boundary=b").payload());
        }
    }

    @Test
    void aWrongPathIsNamedWhenTheFeatureStarts() {
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setOptions(Map.of("masking.paths", "/a//"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, f::getMessageLogger);
        assertTrue(e.getMessage().startsWith("xml-formatter-cxf: bad masking or pruning setting"), e.getMessage());
    }

    private static List<MessageType> types(List<LogRecord> records) {
        return records.stream().map(LogRecord::type).collect(java.util.stream.Collectors.toList());
    }
}
