package io.xmlformatter.jaxrs;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.HttpChunks;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.MessageBodyReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feature on a real server and client over HTTP at 127.0.0.1, on the runtime of this class path (Jersey,
 * RESTEasy or CXF): one sink collects the records of both sides.
 */
class JaxRsLoggingTest {
    private static final String SECRET = "s3cr3t-pw";
    private static final JaxRsRuntime RUNTIME = JaxRsRuntime.current();
    private static final CollectingSink sink = new CollectingSink();
    private static XmlLoggingFeature logging;
    private static AutoCloseable server;
    private static URI base;
    private static Client client;

    @BeforeAll
    static void start() throws Exception {
        logging = new XmlLoggingFeature(MessageLogger.builder().sink(sink).limit(1024)
                .sensitiveElementNames(Set.of("password"))
                .exclude(ExchangeMatch.any().httpMethod("GET").path("/shop/items")));
        base = URI.create("http://127.0.0.1:" + JaxRsRuntime.freePort() + "/");
        server = RUNTIME.serveShop(base, logging, logging);
        client = ClientBuilder.newClient().register(logging);
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        server.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
    }

    private static Response post(String path, String body, String type) {
        return client.target(base).path(path).request().post(Entity.entity(body, type));
    }

    private static LogRecord only(List<LogRecord> records, MessageType type) {
        List<LogRecord> r = records.stream().filter(x -> x.type() == type).collect(Collectors.toList());
        assertEquals(1, r.size(), () -> RUNTIME.name() + ": " + type + " in " + sink.types());
        return r.get(0);
    }

    private static void assertNoSecret(List<LogRecord> records) {
        for (LogRecord r : records) {
            String all = r.address() + " " + r.headers() + " " + r.payload();
            assertFalse(all.contains(SECRET), () -> RUNTIME.name() + ": secret in " + r.type() + ": " + all);
        }
    }

    /** Reads a JSON object as a JSON library does: up to its closing brace, not to the stream's end. */
    public static final class ValueReader implements MessageBodyReader<StringBuilder> {
        @Override
        public boolean isReadable(Class<?> type, Type generic, Annotation[] annotations, MediaType mediaType) {
            return type == StringBuilder.class;
        }

        @Override
        public StringBuilder readFrom(Class<StringBuilder> type, Type generic, Annotation[] annotations,
                MediaType mediaType, MultivaluedMap<String, String> headers, InputStream in) throws IOException {
            StringBuilder value = new StringBuilder();
            for (int c = in.read(); c >= 0; c = in.read()) {
                value.append((char) c);
                if (c == '}') {
                    break;
                }
            }
            return value;
        }
    }

    @Test
    void aChunkedBodyAProviderReadToTheValuesEndIsWhole() throws Exception {
        StringBuilder account = client.target(base).path("shop/account").register(new ValueReader()).request()
                .get(StringBuilder.class);
        assertEquals(Shop.ACCOUNT, account.toString());
        LogRecord in = only(sink.await(4), MessageType.RESP_IN);
        assertFalse(in.truncated(), () -> RUNTIME.name() + ": " + in.payload());
        assertEquals(Shop.ACCOUNT, in.payload(), RUNTIME.name());
    }

    @Test
    void xmlRequestAndResponseAreLoggedMaskedOnBothSides() throws Exception {
        String xml = "<login><user>bob</user><password>" + SECRET + "</password></login>";
        try (Response r = post("shop/echo", xml, MediaType.APPLICATION_XML)) {
            assertEquals(200, r.getStatus());
            assertEquals(xml, r.readEntity(String.class), "the wire is unchanged");
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        for (MessageType t : new MessageType[] {MessageType.REQ_OUT, MessageType.REQ_IN, MessageType.RESP_OUT,
            MessageType.RESP_IN}) {
            LogRecord r = only(records, t);
            assertTrue(r.payload().contains("<password>[*****]</password>"), () -> t + ": " + r.payload());
            assertEquals(1, r.maskedCount());
        }
        LogRecord in = only(records, MessageType.REQ_IN);
        assertEquals("POST", in.httpMethod());
        assertEquals("echo", in.operation());
        assertEquals("Shop", in.service());
        assertTrue(in.address().endsWith("/shop/echo"), in.address());
        LogRecord out = only(records, MessageType.RESP_OUT);
        assertEquals(200, out.responseCode());
        assertNotNull(out.duration());
        assertEquals(in.correlationId(), only(records, MessageType.REQ_OUT).correlationId(),
                "the client's id went to the server");
        assertEquals(in.correlationId(), out.correlationId());
    }

    @Test
    void jsonIsMaskedAndBinaryIsSuppressed() throws Exception {
        try (Response r = post("shop/echo", "{\"user\":\"bob\",\"password\":\"" + SECRET + "\"}",
                MediaType.APPLICATION_JSON)) {
            assertEquals(200, r.getStatus());
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        assertTrue(only(records, MessageType.REQ_IN).payload().contains("\"password\":\"[*****]\""));
        sink.clear();
        try (Response r = client.target(base).path("shop/binary").request().get()) {
            assertArrayEquals(new byte[] {1, 2, 3, 's', 'e', 'c', 'r', 'e', 't'}, r.readEntity(byte[].class));
        }
        records = sink.await(4);
        assertEquals("--- Content suppressed ---", only(records, MessageType.RESP_OUT).payload());
        assertTrue(only(records, MessageType.RESP_IN).binaryContent());
    }

    @Test
    void theAnnotationOverridesTheGlobalSettings() throws Exception {
        try (Response r = post("shop/payments", "<pay><card>4111111111111111</card><password>" + SECRET
                + "</password></pay>", MediaType.APPLICATION_XML)) {
            assertEquals(200, r.getStatus());
            // read: a response closed unread is logged with what had arrived by then (on CXF's client, maybe nothing)
            r.readEntity(String.class);
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        LogRecord in = only(records, MessageType.REQ_IN);
        assertTrue(in.payload().contains("\n  <card>[*****]</card>"), in.payload()); // pretty, card masked
        assertTrue(only(records, MessageType.RESP_OUT).payload().contains("<card>[*****]</card>"));
        assertFalse(only(records, MessageType.RESP_IN).payload().contains("\n  <card>"),
                "the client logs with the global settings");
        sink.clear();
        try (Response r = client.target(base).path("shop/health").request().get()) {
            assertEquals("UP", r.readEntity(String.class));
        }
        List<LogRecord> health = sink.await(2);
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), health.stream()
                .map(LogRecord::type).collect(Collectors.toList()), () -> "the server logs nothing for /health: "
                + health.stream().map(x -> x.type() + " " + x.address() + " " + x.responseCode() + " "
                + x.payload()).collect(Collectors.toList()));
    }

    @Test
    void theAnnotationsStrategyApplies() throws Exception {
        try (Response r = post("shop/quiet", "<q>text</q>", MediaType.APPLICATION_XML)) {
            assertEquals("<q>text</q>", r.readEntity(String.class));
        }
        List<LogRecord> records = sink.await(4);
        assertEquals(null, only(records, MessageType.REQ_IN).payload(), RUNTIME.name());
        assertEquals(null, only(records, MessageType.RESP_OUT).payload(), RUNTIME.name());
        assertEquals("<q>text</q>", only(records, MessageType.REQ_OUT).payload(), "the client's are the global's");
    }

    @Test
    void aWrongAnnotationHidesTheBodiesOfItsMethodAndFailsNothing() throws Exception {
        try (Response r = post("shop/broken", "<a><password>" + SECRET + "</password></a>",
                MediaType.APPLICATION_XML)) {
            assertEquals(200, r.getStatus());
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        assertEquals("--- Content suppressed ---", only(records, MessageType.REQ_IN).payload());
        assertEquals("--- Content suppressed ---", only(records, MessageType.RESP_OUT).payload());
    }

    @Test
    void theDefaultFeatureLogsToSlf4jAndCloses() {
        XmlLoggingFeature defaults = new XmlLoggingFeature();
        assertEquals(0, defaults.messageLogger().sinkFailures());
        Client c = ClientBuilder.newClient().register(defaults);
        try (Response r = c.target(base).path("shop/health").request().get()) {
            assertEquals(200, r.getStatus());
        } finally {
            c.close();
            defaults.close();
        }
        assertEquals(0, defaults.messageLogger().sinkFailures());
    }

    @Test
    void excludedPathsAreNotLoggedAndQueryParametersAreMasked() throws Exception {
        try (Response r = client.target(base).path("shop/items").request().get()) {
            assertEquals(200, r.getStatus());
        }
        try (Response r = client.target(base).path("shop/echo").queryParam("password", SECRET)
                .queryParam("page", "2").request().post(Entity.entity("<a/>", MediaType.APPLICATION_XML))) {
            assertEquals(200, r.getStatus());
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        assertEquals(4, records.size(), () -> "the excluded exchange is logged on neither side: " + records.stream().map(x -> x.type() + " " + x.address() + " " + x.responseCode() + " " + x.payload()).collect(Collectors.toList()));
        assertTrue(only(records, MessageType.REQ_OUT).address().endsWith("/shop/echo?password=[*****]&page=2"),
                only(records, MessageType.REQ_OUT).address());
        assertTrue(only(records, MessageType.REQ_IN).address().endsWith("/shop/echo?password=[*****]&page=2"),
                only(records, MessageType.REQ_IN).address());
    }

    @Test
    void errorStatusesAndExceptionMappersAreLogged() throws Exception {
        try (Response r = post("shop/refuse", "<x/>", MediaType.APPLICATION_XML)) {
            assertEquals(422, r.getStatus());
        }
        List<LogRecord> records = sink.await(4);
        LogRecord out = only(records, MessageType.RESP_OUT);
        assertEquals(422, out.responseCode());
        assertTrue(out.payload().contains("<password>[*****]</password>"), out.payload());
        assertTrue(out.payload().contains("no funds"));
        sink.clear();
        try (Response r = post("shop/boom", "<x/>", MediaType.APPLICATION_XML)) {
            assertEquals(500, r.getStatus());
        }
        if (RUNTIME.name().equals("CXF")) {
            // CXF answers an exception no mapper maps in its own fault chain, without the JAX-RS response
            // filters: the client side still records the 500.
            records = sink.await(3);
        } else {
            records = sink.await(4);
            assertEquals(500, only(records, MessageType.FAULT_OUT).responseCode());
        }
        assertEquals(500, only(records, MessageType.FAULT_IN).responseCode());
    }

    @Test
    void aBodyBeyondTheLimitReachesTheResourceWhole() throws Exception {
        StringBuilder big = new StringBuilder("<big>");
        while (big.length() < 100_000) {
            big.append("<line>some text &amp; more</line>");
        }
        String xml = big.append("<password>").append(SECRET).append("</password></big>").toString();
        try (Response r = post("shop/count", xml, MediaType.APPLICATION_XML)) {
            assertEquals(Integer.toString(xml.length()), r.readEntity(String.class));
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        LogRecord in = only(records, MessageType.REQ_IN);
        assertTrue(in.truncated());
        assertTrue(in.payload().length() < 2048, "cut at the limit: " + in.payload().length());
        assertTrue(in.payload().contains("...[DOCUMENT TRUNCATED"), in.payload());
    }

    @Test
    void concurrentExchangesNeverMixTheirBodies() throws Exception {
        int n = 40;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String id = "id-" + i;
                answers.add(pool.submit(() -> {
                    try (Response r = post("shop/echo", "<m><id>" + id + "</id>" + "<pad>" + "x".repeat(2000)
                            + "</pad></m>", MediaType.APPLICATION_XML)) {
                        return r.readEntity(String.class);
                    }
                }));
            }
            for (int i = 0; i < n; i++) {
                assertTrue(answers.get(i).get().contains("<id>id-" + i + "</id>"));
            }
        } finally {
            pool.shutdown();
        }
        List<LogRecord> records = sink.await(4 * n);
        java.util.Map<String, Set<String>> idsByCorrelation = new java.util.HashMap<>();
        for (LogRecord r : records) {
            String p = r.payload();
            int at = p.indexOf("<id>");
            String id = p.substring(at + 4, p.indexOf("</id>", at));
            idsByCorrelation.computeIfAbsent(r.correlationId(), k -> new HashSet<>()).add(id);
        }
        assertEquals(n, idsByCorrelation.size(), "one correlation id per exchange");
        idsByCorrelation.forEach((c, ids) -> assertEquals(1, ids.size(), c + " logged bodies " + ids));
    }

    @Test
    void aClientCallMadeInsideARequestCarriesItsCorrelationId() throws Exception {
        try (Response r = client.target(base).path("shop/forward").request().header("X-Correlation-ID", "corr-77")
                .post(Entity.entity("<a><password>" + SECRET + "</password></a>", MediaType.APPLICATION_XML))) {
            assertEquals(200, r.getStatus());
        }
        List<LogRecord> records = sink.await(8);
        assertNoSecret(records);
        assertEquals(8, records.size(), () -> "" + sink.types());
        for (LogRecord r : records) {
            assertEquals("corr-77", r.correlationId(), () -> r.type() + " " + r.address());
        }
    }

    @Test
    void aStreamedResponseReachesTheClientAsItIsSentAndIsLoggedWhenRead() throws Exception {
        Shop.clientReadFirstLine = new CountDownLatch(1);
        try (Response r = client.target(base).path("shop/stream").request().get()) {
            InputStream body = r.readEntity(InputStream.class);
            assertEquals("first <password>s3cr3t</password>", Shop.readLine(body));
            Shop.clientReadFirstLine.countDown();
            assertEquals("rest", Shop.readLine(body), RUNTIME.name() + ": the client got the first line only after"
                    + " the server gave up waiting for it to be read (the response was read ahead)");
            assertEquals(-1, body.read());
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        for (MessageType t : new MessageType[] {MessageType.RESP_OUT, MessageType.RESP_IN}) {
            LogRecord rec = only(records, t);
            assertTrue(rec.payload().contains("first <password>[*****]</password>\nrest"),
                    () -> t + ": " + rec.payload());
        }
    }

    @Test
    void aStreamedRequestReachesTheResourceAsItIsSent() throws Exception {
        Shop.serverReadFirstLine = new CountDownLatch(1);
        boolean read;
        String answer;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), base.getPort())) {
            OutputStream wire = socket.getOutputStream();
            wire.write(("POST /shop/upload HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort() + "\r\nContent-Type:"
                    + " text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            wire.write(HttpChunks.chunk("first <password>s3cr3t</password>\n"));
            wire.flush();
            read = Shop.awaitPeer(Shop.serverReadFirstLine);
            wire.write(HttpChunks.chunk("rest\n"));
            wire.write(HttpChunks.last());
            wire.flush();
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(answer.startsWith("HTTP/1.1 200") && answer.contains("first <password>s3cr3t</password>|rest"),
                answer);
        assertTrue(read, RUNTIME.name() + ": the resource got the first line only once the whole request was sent"
                + " (the request was read ahead)");
        List<LogRecord> records = sink.await(2);
        assertNoSecret(records);
        assertTrue(only(records, MessageType.REQ_IN).payload().contains("first <password>[*****]</password>\nrest"),
                () -> only(records, MessageType.REQ_IN).payload());
    }

    /**
     * The request is written in one piece (a client's library may send its body after the headers, and what has
     * not arrived when the response goes is not waited for), so its body is there when the resource answers.
     */
    @Test
    void aRequestBodyTheResourceNeverReadsIsLoggedWhenTheExchangeEnds() throws Exception {
        String xml = "<order><password>" + SECRET + "</password></order>";
        String answer;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), base.getPort())) {
            socket.getOutputStream().write(("POST /shop/ignore HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort()
                    + "\r\nContent-Type: application/xml\r\nContent-Length: " + xml.length()
                    + "\r\nConnection: close\r\n\r\n" + xml).getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        List<LogRecord> records = sink.await(2);
        LogRecord in = only(records, MessageType.REQ_IN);
        assertTrue(in.payload().contains("<password>[*****]</password>"), RUNTIME.name() + ": " + in.payload());
        assertFalse(in.payload().contains(SECRET));
        assertTrue(records.indexOf(in) < records.indexOf(only(records, MessageType.RESP_OUT)),
                "the request's record comes before the response's");
    }

    /** The shapes that reached a record before, echoed: each masked (or not shown) on both sides. */
    @Test
    void theFormerlyOpenShapesAreMaskedOrNotShown() throws Exception {
        String[][] shapes = {
            {MediaType.APPLICATION_JSON, "{\"user\":\"bob\",\"PassWord\":\"" + SECRET + "\"}"},
            {MediaType.APPLICATION_JSON, "{'user':'bob', password:'" + SECRET + "'}"},
            {MediaType.APPLICATION_JSON, "{\"doc\":\"\\u003cpassword\\u003e" + SECRET + "\\u003c/password\\u003e\"}"},
            {MediaType.TEXT_PLAIN, "user=bob\npassword=" + SECRET},
            {MediaType.APPLICATION_XML, "<login><PASSWORD>" + SECRET + "</PASSWORD></login>"},
        };
        for (String[] shape : shapes) {
            sink.clear();
            try (Response r = post("shop/echo", shape[1], shape[0])) {
                assertEquals(shape[1], r.readEntity(String.class), "the wire is unchanged");
            }
            List<LogRecord> records = sink.await(4);
            assertNoSecret(records);
            for (LogRecord rec : records) {
                assertTrue(rec.maskedCount() >= 1, () -> RUNTIME.name() + " " + rec.type() + ": " + rec.payload());
            }
        }
    }

    @Test
    void addressesLoseUserInfoAndSensitiveMatrixParametersOnBothSides() throws Exception {
        URI withCredentials = URI.create("http://bob:" + SECRET + "@127.0.0.1:" + base.getPort() + "/");
        try (Response r = client.target(withCredentials).path("shop/echo;jsessionid=" + SECRET)
                .queryParam("password", SECRET).request().post(Entity.entity("<a/>", MediaType.APPLICATION_XML))) {
            assertEquals(200, r.getStatus());
            r.readEntity(String.class);
        }
        List<LogRecord> records = sink.await(4);
        assertNoSecret(records);
        assertTrue(only(records, MessageType.REQ_OUT).address().startsWith("http://[*****]@127.0.0.1:"),
                only(records, MessageType.REQ_OUT).address());
    }

    /** A POST that says nothing of a body (as an HTTP/2 request may) is teed; found empty, it is logged as none. */
    @Test
    void aRequestWithoutLengthOrCodingThatIsEmptyIsLoggedWithoutBody() throws Exception {
        String answer;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), base.getPort())) {
            socket.getOutputStream().write(("POST /shop/ignore HTTP/1.1\r\nHost: 127.0.0.1:" + base.getPort()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        LogRecord in = only(sink.await(2), MessageType.REQ_IN);
        assertEquals(null, in.payload(), RUNTIME.name() + ": " + in.payload());
    }
}
