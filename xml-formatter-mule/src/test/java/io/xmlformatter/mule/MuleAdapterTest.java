package io.xmlformatter.mule;

import io.xmlformatter.mule.embedded.EmbeddedMule;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.DeduplicatingSink;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter in an embedded Mule 3.9 CE over HTTP on 127.0.0.1 ({@code mule-proxy.xml}): a cxf:proxy-service /
 * cxf:proxy-client flow in front of a cxf:jaxws-service flow, a cxf:jaxws-client flow, and the message processor
 * in a flow without CXF, all logging to one collecting sink through one {@link MuleXmlLogging} bean.
 */
@Tag("slow") // a real server process or an embedded Mule; skipped by -Dfast
class MuleAdapterTest {
    private static final String SECRET = "s3cr3t-Pa55";
    private static EmbeddedMule mule;
    private static CollectingSink records;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        mule = EmbeddedMule.start("mule-proxy.xml", Collections.singletonMap("port", String.valueOf(port)));
        records = mule.bean("records", CollectingSink.class);
    }

    @AfterAll
    static void stop() throws Exception {
        if (mule != null) {
            mule.close();
        }
    }

    @BeforeEach
    void clear() {
        records.clear();
    }

    @Test
    void proxyInFrontOfJaxwsServiceLogsEachDirectionOncePerHopFormattedMaskedWithMuleIds() throws Exception {
        Response r = post("/proxy", transfer(5).getBytes(StandardCharsets.UTF_8));

        assertEquals(200, r.status);
        assertTrue(r.text().contains("<return>ok:DE-1:5</return>"), r.text());
        List<LogRecord> all = records.await(6);
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.REQ_OUT, MessageType.RESP_IN,
                MessageType.RESP_OUT), types(all, "proxy"));
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.RESP_OUT), types(all, "bank"));
        assertEquals(6, all.size(), "nothing else was logged");

        LogRecord in = one(all, "proxy", MessageType.REQ_IN);
        for (LogRecord record : all) {
            assertFalse(record.payload().contains(SECRET), record.payload());
            assertNotNull(record.attributes().get(MuleXmlLogging.MESSAGE_ID), record.toString());
            assertEquals(in.correlationId(), record.correlationId(),
                    "one correlation id: the proxy's Mule id, sent on to the backend in X-Correlation-ID");
            assertTrue(record.wellFormed());
        }
        assertTrue(in.payload().contains("\n        <wsse:Password>[*****]</wsse:Password>\n"), in.payload());
        assertTrue(in.payload().contains("\n      <amount>5</amount>\n"), "indented: " + in.payload());
        assertEquals(1, in.maskedCount());
        assertEquals("transfer", one(all, "bank", MessageType.REQ_IN).operation());
        LogRecord answer = one(all, "bank", MessageType.RESP_OUT);
        assertTrue(answer.payload().contains("\n      <return>ok:DE-1:5</return>\n"), answer.payload());
    }

    @Test
    void aPayloadIsLoggedOnceAcrossTheProxyHopsAndLaterRecordsReferToTheFirst() throws Exception {
        post("/proxy", transfer(6).getBytes(StandardCharsets.UTF_8));
        List<LogRecord> all = records.await(6);

        LogRecord in = one(all, "proxy", MessageType.REQ_IN);
        assertNull(in.attributes().get(DeduplicatingSink.DUPLICATE_OF));
        String request = "REQ_IN " + in.messageId();
        assertEquals(request, duplicateOf(one(all, "proxy", MessageType.REQ_OUT)));
        assertEquals("[SAME PAYLOAD AS " + request + "]", one(all, "proxy", MessageType.REQ_OUT).payload());
        assertEquals(request, duplicateOf(one(all, "bank", MessageType.REQ_IN)));

        LogRecord answer = one(all, "bank", MessageType.RESP_OUT);
        assertTrue(answer.payload().contains("ok:DE-1:6"), answer.payload());
        String response = "RESP_OUT " + answer.messageId();
        assertEquals(response, duplicateOf(one(all, "proxy", MessageType.RESP_IN)));
        assertEquals(response, duplicateOf(one(all, "proxy", MessageType.RESP_OUT)));
        assertEquals(2, all.stream().filter(x -> !x.payload().startsWith("[SAME PAYLOAD AS ")).count(),
                "one request and one response payload in the log");
    }

    @Test
    void aSoapFaultFromTheBackendIsLoggedOnceAsAFaultOnEachHop() throws Exception {
        Response r = post("/proxy", transfer(-5).getBytes(StandardCharsets.UTF_8));

        assertEquals(500, r.status);
        assertTrue(r.text().contains("<faultstring>negative amount -5</faultstring>"), r.text());
        List<LogRecord> all = records.await(6);
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.FAULT_OUT), types(all, "bank"));
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.REQ_OUT, MessageType.FAULT_IN,
                MessageType.FAULT_OUT), types(all, "proxy"));
        assertEquals(6, all.size());
        LogRecord fault = one(all, "bank", MessageType.FAULT_OUT);
        assertTrue(fault.payload().contains("<faultstring>negative amount -5</faultstring>"), fault.payload());
        String first = "FAULT_OUT " + fault.messageId();
        assertEquals(first, duplicateOf(one(all, "proxy", MessageType.FAULT_IN)));
        assertEquals(first, duplicateOf(one(all, "proxy", MessageType.FAULT_OUT)));
    }

    @Test
    void failedOnlyLogsAFaultingServiceCallWithBodiesAndASuccessfulOneNotAtAll() throws Exception {
        CollectingSink failed = mule.bean("failedRecords", CollectingSink.class);
        failed.clear();
        Response ok = post("/guarded/bank", transfer(5).getBytes(StandardCharsets.UTF_8));
        assertEquals(200, ok.status);
        assertEquals(Arrays.asList(), failed.all(), "settled before the response was sent");
        Response refused = post("/guarded/bank", transfer(-5).getBytes(StandardCharsets.UTF_8));
        assertEquals(500, refused.status);
        List<LogRecord> all = failed.await(2);
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.FAULT_OUT), types(all, "guardedBank"));
        for (LogRecord r : all) {
            assertEquals(LogLevel.ERROR, r.level());
            assertFalse(r.payload().contains(SECRET), r.payload());
        }
        assertTrue(one(all, "guardedBank", MessageType.REQ_IN).payload().contains("<amount>-5</amount>"));
        assertEquals(0, mule.bean("failedOnly", MuleXmlLogging.class).getMessageLogger().heldBytes());
    }

    @Test
    void aProxysWholeChainIsWrittenWithBodiesOnlyWhenTheBackendFails() throws Exception {
        CollectingSink failed = mule.bean("failedRecords", CollectingSink.class);
        failed.clear();
        assertEquals(200, post("/guarded/proxy", transfer(5).getBytes(StandardCharsets.UTF_8)).status);
        assertEquals(Arrays.asList(), failed.all(), "a chain that went well");
        assertEquals(500, post("/guarded/proxy", transfer(-5).getBytes(StandardCharsets.UTF_8)).status);
        List<LogRecord> all = failed.await(4);
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.REQ_OUT, MessageType.FAULT_IN,
                MessageType.FAULT_OUT), types(all, "guardedProxy"));
        for (LogRecord r : all) {
            assertTrue(r.payload().contains("negative amount -5") || r.payload().contains("<amount>-5</amount>")
                    || r.payload().startsWith("[SAME PAYLOAD AS "), r.type() + ": " + r.payload()); // Mule's default
            assertFalse(r.payload().contains(SECRET));
        }
        assertEquals(1, all.stream().map(LogRecord::correlationId).distinct().count(), "one chain");
        assertEquals(0, mule.bean("failedOnly", MuleXmlLogging.class).getMessageLogger().openChains());
    }

    @Test
    void theProcessorHoldsItsRecordUntilTheFlowEndsAndWritesItOnlyIfTheFlowFailed() throws Exception {
        CollectingSink failed = mule.bean("failedRecords", CollectingSink.class);
        failed.clear();
        byte[] body = "<order><token>x</token></order>".getBytes(StandardCharsets.UTF_8);
        Response ok = post("/guarded/xml/ok", body);
        assertEquals(200, ok.status);
        assertArrayEquals(body, ok.body);
        assertEquals(Arrays.asList(), failed.all(), "the flow succeeded");
        assertEquals(500, post("/guarded/xml/silent/fail", body).status);
        assertEquals(Arrays.asList(), failed.all(), "a rule leaves the path out");
        Response broken = post("/guarded/xml/fail", body);
        assertEquals(500, broken.status);
        LogRecord record = failed.await(1).get(0);
        assertEquals(MessageType.REQ_IN, record.type());
        assertEquals(LogLevel.ERROR, record.level());
        assertEquals("guardedXml", record.attributes().get(MuleXmlLogging.FLOW_NAME));
        assertTrue(record.payload().contains("<token>[*****]</token>"), record.payload());
        assertEquals(0, mule.bean("failedOnly", MuleXmlLogging.class).getMessageLogger().heldBytes());
    }

    @Test
    void aJaxwsClientFlowLogsItsRequestAndResponse() throws Exception {
        HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/client").openConnection();
        assertEquals(200, c.getResponseCode());
        assertEquals("ok:DE-2:7", new String(readAll(c.getInputStream()), StandardCharsets.UTF_8));

        List<LogRecord> all = records.await(4);
        assertEquals(Arrays.asList(MessageType.REQ_OUT, MessageType.RESP_IN), types(all, "client"));
        assertEquals(Arrays.asList(MessageType.REQ_IN, MessageType.RESP_OUT), types(all, "bank"));
        assertTrue(one(all, "client", MessageType.REQ_OUT).payload().contains("\n      <account>DE-2</account>"));
        assertTrue(one(all, "bank", MessageType.RESP_OUT).payload().contains("<return>ok:DE-2:7</return>"));
        assertEquals("RESP_OUT " + one(all, "bank", MessageType.RESP_OUT).messageId(),
                one(all, "client", MessageType.RESP_IN).attributes().get(DeduplicatingSink.DUPLICATE_OF));
    }

    @Test
    void theProcessorLogsTheFlowsPayloadAndLeavesItIntactByteForByte() throws Exception {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<order>\r\n  <token>"
                + SECRET + "</token>\t<note><![CDATA[ <b>ä€😀</b> ]]></note>");
        while (b.length() < 120_000) {
            b.append("<line qty=\"1\">müsli &amp; more</line>  ");
        }
        byte[] body = b.append("</order>").toString().getBytes(StandardCharsets.UTF_8);
        // the processor bean masks //token; the body is longer than the 48 KiB limit, so the stream is cut and replayed
        Response r = post("/xml", body);

        assertEquals(200, r.status);
        assertArrayEquals(body, r.body, "the flow after the processor saw the same bytes");
        LogRecord record = records.await(1).get(0);
        assertEquals(MessageType.REQ_IN, record.type());
        assertEquals("xml", record.attributes().get(MuleXmlLogging.FLOW_NAME));
        assertFalse(record.payload().contains(SECRET), record.payload().substring(0, 200));
        assertTrue(record.payload().contains("<token>[*****]</token>"), record.payload().substring(0, 200));
        assertTrue(record.truncated());
        assertTrue(record.payload().contains("[DOCUMENT TRUNCATED"), "the cut is visible");
        assertNotNull(record.correlationId());
    }

    @Test
    void theProcessorLogsAStringPayloadAndAnUnknownTypeVisibly() throws Exception {
        byte[] body = ("<a><token>" + SECRET + "</token></a>").getBytes(StandardCharsets.UTF_8);
        Response r = post("/string", body);

        assertEquals(200, r.status);
        assertArrayEquals(body, r.body);
        List<LogRecord> all = records.await(2);
        assertEquals("<a>\n  <token>[*****]</token>\n</a>", all.get(0).payload());
        assertEquals("[body not logged: payload of type java.lang.Integer]", all.get(1).payload());
    }

    private static String transfer(int amount) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soap:Header><wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/"
                + "oasis-200401-wss-wssecurity-secext-1.0.xsd\"><wsse:UsernameToken><wsse:Username>alice"
                + "</wsse:Username><wsse:Password>" + SECRET + "</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security></soap:Header><soap:Body><b:transfer xmlns:b=\"urn:bank\">"
                + "<account>DE-1</account><amount>" + amount + "</amount></b:transfer></soap:Body></soap:Envelope>";
    }

    private static List<LogRecord> records(List<LogRecord> all, String flow) {
        return all.stream().filter(r -> flow.equals(r.attributes().get(MuleXmlLogging.FLOW_NAME)))
                .collect(Collectors.toList());
    }

    /** The types logged in {@code flow}, in a fixed order (records of two hops interleave). */
    private static List<MessageType> types(List<LogRecord> all, String flow) {
        List<MessageType> types = new ArrayList<>();
        for (LogRecord r : records(all, flow)) {
            types.add(r.type());
        }
        Collections.sort(types);
        return types;
    }

    private static String duplicateOf(LogRecord record) {
        return record.attributes().get(DeduplicatingSink.DUPLICATE_OF);
    }

    private static LogRecord one(List<LogRecord> all, String flow, MessageType type) {
        List<LogRecord> r = records(all, flow).stream().filter(x -> x.type() == type).collect(Collectors.toList());
        assertEquals(1, r.size(), flow + " " + type + " in " + all);
        return r.get(0);
    }

    static Response post(String path, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + path).openConnection();
        c.setDoOutput(true);
        c.setRequestMethod("POST");
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        try (OutputStream os = c.getOutputStream()) {
            os.write(body);
        }
        int status = c.getResponseCode();
        return new Response(status, readAll(status >= 400 ? c.getErrorStream() : c.getInputStream()));
    }

    private static byte[] readAll(InputStream is) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; is != null && (n = is.read(buf)) > 0; ) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    static final class Response {
        final int status;
        final byte[] body;

        Response(int status, byte[] body) {
            this.status = status;
            this.body = body;
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }
}
