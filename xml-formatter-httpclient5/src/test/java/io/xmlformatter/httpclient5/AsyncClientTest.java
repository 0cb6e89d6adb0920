package io.xmlformatter.httpclient5;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.HttpBackend;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.entity.AbstractBinAsyncEntityConsumer;
import org.apache.hc.core5.http.nio.support.AbstractAsyncResponseConsumer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Apache HttpClient 5's async client with the handler, over HTTP on 127.0.0.1. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AsyncClientTest {
    private final CollectingSink sink = new CollectingSink();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(48 * 1024)
            .sensitiveElementNames(List.of("password", "token")).build();
    private final CloseableHttpAsyncClient client = HttpAsyncClients.custom()
            .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingAsyncExecHandler(logger)).build();
    private HttpBackend backend;

    @BeforeAll
    void start() throws Exception {
        backend = new HttpBackend();
        client.start();
    }

    @AfterAll
    void stop() throws Exception {
        client.close();
        backend.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        backend.gate = new CountDownLatch(1);
    }

    @Test
    void logsAJsonCallMaskedWithTheCorrelationIdSent() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"token\":\"tk-secret-2\"}";
        SimpleHttpRequest request = SimpleRequestBuilder.post(backend.url("/echo"))
                .setBody(json, ContentType.APPLICATION_JSON).build();
        SimpleHttpResponse reply = client.execute(SimpleRequestProducer.create(request),
                SimpleResponseConsumer.create(), null).get();
        assertEquals(json, reply.getBodyText());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("httpclient5", records.get(0).integration());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"),
                sink.json());
        assertFalse(sink.json().contains("pw-secret-1") || sink.json().contains("tk-secret-2"), sink.json());
        assertEquals(records.get(0).correlationId(), backend.seen.get("/echo").get("x-correlation-id"));
        assertEquals(200, records.get(1).responseCode());
    }

    /** The consumer opens the gate once it has the first line: a tee that buffered would never let it. */
    @Test
    void passesAStreamedResponseOnAsItComes() throws Exception {
        Future<String> done = client.execute(new BasicRequestProducer(SimpleRequestBuilder.get(backend.url("/lines"))
                .build(), null), streaming(got -> {
                    if (got.startsWith("first line\n")) {
                        backend.gate.countDown();
                    }
                }), null);
        assertEquals("first line\nsecond line\n", done.get());
        LogRecord response = sink.awaitExchange().get(1);
        assertEquals("first line\nsecond line\n", response.payload());
        assertFalse(response.truncated());
    }

    @Test
    void aConnectionRefusedIsAFailedExchangeWithItsRequest() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        SimpleHttpRequest request = SimpleRequestBuilder.post("http://127.0.0.1:" + closed + "/x")
                .setBody("{\"password\":\"pw-secret-4\"}", ContentType.APPLICATION_JSON).build();
        assertThrows(ExecutionException.class, () -> client.execute(SimpleRequestProducer.create(request),
                SimpleResponseConsumer.create(), null).get());
        sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-4"));
    }

    /** Cancelled while the body streams: the response's record has what had arrived, cut. */
    @Test
    void aCancelledCallLogsWhatArrivedCut() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        Future<String> call = client.execute(new BasicRequestProducer(SimpleRequestBuilder.get(backend.url("/lines"))
                .build(), null), streaming(got -> first.countDown()), null);
        first.await();
        call.cancel(true);
        backend.gate.countDown();
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated(), response.payload());
        assertTrue(response.payload().startsWith("first line"), response.payload());
    }

    /** An exchange the rules leave out goes through untouched: no header added, nothing logged. */
    @Test
    void anExchangeLeftOutIsPassedOnUntouched() throws Exception {
        MessageLogger off = MessageLogger.builder().sink(sink)
                .exclude(io.xmlformatter.message.ExchangeMatch.any()).build();
        try (CloseableHttpAsyncClient c = HttpAsyncClients.custom()
                .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingAsyncExecHandler(off)).build()) {
            c.start();
            SimpleHttpRequest request = SimpleRequestBuilder.post(backend.url("/echo"))
                    .setBody("{}", ContentType.APPLICATION_JSON).build();
            assertEquals("{}", c.execute(SimpleRequestProducer.create(request), SimpleResponseConsumer.create(),
                    null).get().getBodyText());
        }
        assertFalse(backend.seen.get("/echo").containsKey("x-correlation-id"));
        assertTrue(sink.all().isEmpty(), sink::json);
    }

    /** Behind the redirect handling: the 307 and the call it leads to, each its own exchange, each body copied. */
    @Test
    void aRedirectFollowedOutsideIsTwoExchanges() throws Exception {
        try (CloseableHttpAsyncClient c = HttpAsyncClients.custom().addExecInterceptorAfter(
                org.apache.hc.client5.http.impl.ChainElement.REDIRECT.name(), XmlLoggingExecHandler.NAME,
                new XmlLoggingAsyncExecHandler(logger)).build()) {
            c.start();
            SimpleHttpRequest request = SimpleRequestBuilder.post(backend.url("/redirect"))
                    .setBody("{\"n\":2}", ContentType.APPLICATION_JSON).build();
            assertEquals("{\"n\":2}", c.execute(SimpleRequestProducer.create(request),
                    SimpleResponseConsumer.create(), null).get().getBodyText());
        }
        List<LogRecord> records = sink.await(4);
        assertEquals(List.of(307, 200), records.stream().filter(r -> r.type() != MessageType.REQ_OUT)
                .map(LogRecord::responseCode).toList());
        assertEquals(2, records.stream().filter(r -> r.type() == MessageType.REQ_OUT
                && r.payload().contains("\"n\":2")).count(), sink::json);
    }

    /** A consumer that reads the body as it comes, telling {@code onData} what it has so far; gives the body. */
    private static AbstractAsyncResponseConsumer<String, byte[]> streaming(Consumer<String> onData) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        return new AbstractAsyncResponseConsumer<>(new AbstractBinAsyncEntityConsumer<byte[]>() {
            @Override
            protected void streamStart(ContentType contentType) {
            }

            @Override
            protected int capacityIncrement() {
                return 1024;
            }

            @Override
            protected void data(ByteBuffer src, boolean endOfStream) {
                while (src.hasRemaining()) {
                    got.write(src.get());
                }
                onData.accept(got.toString(StandardCharsets.US_ASCII));
            }

            @Override
            protected byte[] generateContent() {
                return got.toByteArray();
            }

            @Override
            public void releaseResources() {
            }
        }) {
            @Override
            protected String buildResult(HttpResponse response, byte[] entity, ContentType contentType) {
                return new String(entity, StandardCharsets.US_ASCII);
            }

            @Override
            public void informationResponse(HttpResponse response,
                    org.apache.hc.core5.http.protocol.HttpContext context) {
            }
        };
    }
}
