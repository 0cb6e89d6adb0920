package io.xmlformatter.benchmarks;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.servlet.XmlLoggingFilter;
import io.xmlformatter.sink.Slf4jSink;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
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
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.zalando.logbook.servlet.LogbookFilter;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a servlet filter that logs an exchange costs: one POST through the filter to an application that reads the
 * whole body and writes it back, on spring-test's in-memory servlet request and response (no sockets, the same for
 * every configuration). {@code none}: no filter; {@code logbook}: Zalando Logbook's {@code LogbookFilter} with its
 * JSON body filter masking {@code password} (beside its defaults), its HTTP text format, its writer at TRACE;
 * {@code xf}: this project's {@code XmlLoggingFilter} (limit 48 KB, the WS-Security preset, {@code password} masked
 * as a name), records in CXF's text layout. Both write into the same logback file appender (to {@code /dev/null}).
 * Bodies: {@code json}, an order list; {@code soap}, {@link SoapPayloads}' envelopes; 1, 6 and 50 KB.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class ServletFilterBenchmark {
    /** The filter. */
    @Param({"none", "logbook", "xf"})
    public String config;

    /** The body's kind. */
    @Param({"json", "soap"})
    public String body;

    /** The body's size in KB. */
    @Param({"1", "6", "50"})
    public int kb;

    private Filter filter;
    private byte[] content;
    private String type;
    private final FilterChain echo = (request, response) -> {
        byte[] read = request.getInputStream().readAllBytes();
        response.setContentType(request.getContentType());
        response.getOutputStream().write(read);
    };

    @Setup
    public void setUp() {
        type = "json".equals(body) ? "application/json" : "text/xml; charset=utf-8";
        content = ("json".equals(body) ? orders(kb * 1024) : SoapPayloads.compact(kb * 1024))
                .getBytes(StandardCharsets.UTF_8);
        filter = switch (config) {
            case "logbook" -> new LogbookFilter(Logbooks.passwordFiltered());
            case "xf" -> new XmlLoggingFilter(MessageLogger.builder().limit(48 * 1024).wsSecurity(true)
                    .sensitiveElementNames(List.of("password")).sink(Slf4jSink.text()).build());
            default -> null;
        };
    }

    /** One exchange through the filter (or straight to the application). */
    @Benchmark
    public int exchange() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/orders");
        request.setContentType(type);
        request.setContent(content);
        MockHttpServletResponse response = new MockHttpServletResponse();
        if (filter == null) {
            echo.doFilter(request, response);
        } else {
            filter.doFilter(request, response, echo);
        }
        return response.getContentLength();
    }

    /** A JSON order list of at least {@code bytes} bytes: a customer with a password, then items. */
    static String orders(int bytes) {
        StringBuilder json = new StringBuilder(bytes + 256).append("{\"customer\":{\"id\":\"C-20931\",\"name\":")
                .append("\"Ann Example\",\"email\":\"ann@example.org\",\"password\":\"s3cr3t-P@ssw0rd\"},\"items\":[");
        for (int i = 0; json.length() < bytes; i++) {
            json.append(i == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(10_000 + i)
                    .append("\",\"qty\":").append(1 + i % 5).append(",\"price\":\"").append(12 + i % 90)
                    .append(".50\",\"note\":\"gift wrap, deliver after 18:00 \\u00e9t\\u00e9\",")
                    .append("\"tags\":[\"a\",\"b\"]}");
        }
        return json.append("]}").toString();
    }
}
