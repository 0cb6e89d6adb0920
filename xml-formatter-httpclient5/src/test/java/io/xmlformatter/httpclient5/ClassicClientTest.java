package io.xmlformatter.httpclient5;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.WsSecurityHeader;
import io.xmlformatter.testsupport.HttpBackend;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.AbstractHttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Apache HttpClient 5's classic client with the handler, first in its chain and on the wire, over 127.0.0.1. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClassicClientTest {
    static final int LIMIT = 48 * 1024;
    private final CollectingSink sink = new CollectingSink();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
            .sensitiveElementNames(List.of("password", "token")).build();
    private final CloseableHttpClient plain = HttpClients.createDefault();
    private final CloseableHttpClient client = HttpClients.custom()
            .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingExecHandler(logger)).build();
    private final CloseableHttpClient wire = HttpClients.custom().addExecInterceptorBefore(
            ChainElement.MAIN_TRANSPORT.name(), XmlLoggingExecHandler.NAME, new XmlLoggingExecHandler(logger))
            .build();
    private HttpBackend backend;

    @BeforeAll
    void start() throws Exception {
        backend = new HttpBackend();
    }

    @AfterAll
    void stop() throws Exception {
        backend.close();
        client.close();
        wire.close();
        plain.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        backend.gate = new CountDownLatch(1);
    }

    private static byte[] bytes(CloseableHttpClient c, org.apache.hc.core5.http.ClassicHttpRequest r)
            throws IOException {
        return c.execute(r, response -> EntityUtils.toByteArray(response.getEntity()));
    }

    private HttpPost post(String path, String body, ContentType type) {
        HttpPost post = new HttpPost(backend.url(path));
        post.setEntity(new StringEntity(body, type));
        return post;
    }

    @Test
    void logsAJsonCallMaskedWithTheSameBytesAndTheCorrelationIdSent() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"token\":\"tk-secret-2\"}";
        byte[] with = bytes(client, post("/echo", json, ContentType.APPLICATION_JSON));
        String sentId = backend.seen.get("/echo").get("x-correlation-id");
        assertArrayEquals(bytes(plain, post("/echo", json, ContentType.APPLICATION_JSON)), with);
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("httpclient5", records.get(0).integration());
        assertEquals("127.0.0.1", records.get(0).service());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        assertFalse(sink.json().contains("pw-secret-1") || sink.json().contains("tk-secret-2"), sink.json());
        assertEquals(records.get(0).correlationId(), sentId);
        assertEquals(200, records.get(1).responseCode());
    }

    @Test
    void logsSoapWithWsSecurityMasked() throws Exception {
        String soap = WsSecurityHeader.getAccountRequest("ann", "ws-secret-3");
        HttpPost post = post("/echo", soap, ContentType.TEXT_XML.withCharset(StandardCharsets.UTF_8));
        post.setHeader("SOAPAction", "\"urn:bank:GetAccount\"");
        bytes(client, post);
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).payload().contains("GetAccount"), records.get(0).payload());
        assertFalse(sink.json().contains("ws-secret-3"), sink.json());
    }

    /** The server sends its second line only once the caller has the first: a buffering tee would hang. */
    @Test
    void passesAStreamedResponseOnLineByLine() throws Exception {
        client.execute(new HttpGet(backend.url("/lines")), response -> {
            BufferedReader lines = new BufferedReader(new InputStreamReader(response.getEntity().getContent(),
                    StandardCharsets.UTF_8));
            assertEquals("first line", lines.readLine());
            backend.gate.countDown();
            assertEquals("second line", lines.readLine());
            assertEquals(null, lines.readLine());
            return null;
        });
        LogRecord response = sink.awaitExchange().get(1);
        assertEquals("first line\nsecond line\n", response.payload());
        assertFalse(response.truncated());
    }

    /** Closed with its entity unread past the first line: logged cut (and never waits for the rest). */
    @Test
    void aResponseClosedEarlyIsLoggedCut() throws Exception {
        ClassicHttpResponse response = client.executeOpen(null, new HttpGet(backend.url("/lines")), null);
        InputStream body = response.getEntity().getContent();
        assertEquals('f', body.read());
        backend.gate.countDown();
        response.close();
        assertTrue(sink.awaitExchange().get(1).truncated());
    }

    @Test
    void keepsNoMoreThanTheLimitOfALargeResponse() throws Exception {
        long n = client.execute(new HttpGet(backend.url("/big")), response -> {
            try (InputStream body = response.getEntity().getContent()) {
                return body.transferTo(OutputStream.nullOutputStream());
            }
        });
        assertEquals(HttpBackend.BIG / 64 * 64, n);
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated());
        assertTrue(response.payload().length() < LIMIT + 200, response.payload().length() + " chars");
    }

    /** 16 MiB from an entity that can be written once, in a 256 MiB heap: streamed, logged cut. */
    @Test
    void sendsSixteenMegabytesOnceAndLogsThemCut() throws Exception {
        int size = 16 << 20;
        HttpPost post = new HttpPost(backend.url("/echo"));
        post.setEntity(new AbstractHttpEntity(ContentType.TEXT_PLAIN, null, true) {
            private boolean written;

            @Override
            public InputStream getContent() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void writeTo(OutputStream out) throws IOException {
                assertFalse(written, "written once");
                written = true;
                byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"
                        .getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < size / line.length; i++) {
                    out.write(line);
                }
            }

            @Override
            public boolean isRepeatable() {
                return false;
            }

            @Override
            public long getContentLength() {
                return -1;
            }

            @Override
            public boolean isStreaming() {
                return true;
            }

            @Override
            public void close() {
            }
        });
        long echoed = client.execute(post, response -> {
            try (InputStream body = response.getEntity().getContent()) {
                return body.transferTo(OutputStream.nullOutputStream());
            }
        });
        assertEquals(size, echoed);
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).truncated() && records.get(1).truncated());
    }

    /** On the wire: the headers the client adds and the gzip entity it asked for, decoded for the record only. */
    @Test
    void onTheWireItSeesTheGzipEntityAndLogsItDecoded() throws Exception {
        String reply = new String(bytes(wire, new HttpGet(backend.url("/gzip"))), StandardCharsets.UTF_8);
        assertEquals("{\"token\":\"gz-secret-7\",\"state\":\"zipped\"}", reply);
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).headers().keySet().stream().anyMatch("Accept-Encoding"::equalsIgnoreCase),
                records.get(0).headers().toString());
        assertTrue(records.get(1).payload().contains("zipped"), records.get(1).payload());
        assertFalse(sink.json().contains("gz-secret-7"), sink.json());
    }

    @Test
    void aConnectionRefusedIsAFailedExchangeWithItsRequest() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        HttpPost refused = new HttpPost("http://127.0.0.1:" + closed + "/x");
        refused.setEntity(new StringEntity("{\"password\":\"pw-secret-4\"}", ContentType.APPLICATION_JSON));
        assertThrows(IOException.class, () -> bytes(client, refused));
        sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-4"));
    }

    @Test
    void aClientErrorIsLoggedWithItsStatus() throws Exception {
        client.execute(new HttpGet(backend.url("/missing")), response -> EntityUtils.toString(response.getEntity()));
        assertEquals(404, sink.awaitExchange().get(1).responseCode());
    }

    /** First in the chain: a 307 followed inside, the entity written twice, copied once, one exchange logged. */
    @Test
    void aRedirectFollowedInsideIsOneExchangeWithItsBodyCopiedOnce() throws Exception {
        String json = "{\"n\":1,\"password\":\"pw-secret-5\"}";
        assertEquals(json, new String(bytes(client, post("/redirect", json, ContentType.APPLICATION_JSON)),
                StandardCharsets.UTF_8));
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(json.length(), records.get(0).originalSize());
        assertTrue(records.get(0).payload().contains("\"n\""), records.get(0).payload());
        assertFalse(sink.json().contains("pw-secret-5"));
    }

    /** An exchange the rules leave out goes through untouched: no header added, nothing logged. */
    @Test
    void anExchangeLeftOutIsPassedOnUntouched() throws Exception {
        MessageLogger off = MessageLogger.builder().sink(sink)
                .exclude(io.xmlformatter.message.ExchangeMatch.any()).build();
        try (CloseableHttpClient c = HttpClients.custom()
                .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingExecHandler(off)).build()) {
            bytes(c, post("/echo", "{}", ContentType.APPLICATION_JSON));
        }
        assertFalse(backend.seen.get("/echo").containsKey("x-correlation-id"));
        assertTrue(sink.all().isEmpty(), sink::json);
    }

    /** With {@code otel.start-spans}, each call gets a CLIENT span of its own, its trace on the records. */
    @Test
    void aCallGetsAClientSpanOfItsOwn() throws Exception {
        io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter spans =
                io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter.create();
        try (io.opentelemetry.sdk.OpenTelemetrySdk otel = io.opentelemetry.sdk.OpenTelemetrySdk.builder()
                .setTracerProvider(io.opentelemetry.sdk.trace.SdkTracerProvider.builder().addSpanProcessor(
                        io.opentelemetry.sdk.trace.export.SimpleSpanProcessor.create(spans)).build()).build();
                CloseableHttpClient c = HttpClients.custom().addExecInterceptorFirst(XmlLoggingExecHandler.NAME,
                        new XmlLoggingExecHandler(MessageLogger.builder().sink(sink).openTelemetry(otel)
                                .set("otel.start-spans", "true").build())).build()) {
            bytes(c, post("/echo", "{}", ContentType.APPLICATION_JSON));
            List<LogRecord> records = sink.awaitExchange();
            List<io.opentelemetry.sdk.trace.data.SpanData> finished = spans.getFinishedSpanItems();
            assertEquals(1, finished.size(), finished::toString);
            assertEquals(io.opentelemetry.api.trace.SpanKind.CLIENT, finished.get(0).getKind());
            assertEquals(finished.get(0).getTraceId(), records.get(0).traceId());
        }
    }
}
