package io.xmlformatter.benchmarks;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.sink.Slf4jSink;
import io.xmlformatter.springweb.XmlLoggingInterceptor;
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
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.mock.http.client.MockClientHttpRequest;
import org.springframework.mock.http.client.MockClientHttpResponse;
import org.springframework.web.client.RestClient;
import org.zalando.logbook.spring.LogbookClientHttpRequestInterceptor;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a client interceptor that logs a call costs: one {@code RestClient} POST of a JSON order list, answered with
 * the same bytes by spring-test's in-memory client request (no sockets, the same for every configuration).
 * {@code none}: no interceptor; {@code logbook}: Zalando Logbook's {@code LogbookClientHttpRequestInterceptor}
 * (JSON body filter masking {@code password}, its HTTP text format, its writer at TRACE); {@code xf}: this project's
 * {@code XmlLoggingInterceptor} (limit 48 KB, {@code password} masked by name, CXF's text layout). Both write into
 * the same logback file appender (to {@code /dev/null}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class ClientInterceptorBenchmark {
    /** The interceptor. */
    @Param({"none", "logbook", "xf"})
    public String config;

    /** The body's size in KB. */
    @Param({"1", "50"})
    public int kb;

    private RestClient client;
    private byte[] body;

    @Setup
    public void setUp() {
        body = ServletFilterBenchmark.orders(kb * 1024).getBytes(StandardCharsets.UTF_8);
        ClientHttpRequestFactory echo = (uri, method) -> new MockClientHttpRequest(method, uri) {
            @Override
            protected org.springframework.http.client.ClientHttpResponse executeInternal() {
                MockClientHttpResponse response = new MockClientHttpResponse(getBodyAsBytes(), HttpStatus.OK);
                response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
                return response;
            }
        };
        List<ClientHttpRequestInterceptor> interceptors = switch (config) {
            case "logbook" -> List.of(new LogbookClientHttpRequestInterceptor(Logbooks.passwordFiltered()));
            case "xf" -> List.of(new XmlLoggingInterceptor(MessageLogger.builder().limit(48 * 1024)
                    .sensitiveElementNames(List.of("password")).sink(Slf4jSink.text()).build()));
            default -> List.of();
        };
        client = RestClient.builder().requestFactory(echo).requestInterceptors(l -> l.addAll(interceptors)).build();
    }

    /** One call: the request written, the response read whole. */
    @Benchmark
    public int call() {
        return client.post().uri("http://backend.example/api/orders").contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().body(byte[].class).length;
    }
}
