package io.xmlformatter.servlet;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.servlet.http.HttpServlet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the filter does in any container, over HTTP on 127.0.0.1: each subclass runs it in one (Tomcat, Jetty,
 * Undertow). The filter is mapped for every dispatch type, so an exchange logged once is the filter's doing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class FilterContract {
    static final int LIMIT = 48 * 1024;
    private final CollectingSink sink = new CollectingSink();
    private final TestApp app = new TestApp();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private Containers.Running server;

    abstract Containers.Starter container();

    @BeforeAll
    void start() throws Exception {
        MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
                .sensitiveParameterNames(List.of("password")).build();
        Map<String, HttpServlet> servlets = new LinkedHashMap<>();
        servlets.put("/app/*", app);
        servlets.put("/error", new TestApp.ErrorPage());
        server = container().start(new XmlLoggingFilter(logger), servlets);
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        app.gate = new CountDownLatch(1);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    }

    private HttpResponse<String> post(String path, String type, String body) throws Exception {
        return client.send(request(path).header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void logsBothBodiesAsTheyWentMaskedWithTheFactsOfTheCall() throws Exception {
        String json = "{\"user\":\"alice\",\"password\":\"pw-secret-1\"}";
        HttpResponse<String> reply = client.send(request("/app/echo?access_token=tok-secret-2&page=1")
                .header("Content-Type", "application/json").header("Authorization", "Bearer auth-secret-3")
                .header("X-Correlation-ID", "corr-7").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, reply.statusCode());
        assertEquals(json, reply.body()); // the wire unchanged
        List<LogRecord> records = sink.awaitExchange();
        LogRecord in = records.get(0);
        LogRecord out = records.get(1);
        assertEquals(MessageType.REQ_IN, in.type());
        assertEquals(MessageType.RESP_OUT, out.type());
        assertEquals("servlet", in.integration());
        assertEquals("app", in.service());
        assertEquals("POST", in.httpMethod());
        assertTrue(in.address().startsWith("http://127.0.0.1:" + server.port() + "/app/echo?"), in.address());
        assertTrue(in.payload().contains("\"user\"") && in.payload().contains("alice"), in.payload());
        assertTrue(out.payload().contains("alice"), out.payload());
        assertEquals(200, out.responseCode());
        assertNotNull(out.duration());
        assertEquals("corr-7", in.correlationId());
        assertEquals("corr-7", app.correlationInMdc); // in the MDC while the application ran
        String all = sink.json();
        for (String secret : List.of("pw-secret-1", "tok-secret-2", "auth-secret-3")) {
            assertFalse(all.contains(secret), all);
        }
    }

    @Test
    void readsCharsThroughTheReaderAndWriterInTheirCharsets() throws Exception {
        HttpResponse<String> reply = client.send(request("/app/chars")
                .header("Content-Type", "text/plain;charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString("Grüße, Zoë", StandardCharsets.UTF_8)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
        assertEquals("read: Grüße, Zoë", reply.body());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("Grüße, Zoë", records.get(0).payload());
        assertEquals("read: Grüße, Zoë", records.get(1).payload());
    }

    @Test
    void passesAStreamedResponseOnAsItIsWritten() throws Exception {
        HttpResponse<InputStream> reply = client.send(request("/app/stream").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(reply.body(), StandardCharsets.UTF_8))) {
            // the servlet waits for the gate after its first line: a filter holding the response back hangs here
            assertEquals("first line", lines.readLine());
            app.gate.countDown();
            assertEquals("second line", lines.readLine());
        }
        assertEquals("first line\nsecond line\n", sink.awaitExchange().get(1).payload());
    }

    @Test
    void logsAnAsynchronousExchangeWhenItCompletes() throws Exception {
        HttpResponse<String> reply = post("/app/async", "application/json", "{\"async\":true}");
        assertEquals("{\"async\":true}", reply.body());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("{\"async\":true}", records.get(0).payload().replaceAll("\\s", ""));
        assertEquals("{\"async\":true}", records.get(1).payload().replaceAll("\\s", ""));
        assertEquals(200, records.get(1).responseCode());
    }

    @Test
    void capturesNonBlockingReadsAndWrites() throws Exception {
        String json = "{\"listener\":\"" + "x".repeat(20_000) + "\"}";
        HttpResponse<String> reply = post("/app/non-blocking", "application/json", json);
        assertEquals(json, reply.body());
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).payload().contains("x".repeat(20_000)), records.get(0).payload());
        assertTrue(records.get(1).payload().contains("x".repeat(20_000)));
        assertFalse(records.get(0).truncated());
    }

    @Test
    void logsAFormTheContainerReadAsParametersMaskedByName() throws Exception {
        HttpResponse<String> reply = post("/app/form?site=query-site", "application/x-www-form-urlencoded",
                "user=alice&password=form-secret-4&note=a+b%26c");
        assertEquals("hello alice from query-site", reply.body());
        List<LogRecord> records = sink.awaitExchange();
        String form = records.get(0).payload();
        assertTrue(form.contains("user=alice") && form.contains("note=a+b%26c"), form);
        assertFalse(form.contains("site="), form); // a query parameter is not the body's
        assertFalse(sink.json().contains("form-secret-4"), sink.json());
    }

    @Test
    void keepsNoMoreThanTheLimitOfABodyFarAboveIt() throws Exception {
        byte[] big = new byte[TestApp.BIG];
        java.util.Arrays.fill(big, (byte) 'a');
        HttpResponse<InputStream> reply = client.send(request("/app/big").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)).build(), HttpResponse.BodyHandlers.ofInputStream());
        long received;
        try (InputStream body = reply.body()) {
            received = body.transferTo(java.io.OutputStream.nullOutputStream());
        }
        assertTrue(received > TestApp.BIG, "received " + received);
        List<LogRecord> records = sink.awaitExchange();
        for (LogRecord r : records) {
            assertTrue(r.truncated(), r.type() + " not cut");
            assertTrue(r.payload().length() < LIMIT + 200, r.type() + ": " + r.payload().length() + " chars");
        }
        assertEquals(TestApp.BIG, records.get(0).originalSize());
    }

    @Test
    void logsAnEscapingExceptionOnceAsAFailureAndLetsItGoOn() throws Exception {
        HttpResponse<String> reply = post("/app/fail", "application/json", "{\"order\":1}");
        assertEquals(500, reply.statusCode());
        assertTrue(reply.body().contains("error page for /app/fail"), reply.body()); // the container's ERROR dispatch
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(MessageType.FAULT_OUT, records.get(1).type());
        assertEquals(500, records.get(1).responseCode());
    }

    @Test
    void logsSendErrorOnceWithItsStatus() throws Exception {
        HttpResponse<String> reply = client.send(request("/app/missing").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, reply.statusCode());
        assertEquals(404, sink.awaitExchange().get(1).responseCode());
    }

    @Test
    void logsAForwardAndAnIncludeAsTheExchangeThatBeganThem() throws Exception {
        assertEquals("{\"to\":\"echo\"}", post("/app/forward", "application/json", "{\"to\":\"echo\"}").body());
        List<LogRecord> forward = sink.awaitExchange();
        assertTrue(forward.get(1).payload().contains("echo"), forward.get(1).payload());
        sink.clear();
        assertEquals("[hello]", client.send(request("/app/include").GET().build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("[hello]", sink.awaitExchange().get(1).payload());
    }

    @Test
    void logsAStatusSetWithoutABody() throws Exception {
        assertEquals(401, client.send(request("/app/unauthorized").GET().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(401, sink.awaitExchange().get(1).responseCode());
    }

    @Test
    void logsARedirectAndAResponseCommittedByFlushBuffer() throws Exception {
        HttpResponse<String> redirect = client.send(request("/app/redirect").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(302, redirect.statusCode());
        assertTrue(sink.awaitExchange().get(1).headers().keySet().stream().anyMatch("Location"::equalsIgnoreCase));
        sink.clear();
        assertEquals("committed then more", client.send(request("/app/flushed").GET().build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("committed then more", sink.awaitExchange().get(1).payload());
    }

    @Test
    void logsAnAsynchronousExchangeTheContainerTimedOut() throws Exception {
        HttpResponse<String> reply = post("/app/async-timeout", "application/json", "{\"waits\":true}");
        assertEquals(500, reply.statusCode());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(MessageType.FAULT_OUT, records.get(1).type());
        assertEquals(500, records.get(1).responseCode());
    }
}
