package io.xmlformatter.benchmarks;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.sink.Slf4jSink;
import io.xmlformatter.webflux.XmlLoggingExchangeFilter;
import io.xmlformatter.webflux.XmlLoggingWebFilter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.mock.http.client.reactive.MockClientHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeStrategies;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import org.zalando.logbook.Logbook;
import org.zalando.logbook.spring.webflux.LogbookExchangeFilterFunction;
import org.zalando.logbook.spring.webflux.LogbookWebFilter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What logging a WebFlux exchange costs, server and client: one POST of a JSON order list echoed back, in memory
 * (spring-test's reactive mock requests, no sockets, the same for every configuration), the body in 8 KiB buffers as
 * a server gets it. {@code none}: no filter; {@code logbook}: Zalando Logbook's {@code LogbookWebFilter} and
 * {@code LogbookExchangeFilterFunction} (JSON body filter masking {@code password}, its HTTP text format, its writer
 * at TRACE); {@code xf}: this project's {@code XmlLoggingWebFilter} and {@code XmlLoggingExchangeFilter} (limit
 * 48 KB, {@code password} masked by name, CXF's text layout). Both write into the same logback file appender (to
 * {@code /dev/null}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class WebFluxBenchmark {
    /** The logging. */
    @Param({"none", "logbook", "xf"})
    public String config;

    /** The body's size in KB. */
    @Param({"1", "6", "50", "500"})
    public int kb;

    private byte[] body;
    private HttpHandler server;
    private WebClient client;

    @Setup
    public void setUp() {
        body = ServletFilterBenchmark.orders(kb * 1024).getBytes(StandardCharsets.UTF_8);
        Logbook logbook = Logbooks.passwordFiltered();
        MessageLogger logger = MessageLogger.builder().limit(48 * 1024).sensitiveElementNames(List.of("password"))
                .sink(Slf4jSink.text()).build();
        List<WebFilter> filters = switch (config) {
            case "logbook" -> List.of(new LogbookWebFilter(logbook));
            case "xf" -> List.of(new XmlLoggingWebFilter(logger));
            default -> List.of();
        };
        server = WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(RouterFunctions.route()
                .POST("/api/orders", r -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .body(r.bodyToFlux(DataBuffer.class), DataBuffer.class)).build()))
                .filters(f -> f.addAll(filters)).build();
        List<ExchangeFilterFunction> clientFilters = switch (config) {
            case "logbook" -> List.of(new LogbookExchangeFilterFunction(logbook));
            case "xf" -> List.of(new XmlLoggingExchangeFilter(logger));
            default -> List.of();
        };
        ExchangeStrategies strategies = ExchangeStrategies.builder()
                .codecs(c -> c.defaultCodecs().maxInMemorySize(4 << 20)).build();
        client = WebClient.builder().exchangeStrategies(strategies).filters(f -> f.addAll(clientFilters))
                .exchangeFunction(request -> {
                    MockClientHttpRequest sent = new MockClientHttpRequest(request.method(), request.url());
                    return request.writeTo(sent, strategies).then(Mono.fromSupplier(() ->
                            ClientResponse.create(HttpStatus.OK, strategies).header("Content-Type",
                                    "application/json").body(sent.getBody()).build()));
                }).build();
    }

    /** The request body as a server gets it: 8 KiB buffers. */
    private Flux<DataBuffer> buffers() {
        return Flux.range(0, (body.length + 8191) / 8192).map(i -> DefaultDataBufferFactory.sharedInstance.wrap(
                java.nio.ByteBuffer.wrap(body, i * 8192, Math.min(8192, body.length - i * 8192))));
    }

    /** One server exchange: the request read, the response written (and its bytes counted). */
    @Benchmark
    public long server() {
        MockServerHttpResponse response = new MockServerHttpResponse();
        server.handle(MockServerHttpRequest.post("/api/orders").contentType(MediaType.APPLICATION_JSON)
                .contentLength(body.length).body(buffers()), response).block();
        return response.getBody().map(b -> {
            long n = b.readableByteCount();
            DataBufferUtils.release(b);
            return n;
        }).reduce(0L, Long::sum).block();
    }

    /** One client call: the request written, the response read whole. */
    @Benchmark
    public int client() {
        return client.post().uri("http://backend.example/api/orders").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body).retrieve().bodyToMono(byte[].class).block().length;
    }
}
