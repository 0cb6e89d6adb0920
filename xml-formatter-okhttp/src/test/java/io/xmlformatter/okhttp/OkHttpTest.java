package io.xmlformatter.okhttp;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.WsSecurityHeader;
import io.xmlformatter.testsupport.HttpBackend;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OkHttp with the interceptor, as an application and as a network interceptor, over HTTP on 127.0.0.1. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OkHttpTest {
    static final int LIMIT = 48 * 1024;
    private static final MediaType JSON = MediaType.get("application/json");
    private final CollectingSink sink = new CollectingSink();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
            .sensitiveElementNames(List.of("password", "token")).build();
    private final OkHttpClient plain = new OkHttpClient();
    private final OkHttpClient client = plain.newBuilder().addInterceptor(new XmlLoggingInterceptor(logger)).build();
    private final OkHttpClient network = plain.newBuilder().addNetworkInterceptor(new XmlLoggingInterceptor(logger))
            .build();
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

    private Request.Builder request(String path) {
        return new Request.Builder().url(backend.url(path));
    }

    private static byte[] bytes(OkHttpClient c, Request r) throws IOException {
        try (Response response = c.newCall(r).execute()) {
            return response.body().bytes();
        }
    }

    @Test
    void logsAJsonCallMaskedWithTheSameBytesAndTheCorrelationIdSent() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"token\":\"tk-secret-2\"}";
        Request r = request("/echo").post(RequestBody.create(json, JSON)).build();
        byte[] with = bytes(client, r);
        String sentId = backend.seen.get("/echo").get("x-correlation-id");
        assertArrayEquals(bytes(plain, r), with);
        assertEquals(json, new String(with, StandardCharsets.UTF_8));
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("okhttp", records.get(0).integration());
        assertEquals("127.0.0.1", records.get(0).service());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        assertFalse(sink.json().contains("pw-secret-1") || sink.json().contains("tk-secret-2"), sink.json());
        assertEquals(records.get(0).correlationId(), sentId);
        assertEquals(200, records.get(1).responseCode());
        assertTrue(records.get(1).contentType().startsWith("application/json"), records.get(1).contentType());
    }

    @Test
    void logsSoapWithWsSecurityMasked() throws Exception {
        String soap = WsSecurityHeader.getAccountRequest("ann", "ws-secret-3");
        bytes(client, request("/echo").header("SOAPAction", "\"urn:bank:GetAccount\"")
                .post(RequestBody.create(soap, MediaType.get("text/xml; charset=utf-8"))).build());
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).payload().contains("GetAccount"), records.get(0).payload());
        assertFalse(sink.json().contains("ws-secret-3"), sink.json());
    }

    /** The server sends its second line only once the caller has the first: a buffering tee would hang. */
    @Test
    void passesAStreamedResponseOnLineByLine() throws Exception {
        try (Response response = client.newCall(request("/lines").build()).execute();
                BufferedReader lines = new BufferedReader(new InputStreamReader(response.body().byteStream(),
                        StandardCharsets.UTF_8))) {
            assertEquals("first line", lines.readLine());
            backend.gate.countDown();
            assertEquals("second line", lines.readLine());
            assertEquals(null, lines.readLine());
        }
        LogRecord response = sink.awaitExchange().get(1);
        assertEquals("first line\nsecond line\n", response.payload());
        assertFalse(response.truncated());
    }

    @Test
    void aBodyTheCallerClosesEarlyIsLoggedCut() throws Exception {
        try (Response response = client.newCall(request("/lines").build()).execute()) {
            BufferedReader lines = new BufferedReader(new InputStreamReader(response.body().byteStream(),
                    StandardCharsets.UTF_8));
            assertEquals("first line", lines.readLine());
        }
        backend.gate.countDown();
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated(), response.payload());
    }

    @Test
    void keepsNoMoreThanTheLimitOfALargeResponse() throws Exception {
        try (Response response = client.newCall(request("/big").build()).execute();
                InputStream body = response.body().byteStream()) {
            byte[] buffer = new byte[8192];
            long n = 0;
            for (int r; (r = body.read(buffer)) >= 0; ) {
                n += r;
            }
            assertEquals(HttpBackend.BIG / 64 * 64, n);
        }
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated());
        assertTrue(response.payload().length() < LIMIT + 200, response.payload().length() + " chars");
    }

    /** 16 MiB written by a body of one shot, in a 256 MiB heap: written once, streamed, logged cut. */
    @Test
    void sendsSixteenMegabytesOnceAndLogsThemCut() throws Exception {
        int size = 16 << 20;
        RequestBody oneShot = new RequestBody() {
            private boolean written;

            @Override
            public MediaType contentType() {
                return MediaType.get("text/plain");
            }

            @Override
            public boolean isOneShot() {
                return true;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                assertFalse(written, "a one-shot body is written once");
                written = true;
                byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"
                        .getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < size / line.length; i++) {
                    sink.write(line);
                }
            }
        };
        try (Response response = client.newCall(request("/echo").post(oneShot).build()).execute()) {
            assertEquals(size, response.body().source().readAll(okio.Okio.blackhole()));
        }
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).truncated() && records.get(1).truncated());
        assertEquals(size, records.get(0).originalSize());
    }

    /** As a network interceptor: the gzip body OkHttp asked for, decoded for the record only. */
    @Test
    void aNetworkInterceptorSeesTheGzipBodyAndLogsItDecoded() throws Exception {
        String reply = new String(bytes(network, request("/gzip").build()), StandardCharsets.UTF_8);
        assertEquals("{\"token\":\"gz-secret-7\",\"state\":\"zipped\"}", reply);
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("gzip", records.get(0).headers().get("accept-encoding").get(0), "the headers OkHttp adds");
        assertTrue(records.get(1).payload().contains("zipped"), records.get(1).payload());
        assertFalse(sink.json().contains("gz-secret-7"), sink.json());
    }

    @Test
    void aConnectionRefusedIsAFailedExchangeWithItsRequest() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Request refused = new Request.Builder().url("http://127.0.0.1:" + closed + "/x")
                .post(RequestBody.create("{\"password\":\"pw-secret-4\"}", JSON)).build();
        assertThrows(IOException.class, () -> client.newCall(refused).execute());
        sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-4"));
    }

    /** A call cancelled while its body streams: the error goes on, the response is logged cut. */
    @Test
    void aCancelledCallEndsTheExchange() throws Exception {
        Call call = client.newCall(request("/lines").build());
        try (Response response = call.execute()) {
            InputStream body = response.body().byteStream();
            assertEquals('f', body.read());
            call.cancel();
            assertThrows(IOException.class, () -> {
                while (body.read(new byte[64]) >= 0) {
                    continue; // what had arrived, then the cancellation
                }
            });
        }
        backend.gate.countDown();
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated());
    }

    @Test
    void aClientErrorIsARespInAndAServerFaultAFaultIn() throws Exception {
        bytes(client, request("/missing").build());
        assertEquals(404, sink.awaitExchange().get(1).responseCode());
    }

    /** With {@code otel.start-spans}, each call gets a CLIENT span of its own, its trace sent on in the request. */
    @Test
    void aCallGetsAClientSpanOfItsOwnWhoseTraceIsSentOn() throws Exception {
        io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter spans =
                io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter.create();
        try (io.opentelemetry.sdk.OpenTelemetrySdk otel = io.opentelemetry.sdk.OpenTelemetrySdk.builder()
                .setTracerProvider(io.opentelemetry.sdk.trace.SdkTracerProvider.builder().addSpanProcessor(
                        io.opentelemetry.sdk.trace.export.SimpleSpanProcessor.create(spans)).build()).build()) {
            MessageLogger traced = MessageLogger.builder().sink(sink).openTelemetry(otel)
                    .set("otel.start-spans", "true").build();
            OkHttpClient c = plain.newBuilder().addInterceptor(new XmlLoggingInterceptor(traced)).build();
            bytes(c, request("/echo").post(RequestBody.create("{}", JSON)).build());
            List<LogRecord> records = sink.awaitExchange();
            List<io.opentelemetry.sdk.trace.data.SpanData> finished = spans.getFinishedSpanItems();
            assertEquals(1, finished.size(), finished::toString);
            assertEquals(io.opentelemetry.api.trace.SpanKind.CLIENT, finished.get(0).getKind());
            assertEquals(finished.get(0).getTraceId(), records.get(0).traceId());
        }
    }
}
