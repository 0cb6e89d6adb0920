package io.xmlformatter.springweb;

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
import org.springframework.http.MediaType;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.InterceptingClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RestClient, RestTemplate and Spring-WS's template over a Spring request factory, over HTTP on 127.0.0.1. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpringClientsTest {
    static final int LIMIT = 48 * 1024;
    private final CollectingSink sink = new CollectingSink();
    private final MessageLogger logger = MessageLogger.builder().sink(sink).limit(LIMIT)
            .sensitiveElementNames(List.of("password", "token")).anonymizeJson(List.of("$.card.pan")).build();
    private final XmlLoggingInterceptor interceptor = new XmlLoggingInterceptor(logger);
    private HttpBackend backend;
    private RestClient client;
    private RestTemplate template;

    @BeforeAll
    void start() throws Exception {
        backend = new HttpBackend();
        client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
                .requestInterceptor(interceptor).build();
        template = new RestTemplate();
        template.getInterceptors().add(interceptor);
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

    @Test
    void logsAJsonCallMaskedByKeyAndPathWithTheWireUnchangedAndTheCorrelationIdSent() throws Exception {
        String json = "{\"user\":\"ann\",\"password\":\"pw-secret-1\",\"card\":{\"pan\":\"pan-secret-2\"}}";
        String reply = client.post().uri(backend.url("/echo")).contentType(MediaType.APPLICATION_JSON).body(json)
                .retrieve().body(String.class);
        assertEquals(json, reply);
        List<LogRecord> records = sink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
        assertEquals("spring-web", records.get(0).integration());
        assertEquals("127.0.0.1", records.get(0).service());
        assertTrue(records.get(0).payload().contains("ann") && records.get(1).payload().contains("ann"));
        String all = sink.json();
        assertFalse(all.contains("pw-secret-1") || all.contains("pan-secret-2"), all);
        assertEquals(records.get(0).correlationId(), backend.seen.get("/echo").get("x-correlation-id"));
        assertEquals(200, records.get(1).responseCode());
    }

    /** The request factories Boot 3.5 and 4 choose from. */
    static List<Named<Supplier<ClientHttpRequestFactory>>> factories() {
        return List.of(Named.of("JDK", JdkClientHttpRequestFactory::new),
                Named.of("HttpComponents 5", HttpComponentsClientHttpRequestFactory::new),
                Named.of("Jetty", JettyClientHttpRequestFactory::new),
                Named.of("Reactor Netty", ReactorClientHttpRequestFactory::new),
                Named.of("simple", SimpleClientHttpRequestFactory::new));
    }

    /**
     * Jackson stops reading at the end of the value: a body read to its end is whole, with a length or chunked (where
     * Spring's response reads the rest when closed; Jetty's does not, and nor do we).
     */
    @ParameterizedTest
    @MethodSource("factories")
    void aJsonBodyReadToItsEndIsWholeOnEveryRequestFactory(Supplier<ClientHttpRequestFactory> factory)
            throws Exception {
        ClientHttpRequestFactory f = factory.get();
        try {
            RestClient c = RestClient.builder().requestFactory(f).requestInterceptor(interceptor).build();
            for (String path : new String[] {"/account-chunked", "/account-length"}) {
                sink.clear();
                Map<?, ?> account = c.get().uri(backend.url(path)).retrieve().body(Map.class);
                assertEquals(42, account.get("balance"));
                LogRecord response = sink.awaitExchange().get(1);
                if (f instanceof JettyClientHttpRequestFactory && path.endsWith("chunked")) {
                    // Jetty's response aborts what is left unread when closed: the end was never seen, nor read
                    assertTrue(response.payload().endsWith("[DOCUMENT TRUNCATED: original size unknown]"),
                            response.payload());
                    continue;
                }
                assertFalse(response.truncated(), path + ": " + response.payload());
                assertEquals(31, response.originalSize(), path);
                assertEquals("{\"account\":\"DE-1\",\"balance\":42}", response.payload(), path);
            }
        } finally {
            if (f instanceof AutoCloseable closeable) {
                closeable.close();
            }
        }
    }

    @Test
    void passesAStreamedResponseOnLineByLine() throws Exception {
        String lines = client.get().uri(backend.url("/lines")).exchange((request, response) -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(response.getBody(),
                    StandardCharsets.UTF_8))) {
                String first = r.readLine(); // the server waits for the gate after it: a buffering tee hangs here
                backend.gate.countDown();
                return first + "|" + r.lines().collect(Collectors.joining("|"));
            }
        });
        assertEquals("first line|second line", lines);
        assertEquals("first line\nsecond line\n", sink.awaitExchange().get(1).payload());
    }

    @Test
    void keepsNoMoreThanTheLimitOfALargeResponse() throws Exception {
        String big = template.getForObject(backend.url("/big"), String.class);
        assertEquals(HttpBackend.BIG / 64 * 64, big.length());
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.truncated());
        assertTrue(response.payload().length() < LIMIT + 200, response.payload().length() + " chars");
    }

    @Test
    void logsAFailedCallAndLetsTheErrorGoOn() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        assertThrows(ResourceAccessException.class, () -> template.postForObject("http://127.0.0.1:" + closed
                + "/nothing", "{\"password\":\"pw-secret-3\"}", String.class));
        sink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), sink.types());
        assertFalse(sink.json().contains("pw-secret-3"));
    }

    @Test
    void readsAGzippedBodyForTheRecordAndLeavesTheCallerItsBytes() throws Exception {
        byte[] zipped = client.get().uri(backend.url("/gzip")).retrieve().body(byte[].class);
        assertEquals(0x1f, zipped[0] & 0xff); // still gzip for the caller
        LogRecord response = sink.awaitExchange().get(1);
        assertTrue(response.payload().contains("zipped"), response.payload());
        assertFalse(response.payload().contains("gz-secret-7"), response.payload());
    }

    @Test
    void logsAnErrorStatusTheTemplateThrowsFor() throws Exception {
        assertThrows(HttpClientErrorException.NotFound.class, () -> template.getForObject(backend.url("/missing"),
                String.class));
        assertEquals(404, sink.awaitExchange().get(1).responseCode());
    }

    @Test
    void logsSpringWsTemplateCallsOverAnInterceptedRequestFactory() throws Exception {
        WebServiceTemplate ws = new WebServiceTemplate();
        ws.setMessageSender(new ClientHttpRequestMessageSender(new InterceptingClientHttpRequestFactory(
                new SimpleClientHttpRequestFactory(), List.of(interceptor))));
        StringResult result = new StringResult();
        ws.sendSourceAndReceiveToResult(backend.url("/soap"), new StringSource(
                "<q:QuoteRequest xmlns:q=\"urn:quotes\"><q:symbol>XF</q:symbol><q:token>ws-secret-4</q:token>"
                        + "</q:QuoteRequest>"), result);
        assertTrue(result.toString().contains("42.00"), result.toString());
        List<LogRecord> records = sink.awaitExchange();
        assertTrue(records.get(0).payload().contains("QuoteRequest"), records.get(0).payload());
        assertTrue(records.get(1).payload().contains("42.00"), records.get(1).payload());
        assertFalse(sink.json().contains("ws-secret-4"));
        assertArrayEquals(new Object[] {MessageType.REQ_OUT, MessageType.RESP_IN}, sink.types().toArray());
    }

    /**
     * Boot builds the request factory over an HTTP client of the application's; when that client logs too (HttpClient
     * 5 with its exec handler, the JDK's client wrapped), each call is logged once, by the interceptor.
     */
    @Test
    void aCallThroughAnHttpClientThatLogsTooIsLoggedOnce() throws Exception {
        List<ClientHttpRequestFactory> loggingClients = List.of(
                new HttpComponentsClientHttpRequestFactory(org.apache.hc.client5.http.impl.classic.HttpClients
                        .custom().addExecInterceptorFirst(io.xmlformatter.httpclient5.XmlLoggingExecHandler.NAME,
                                new io.xmlformatter.httpclient5.XmlLoggingExecHandler(logger)).build()),
                new JdkClientHttpRequestFactory(io.xmlformatter.jdkhttp.XmlLoggingHttpClient.wrap(
                        java.net.http.HttpClient.newHttpClient(), logger)));
        for (ClientHttpRequestFactory f : loggingClients) {
            sink.clear();
            RestClient c = RestClient.builder().requestFactory(f).requestInterceptor(interceptor).build();
            assertEquals("{\"n\":1}", c.post().uri(backend.url("/echo")).contentType(MediaType.APPLICATION_JSON)
                    .body("{\"n\":1}").retrieve().body(String.class));
            List<LogRecord> records = sink.awaitExchange();
            assertEquals(List.of("spring-web", "spring-web"), records.stream().map(LogRecord::integration).toList(),
                    f.getClass().getSimpleName());
            assertEquals(2, sink.all().size(), sink::json);
        }
        sink.clear();
        java.net.http.HttpClient alone = io.xmlformatter.jdkhttp.XmlLoggingHttpClient.wrap(
                java.net.http.HttpClient.newHttpClient(), logger);
        alone.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(backend.url("/echo")))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals("jdk-http", sink.awaitExchange().get(0).integration(), "alone, the client logs its calls");
    }
}
