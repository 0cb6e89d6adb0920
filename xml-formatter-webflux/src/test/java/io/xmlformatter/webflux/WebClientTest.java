package io.xmlformatter.webflux;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebClient filter over Reactor Netty's client, against a WebFlux application on Reactor Netty (its own
 * records in a sink of their own), over HTTP on 127.0.0.1.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebClientTest {
    private final CollectingSink sink = new CollectingSink();
    private final CollectingSink serverSink = new CollectingSink();
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private final OpenTelemetrySdk otel = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(16 * 1024)
            .sensitiveElementNames(List.of("password")).openTelemetry(otel).set("otel.start-spans", "true")
            .build();
    private final WebFluxApp app = new WebFluxApp();
    private Server server;
    private WebClient client;

    @BeforeAll
    void start() {
        Checks.install();
        server = Server.reactorNetty(app.handler(new XmlLoggingWebFilter(MessageLogger.builder().sink(serverSink)
                .build())));
        client = WebClient.builder().baseUrl(server.base()).filter(new XmlLoggingExchangeFilter(logger)).build();
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        otel.close();
        Checks.noLeaks();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        serverSink.clear();
        spans.reset();
        app.gate = Sinks.empty();
    }

    @Test
    void logsAJsonCallMaskedWithTheCorrelationIdSentAndASpan() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\"}";
        assertEquals(json, client.post().uri("/echo").contentType(MediaType.APPLICATION_JSON).bodyValue(json)
                .retrieve().bodyToMono(String.class).block());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("webflux", records.get(0).integration());
        assertEquals("127.0.0.1", records.get(0).service());
        assertEquals("application/json", records.get(0).contentType(), "the encoder's content type, as sent");
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        assertFalse(sink.json().contains("pw-secret-1"), sink.json());
        assertEquals(200, records.get(1).responseCode());
        assertEquals(records.get(0).correlationId(), serverSink.awaitExchange().get(0).correlationId(),
                "the correlation id sent on");
        List<SpanData> finished = spans.getFinishedSpanItems();
        assertEquals(1, finished.size(), finished::toString);
        assertEquals(SpanKind.CLIENT, finished.get(0).getKind());
    }

    @Test
    void takesTheCorrelationIdFromTheReactorContext() throws Exception {
        client.post().uri("/echo").bodyValue("x").retrieve().bodyToMono(String.class)
                .contextWrite(Context.of(ReactiveCorrelation.KEY, "from-context")).block();
        assertEquals("from-context", sink.awaitExchange().get(0).correlationId());
        assertEquals("from-context", serverSink.awaitExchange().get(0).correlationId());
    }

    /** {@code take(1)}: the response is logged cut with what the application consumed. */
    @Test
    void aBodyTheApplicationStopsReadingIsLoggedCut() throws Exception {
        StepVerifier.create(client.get().uri("/stream").retrieve().bodyToFlux(String.class).take(1))
                .expectNext("{\"n\":1}").expectComplete().verify(Duration.ofSeconds(30));
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated(), response.payload());
        assertTrue(response.payload().contains("\"n\":1"), response.payload());
        app.gate.tryEmitEmpty();
        serverSink.await(2);
    }

    @Test
    void aBodyReadToItsEndIsWholeWithOrWithoutALength() throws Exception {
        client.get().uri("/stream").retrieve().bodyToFlux(String.class).doOnNext(s -> app.gate.tryEmitEmpty())
                .blockLast();
        LogRecord chunked = sink.awaitExchange().get(1);
        assertFalse(chunked.truncated(), chunked.payload());
        sink.clear();
        client.get().uri("/gzip").retrieve().bodyToMono(byte[].class).block();
        LogRecord gzipped = sink.awaitExchange().get(1);
        assertFalse(gzipped.truncated());
        assertTrue(gzipped.payload().contains("DE-1"), gzipped.payload());
        assertFalse(sink.json().contains("pw-secret-gz"), sink.json());
        serverSink.await(4);
    }

    /**
     * Cancelled before its response (as a {@code timeout} does): a failed exchange. With the strategy that writes
     * only failed exchanges, a call that succeeds writes nothing and the cancelled one its request, with its body.
     */
    @Test
    void aCallCancelledBeforeItsResponseFails() throws Exception {
        WebClient failedOnly = client.mutate().filters(f -> {
            f.clear();
            f.add(new XmlLoggingExchangeFilter(logger.derive(b -> b.set("exchange.strategy", "FAILED_ONLY"))));
        }).build();
        app.gate.tryEmitEmpty();
        assertEquals("late", failedOnly.get().uri("/slow").retrieve().bodyToMono(String.class).block());
        serverSink.awaitExchange();
        serverSink.clear();
        app.gate = Sinks.empty();
        Disposable call = failedOnly.post().uri("/slow-post").bodyValue("{\"password\":\"pw-secret-6\",\"n\":7}")
                .retrieve().bodyToMono(String.class).subscribe();
        serverSink.await(1);
        call.dispose();
        List<LogRecord> records = sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types(), sink::json);
        assertTrue(records.get(0).payload().contains("\"n\":7"), records.get(0).payload());
        assertFalse(sink.json().contains("pw-secret-6"));
        app.gate.tryEmitEmpty(); // the server's exchange fails too: its client went away before the answer
    }

    @Test
    void aConnectionRefusedIsAFailedExchangeWithItsRequest() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        WebClientRequestException e = assertThrows(WebClientRequestException.class, () -> client.post()
                .uri("http://127.0.0.1:" + closed + "/x").bodyValue("{\"password\":\"pw-secret-3\"}")
                .retrieve().toBodilessEntity().block());
        assertTrue(e.getMessage().contains("127.0.0.1"));
        sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-3"));
    }

    /** Each subscription is an exchange of its own: a retry logs each attempt. */
    @Test
    void eachAttemptOfARetryIsAnExchange() throws Exception {
        Mono<Integer> status = client.get().uri("/boom").exchangeToMono(r -> r.releaseBody()
                .thenReturn(r.statusCode().value()));
        assertEquals(500, status.block());
        assertEquals(500, status.block());
        List<LogRecord> records = sink.await(4);
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.FAULT_IN, MessageType.REQ_OUT, MessageType.FAULT_IN),
                sink.types());
        assertFalse(records.get(0).exchangeId().equals(records.get(2).exchangeId()));
        serverSink.await(4);
    }
}
