package io.xmlformatter.jdkhttp;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.HttpBackend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JDK's HttpClient, wrapped, over HTTP/1.1 and HTTP/2 on 127.0.0.1: send, sendAsync, every kind of handler. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JdkHttpClientTest {
    static final int LIMIT = 48 * 1024;
    private final CollectingSink sink = new CollectingSink();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
            .sensitiveElementNames(List.of("password", "token")).anonymizeJson(List.of("$.card.pan")).build();
    private final HttpClient client = XmlLoggingHttpClient.wrap(HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).build(), logger);
    private HttpBackend backend;

    @BeforeAll
    void start() throws Exception {
        backend = new HttpBackend();
    }

    @AfterAll
    void stop() throws Exception {
        backend.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        backend.gate = new CountDownLatch(1);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(backend.url(path)));
    }

    @Test
    void logsAJsonCallMaskedByKeyAndPathWithTheWireUnchangedAndTheCorrelationIdSent() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"card\":{\"pan\":\"pan-secret-2\"}}";
        HttpResponse<String> reply = client.send(request("/echo").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(json, reply.body());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("jdk-http", records.get(0).integration());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        String all = sink.json();
        assertFalse(all.contains("pw-secret-1") || all.contains("pan-secret-2"), all);
        assertEquals(records.get(0).correlationId(), backend.seen.get("/echo").get("x-correlation-id"));
        assertEquals(200, records.get(1).responseCode());
    }

    @Test
    void passesAStreamedResponseOnLineByLine() throws Exception {
        HttpResponse<Stream<String>> reply = client.send(request("/lines").GET().build(),
                HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = reply.body()) {
            Iterator<String> it = lines.iterator();
            assertEquals("first line", it.next()); // the server waits for the gate: a buffering tee hangs here
            backend.gate.countDown();
            assertEquals("second line", it.next());
            assertFalse(it.hasNext());
        }
        assertEquals("first line\nsecond line\n", sink.awaitExchange().get(1).payload());
    }

    @Test
    void keepsNoMoreThanTheLimitOfALargeResponseReadAsAStream() throws Exception {
        HttpResponse<InputStream> reply = client.send(request("/big").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = reply.body()) {
            assertEquals(HttpBackend.BIG / 64 * 64, body.transferTo(java.io.OutputStream.nullOutputStream()));
        }
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated());
        assertTrue(response.payload().length() < LIMIT + 200, response.payload().length() + " chars");
    }

    @Test
    void logsAFailedCallAndLetsTheErrorGoOn() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        HttpRequest refused = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closed + "/x"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"password\":\"pw-secret-3\"}")).build();
        assertThrows(IOException.class, () -> client.send(refused, HttpResponse.BodyHandlers.ofString()));
        assertThrows(java.util.concurrent.ExecutionException.class,
                () -> client.sendAsync(refused, HttpResponse.BodyHandlers.ofString()).get());
        sink.await(2);
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-3"));
    }

    @Test
    void logsABodyTheCallerStopsReadingAsCut() throws Exception {
        HttpResponse<InputStream> reply = client.sendAsync(request("/lines").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream()).get();
        BufferedReader lines = new BufferedReader(new InputStreamReader(reply.body(), StandardCharsets.UTF_8));
        assertEquals("first line", lines.readLine());
        lines.close(); // cancels the subscription
        backend.gate.countDown();
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated(), response.payload());
        assertTrue(response.payload().startsWith("first line"), response.payload());
    }

    @Test
    void readsAGzippedBodyForTheRecordAndTheDiscardedOneToo() throws Exception {
        byte[] zipped = client.sendAsync(request("/gzip").GET().build(), HttpResponse.BodyHandlers.ofByteArray())
                .get().body();
        assertEquals(0x1f, zipped[0] & 0xff); // still gzip for the caller
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.payload().contains("zipped"), response.payload());
        assertFalse(response.payload().contains("gz-secret-7"), response.payload());
        sink.clear();
        client.send(request("/soap").GET().build(), HttpResponse.BodyHandlers.discarding());
        assertTrue(sink.awaitExchange().get(1).payload().contains("42.00"));
    }

    @Test
    void logsOverHttp2() throws Exception {
        HttpClient h2 = XmlLoggingHttpClient.wrap(HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .build(), logger);
        HttpResponse<String> reply = h2.send(request("/soap").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, reply.version());
        assertTrue(sink.awaitExchange().get(1).payload().contains("42.00"));
        assertEquals(HttpClient.Version.HTTP_2, h2.version());
    }

    @Test
    void copiesABodyResentAfterARedirectOnce() throws Exception {
        HttpClient following = XmlLoggingHttpClient.wrap(HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL).build(), logger);
        String reply = following.send(request("/redirect").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"once\":1}")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertEquals("{\"once\":1}", reply); // sent twice on the wire
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("{\"once\":1}", records.get(0).payload().replaceAll("\\s", ""));
        assertEquals(200, records.get(1).responseCode());
    }

    @Test
    void copiesDirectBuffersAndLogsWhatWasSentOfABodyThatFailed() throws Exception {
        java.util.concurrent.SubmissionPublisher<java.nio.ByteBuffer> direct =
                new java.util.concurrent.SubmissionPublisher<>();
        java.util.concurrent.CompletableFuture<HttpResponse<String>> sent = client.sendAsync(request("/echo")
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.fromPublisher(direct))
                .build(), HttpResponse.BodyHandlers.ofString());
        java.nio.ByteBuffer part = java.nio.ByteBuffer.allocateDirect(11).put("a direct pa".getBytes(
                StandardCharsets.US_ASCII));
        part.flip();
        direct.submit(part);
        direct.closeExceptionally(new IOException("the caller's source failed"));
        assertThrows(java.util.concurrent.ExecutionException.class, sent::get);
        LogRecord request = sink.await(1).get(0);
        assertEquals(MessageType.REQ_OUT, request.type());
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
    }

    @Test
    void logsAResponseLostMidwayAsCut() throws Exception {
        assertThrows(IOException.class, () -> client.send(request("/abort").GET().build(),
                HttpResponse.BodyHandlers.ofString()));
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated(), response.payload());
    }

    @Test
    void logsWithoutBodiesOrNotAtAllAsTheLoggerSays() throws Exception {
        MessageLogger quiet = MessageLogger.builder().sink(sink).strategy(io.xmlformatter.message.Strategy.WITHOUT_BODY)
                .exclude(io.xmlformatter.message.ExchangeMatch.any().path("/soap")).build();
        HttpClient c = XmlLoggingHttpClient.wrap(HttpClient.newHttpClient(), quiet);
        c.send(request("/soap").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals("{}", c.send(request("/echo").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        List<LogRecord> records = sink.awaitExchange(); // the excluded call wrote nothing
        assertTrue(records.get(0).address().endsWith("/echo"));
        assertEquals(null, records.get(0).payload());
        assertEquals(null, records.get(1).payload());
    }

    @Test
    void leavesEverythingElseToTheWrappedClient() throws Exception {
        HttpClient inner = HttpClient.newBuilder().connectTimeout(java.time.Duration.ofSeconds(7))
                .followRedirects(HttpClient.Redirect.NORMAL).cookieHandler(new java.net.CookieManager())
                .proxy(java.net.ProxySelector.of(null)).executor(Runnable::run)
                .authenticator(new java.net.Authenticator() { }).build();
        HttpClient wrapped = XmlLoggingHttpClient.wrap(inner, logger);
        assertEquals(inner.connectTimeout(), wrapped.connectTimeout());
        assertEquals(inner.followRedirects(), wrapped.followRedirects());
        assertEquals(inner.cookieHandler(), wrapped.cookieHandler());
        assertEquals(inner.proxy(), wrapped.proxy());
        assertEquals(inner.executor(), wrapped.executor());
        assertEquals(inner.authenticator(), wrapped.authenticator());
        assertEquals(inner.sslContext(), wrapped.sslContext());
        assertEquals(inner.sslParameters().getProtocols().length, wrapped.sslParameters().getProtocols().length);
        assertTrue(wrapped.newWebSocketBuilder() != null);
    }
}
