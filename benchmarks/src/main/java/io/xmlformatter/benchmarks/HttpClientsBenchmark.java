package io.xmlformatter.benchmarks;

import io.xmlformatter.httpclient5.XmlLoggingExecHandler;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.okhttp.XmlLoggingInterceptor;
import io.xmlformatter.sink.Slf4jSink;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.zalando.logbook.Logbook;
import org.zalando.logbook.httpclient5.LogbookHttpExecHandler;
import org.zalando.logbook.okhttp.LogbookInterceptor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What logging an OkHttp or Apache HttpClient 5 call costs: one POST of a JSON order list, answered with the same
 * bytes in memory (an interceptor at the chain's end stands for the server: no sockets, the same for every
 * configuration). {@code none}: no logging; {@code logbook}: Zalando Logbook's OkHttp interceptor or HttpClient 5
 * exec handler (JSON body filter masking {@code password}, its HTTP text format, its writer at
 * TRACE); {@code xf}: this project's interceptor or exec handler (limit 48 KB, {@code password} masked by name,
 * CXF's text layout). Both write into the same logback file appender (to {@code /dev/null}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class HttpClientsBenchmark {
    /** The logging. */
    @Param({"none", "logbook", "xf"})
    public String config;

    /** The body's size in KB. */
    @Param({"1", "50", "500"})
    public int kb;

    private byte[] body;
    private OkHttpClient okhttp;
    private CloseableHttpClient httpclient5;

    @Setup
    public void setUp() {
        body = ServletFilterBenchmark.orders(kb * 1024).getBytes(StandardCharsets.UTF_8);
        Logbook logbook = Logbooks.passwordFiltered();
        MessageLogger logger = MessageLogger.builder().limit(48 * 1024).sensitiveElementNames(List.of("password"))
                .sink(Slf4jSink.text()).build();
        OkHttpClient.Builder ok = new OkHttpClient.Builder();
        HttpClientBuilder hc = HttpClients.custom();
        switch (config) {
            case "logbook" -> {
                ok.addInterceptor(new LogbookInterceptor(logbook));
                hc.addExecInterceptorFirst("logbook", new LogbookHttpExecHandler(logbook));
            }
            case "xf" -> {
                ok.addInterceptor(new XmlLoggingInterceptor(logger));
                hc.addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingExecHandler(logger));
            }
            default -> { }
        }
        okhttp = ok.addInterceptor(chain -> {
            okio.Buffer sent = new okio.Buffer();
            chain.request().body().writeTo(sent);
            return new Response.Builder().request(chain.request()).protocol(Protocol.HTTP_1_1).code(200)
                    .message("OK").body(ResponseBody.create(sent.readByteArray(),
                            MediaType.get("application/json"))).build();
        }).build();
        httpclient5 = hc.addExecInterceptorBefore(ChainElement.CONNECT.name(), "echo", (request, scope, chain) -> {
            ByteArrayOutputStream sent = new ByteArrayOutputStream();
            request.getEntity().writeTo(sent);
            BasicClassicHttpResponse response = new BasicClassicHttpResponse(200, "OK");
            response.setEntity(new ByteArrayEntity(sent.toByteArray(), ContentType.APPLICATION_JSON));
            return response;
        }).build();
    }

    @TearDown
    public void tearDown() throws IOException {
        httpclient5.close();
    }

    /** One OkHttp call: the request written, the response read whole. */
    @Benchmark
    public int okhttp() throws IOException {
        try (Response response = okhttp.newCall(new Request.Builder().url("http://backend.example/api/orders")
                .post(RequestBody.create(body, MediaType.get("application/json"))).build()).execute()) {
            return response.body().bytes().length;
        }
    }

    /** One HttpClient 5 call: the request written, the response read whole. */
    @Benchmark
    public int httpclient5() throws IOException {
        HttpPost post = new HttpPost("http://backend.example/api/orders");
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        return httpclient5.execute(post, response -> EntityUtils.toByteArray(response.getEntity()).length);
    }
}
