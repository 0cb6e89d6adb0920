package io.xmlformatter.webflux;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.WsSecurityHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The WebFilter on a server, over HTTP on 127.0.0.1: the same application served twice, with the filter and without
 * it, so that bytes and demand can be compared. BlockHound is installed, Netty's leak detector is paranoid.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerContract {
    static final int LIMIT = 64 * 1024;
    final CollectingSink sink = new CollectingSink();
    final MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
            .sensitiveElementNames(List.of("password", "token"))
            .rule(ExchangeMatch.any().path("/stream-long"), b -> b.limit(1024))
            .rule(ExchangeMatch.any().path("/count"), Map.of("exchange.strategy", "without-body")).build();
    final WebFluxApp app = new WebFluxApp();
    final WebFluxApp plainApp = new WebFluxApp();
    Server server;
    Server plain;
    WebClient client;

    /** Serves {@code handler} on the runtime under test. */
    abstract Server serve(HttpHandler handler) throws Exception;

    @BeforeAll
    void start() throws Exception {
        Checks.install();
        server = serve(app.handler(new XmlLoggingWebFilter(logger)));
        plain = serve(plainApp.handler());
        client = WebClient.builder().codecs(c -> c.defaultCodecs().maxInMemorySize(1 << 20)).build();
        app.client = WebClient.builder().filter(new XmlLoggingExchangeFilter(logger)).build();
        app.base = server.base();
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        plain.close();
        Checks.noLeaks();
    }

    @BeforeEach
    void clear() {
        sink.clear();
        app.gate = Sinks.empty();
        plainApp.gate = Sinks.empty();
    }

    private ResponseEntity<byte[]> post(Server to, String path, MediaType type, String body,
            Map<String, String> headers) {
        return client.post().uri(to.base() + path).contentType(type).headers(h -> headers.forEach(h::add))
                .bodyValue(body).retrieve().toEntity(byte[].class).block();
    }

    @Test
    void logsJsonMaskedWithTheSameBytesAndTheCallersCorrelationId() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"token\":\"tk-secret-2\"}";
        ResponseEntity<byte[]> reply = post(server, "/echo", MediaType.APPLICATION_JSON, json,
                Map.of("X-Correlation-ID", "corr-1"));
        ResponseEntity<byte[]> without = post(plain, "/echo", MediaType.APPLICATION_JSON, json, Map.of());
        assertArrayEquals(without.getBody(), reply.getBody());
        assertEquals(without.getHeaders().getContentType(), reply.getHeaders().getContentType());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), sink.types());
        assertEquals("webflux", records.get(0).integration());
        assertEquals("corr-1", records.get(0).correlationId());
        assertEquals(200, records.get(1).responseCode());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        assertFalse(sink.json().contains("pw-secret-1") || sink.json().contains("tk-secret-2"), sink.json());
    }

    @Test
    void logsSoapWithWsSecurityMaskedAndItsOperation() throws Exception {
        String soap = WsSecurityHeader.getAccountRequest("ann", "ws-secret-3");
        ResponseEntity<byte[]> reply = post(server, "/echo", MediaType.TEXT_XML, soap,
                Map.of("SOAPAction", "\"urn:bank:GetAccount\""));
        assertEquals(soap, new String(reply.getBody(), java.nio.charset.StandardCharsets.UTF_8));
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("GetAccount", records.get(0).operation());
        assertTrue(records.get(0).payload().contains("GetAccount"), records.get(0).payload());
        assertFalse(sink.json().contains("ws-secret-3"), sink.json());
    }

    @Test
    void logsAFormMasked() throws Exception {
        String reply = client.post().uri(server.base() + "/form").body(BodyInserters.fromFormData("user", "ann")
                .with("password", "pw-secret-4")).retrieve().bodyToMono(String.class).block();
        assertEquals("fields 2", reply);
        sink.awaitExchange();
        assertTrue(sink.only(MessageType.REQ_IN).payload().contains("ann"));
        assertFalse(sink.json().contains("pw-secret-4"), sink.json());
    }

    /** The second element is sent only once the client has the first: a filter that buffered would never end. */
    @Test
    void aStreamedResponseGoesOnAsItComes() throws Exception {
        StepVerifier.create(client.get().uri(server.base() + "/stream").retrieve().bodyToFlux(String.class))
                .expectNext("{\"n\":1}").then(() -> app.gate.tryEmitEmpty()).expectNext("{\"n\":2}")
                .expectComplete().verify(Duration.ofSeconds(30));
        List<LogRecord> records = sink.awaitExchange();
        assertEquals("data:{\"n\":1}\n\ndata:{\"n\":2}\n\n", records.get(1).payload().replace("\r", ""));
        assertFalse(records.get(1).truncated());
    }

    /** Past the limit, the record is written at once, while the stream waits. */
    @Test
    void aStreamPastTheLimitIsLoggedCutWithoutWaitingForItsEnd() throws Exception {
        StepVerifier.create(client.get().uri(server.base() + "/stream-long").retrieve().bodyToFlux(String.class))
                .expectNextMatches(s -> s.startsWith("{\"n\":\"xxx")).then(() -> {
                    try {
                        sink.await(2);
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    assertTrue(sink.only(MessageType.RESP_OUT).truncated());
                    app.gate.tryEmitEmpty();
                }).expectNext("{\"n\":2}").expectComplete().verify(Duration.ofSeconds(30));
    }

    @Test
    void theApplicationsDemandIsUnchanged() throws Exception {
        for (WebFluxApp a : List.of(app, plainApp)) {
            a.demand.clear();
        }
        String with = client.get().uri(server.base() + "/counted").retrieve().bodyToMono(String.class).block();
        String without = client.get().uri(plain.base() + "/counted").retrieve().bodyToMono(String.class).block();
        assertEquals(without, with);
        sink.awaitExchange();
        assertFalse(plainApp.demand.isEmpty());
        assertEquals(plainApp.demand, app.demand);
    }

    @Test
    void anErrorIsAFaultWithTheStatusTheErrorHandlingAnswers() throws Exception {
        assertEquals(500, client.get().uri(server.base() + "/boom").exchangeToMono(r -> r.releaseBody()
                .thenReturn(r.statusCode().value())).block());
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), sink.types());
        assertEquals(500, records.get(1).responseCode());
        sink.clear();
        assertEquals(404, client.get().uri(server.base() + "/missing").exchangeToMono(r -> r.releaseBody()
                .thenReturn(r.statusCode().value())).block());
        assertEquals(404, sink.awaitExchange().get(1).responseCode());
    }

    /** Read by the JDK's client, which (unlike Reactor Netty's, as WebClient makes it) does not decompress. */
    @Test
    void aGzipBodyIsDecodedForTheRecordOnly() throws Exception {
        HttpClient raw = HttpClient.newHttpClient();
        HttpResponse<byte[]> with = raw.send(HttpRequest.newBuilder(URI.create(server.base() + "/gzip")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> without = raw.send(HttpRequest.newBuilder(URI.create(plain.base() + "/gzip")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertArrayEquals(without.body(), with.body());
        assertArrayEquals(WebFluxApp.gzip(WebFluxApp.ACCOUNT), with.body());
        assertEquals(List.of("gzip"), with.headers().allValues("Content-Encoding"));
        sink.awaitExchange();
        LogRecord response = sink.only(MessageType.RESP_OUT);
        assertTrue(response.payload().contains("DE-1"), response.payload());
        assertFalse(sink.json().contains("pw-secret-gz"), sink.json());
    }

    /** 16 MiB each way in a 256 MiB heap (the module's tests run in one): streamed through, logged cut. */
    @Test
    void sixteenMegabytesEachWayStreamThroughAndAreLoggedCut() throws Exception {
        Long received = client.get().uri(server.base() + "/big").retrieve().bodyToFlux(DataBuffer.class)
                .map(b -> {
                    long n = b.readableByteCount();
                    DataBufferUtils.release(b);
                    return n;
                }).reduce(0L, Long::sum).block();
        assertEquals(WebFluxApp.big().map(DataBuffer::readableByteCount).reduce(0, Integer::sum).block(),
                received.intValue());
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(1).truncated());
        assertTrue(records.get(1).loggedSize() <= 2L * LIMIT, () -> "logged " + records.get(1).loggedSize());
        sink.clear();
        String counted = client.post().uri(server.base() + "/count").body(WebFluxApp.big(), DataBuffer.class)
                .retrieve().bodyToMono(String.class).block();
        assertEquals("bytes " + received, counted);
        List<LogRecord> upload = sink.awaitExchange();
        assertNull(upload.get(0).payload(), "the rule's strategy logs no body");
    }

    /**
     * The client takes one event and goes away: the exchange ends with what was written (Reactor Netty sees the
     * connection close at once; Tomcat when it writes the next event).
     */
    @Test
    void aClientThatGoesAwayEndsTheExchange() throws Exception {
        StepVerifier.create(client.get().uri(server.base() + "/stream").retrieve().bodyToFlux(String.class)
                .take(1)).expectNext("{\"n\":1}").expectComplete().verify(Duration.ofSeconds(30));
        app.gate.tryEmitEmpty();
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(1).payload().startsWith("data:{\"n\":1}"), records.get(1).payload());
    }

    /** The server's exchange and the WebClient call its handler makes share one correlation id, sent on. */
    @Test
    void aCallMadeWhileServingCarriesTheServersCorrelationId() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-5\"}";
        assertEquals(json, client.post().uri(server.base() + "/proxy").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(json).retrieve().bodyToMono(String.class).block());
        List<LogRecord> records = sink.await(6);
        assertEquals(6, records.size(), sink::json);
        String id = records.get(0).correlationId();
        assertEquals(records.get(0).exchangeId(), id, "the first server exchange's own id");
        for (LogRecord r : records) {
            assertEquals(id, r.correlationId(), sink::json);
        }
        assertEquals(2, records.stream().filter(r -> r.type() == MessageType.REQ_IN).count());
        assertEquals(1, records.stream().filter(r -> r.type() == MessageType.REQ_OUT).count());
        assertFalse(sink.json().contains("pw-secret-5"));
    }

    /** An exchange the rules leave out passes through untouched and logs nothing. */
    @Test
    void anExchangeNobodyLogsPassesUntouched() throws Exception {
        MessageLogger off = MessageLogger.builder().sink(sink).exclude(ExchangeMatch.any()).build();
        try (Server s = serve(new WebFluxApp().handler(new XmlLoggingWebFilter(off)))) {
            assertArrayEquals("{}".getBytes(), post(s, "/echo", MediaType.APPLICATION_JSON, "{}", Map.of())
                    .getBody());
        }
        assertTrue(sink.all().isEmpty(), sink::json);
    }
}
