package io.xmlformatter.spring.boot.servlet;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Spring MVC application with Spring Security and CXF's starter, the starter added and properties set: the
 * filter logs the controllers' exchanges (a 401 from Spring Security too), CXF's servlet is left to the CXF
 * integration, nothing is logged twice; clients from Boot's RestClient.Builder and RestTemplateBuilder log theirs.
 */
class ServletApplicationTest {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext start(String... more) {
        return new SpringApplicationBuilder(Application.class).properties("server.address=127.0.0.1",
                "server.port=0", "spring.main.banner-mode=off", "xmlformatter.exchange.strategy=always")
                .properties(more).run();
    }

    private static URI uri(ConfigurableApplicationContext context, String path) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private String greet(ConfigurableApplicationContext context) throws Exception {
        return client.send(HttpRequest.newBuilder(uri(context, "/services/greeter"))
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofString("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/"
                        + "envelope/\"><s:Body><g:greet xmlns:g=\"urn:example:greeter\"><name>ann</name>"
                        + "</g:greet></s:Body></s:Envelope>")).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void logsControllersAndRefusedCallsOnceAndLeavesCxfToItsOwnIntegration() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            HttpResponse<String> order = client.send(HttpRequest.newBuilder(uri(context, "/api/orders"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            "{\"item\":\"book\",\"password\":\"mvc-secret-1\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(order.body()).contains("mvc-secret-1"); // the wire unchanged
            List<LogRecord> records = sink.await(2);
            assertThat(records).extracting(LogRecord::type).containsExactly(MessageType.REQ_IN, MessageType.RESP_OUT);
            assertThat(records).extracting(LogRecord::integration).containsOnly("servlet");
            assertThat(records.get(0).service()).isEqualTo("dispatcherServlet");
            assertThat(records.get(0).payload()).contains("book").doesNotContain("mvc-secret-1");
            assertThat(records.get(1).payload()).contains("book").doesNotContain("mvc-secret-1");
            sink.clear();

            HttpResponse<String> refused = client.send(HttpRequest.newBuilder(uri(context, "/api/secure/report"))
                    .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                            "mallory:basic-secret-2".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(401);
            records = sink.await(2);
            assertThat(records.get(1).responseCode()).as("Spring Security runs inside the filter").isEqualTo(401);
            assertThat(records.toString()).doesNotContain("basic-secret-2");
            assertThat(records.get(0).headers().get("Authorization")).doesNotContain("basic-secret-2");
            sink.clear();

            assertThat(greet(context)).contains("Hello ann");
            records = sink.await(2);
            assertThat(records).extracting(LogRecord::integration).as("CXF's records only").containsOnlyNulls();
            assertThat(records).hasSize(2);
        }
    }

    @Test
    void clientsFromBootsBuildersAreLoggedAndCarryTheCorrelationIdToTheServer() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            String base = uri(context, "").toString();
            RestClient client = context.getBean(RestClient.Builder.class).baseUrl(base).build();
            String reply = client.post().uri("/api/orders").contentType(MediaType.APPLICATION_JSON)
                    .body("{\"item\":\"pen\",\"password\":\"client-secret-3\"}").retrieve().body(String.class);
            assertThat(reply).contains("pen");
            List<LogRecord> records = sink.await(4);
            assertThat(records).extracting(LogRecord::type).containsExactlyInAnyOrder(MessageType.REQ_OUT,
                    MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.RESP_IN);
            assertThat(records).extracting(LogRecord::correlationId).as("the client's id reached the server")
                    .containsOnly(records.get(0).correlationId());
            assertThat(sink.only(MessageType.REQ_OUT).integration()).isEqualTo("spring-web");
            assertThat(records.toString()).doesNotContain("client-secret-3");
            sink.clear();

            RestTemplate template = context.getBean(RestTemplateBuilder.class).rootUri(base).build();
            assertThatThrownBy(() -> template.getForObject("/api/secure/report", String.class))
                    .isInstanceOf(HttpClientErrorException.Unauthorized.class);
            records = sink.await(4);
            assertThat(records).filteredOn(r -> r.type() == MessageType.RESP_IN).singleElement()
                    .satisfies(r -> assertThat(r.responseCode()).isEqualTo(401))
                    .satisfies(r -> assertThat(r.integration()).isEqualTo("spring-web"));
        }
    }

    @Test
    void bootsTracingCarriesOneTraceIdFromTheClientsRecordsToTheServers() throws Exception {
        try (ConfigurableApplicationContext context = start("management.tracing.sampling.probability=1.0")) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            RestClient client = context.getBean(RestClient.Builder.class).baseUrl(uri(context, "").toString())
                    .build();
            client.post().uri("/api/orders").contentType(MediaType.APPLICATION_JSON).body("{\"item\":\"ink\"}")
                    .retrieve().body(String.class);
            List<LogRecord> records = sink.await(4);
            String traceId = sink.only(MessageType.REQ_OUT).traceId();
            assertThat(traceId).as("the traceparent the client sent").matches("[0-9a-f]{32}");
            assertThat(records).extracting(LogRecord::traceId).containsOnly(traceId);
        }
    }

    /**
     * Issue 62: with Boot's tracing and {@code otel.span-attributes}, a RestClient call made while serving a request
     * put its bodies on the server's span. The server's span carries the server exchange's bodies; the call's go on a
     * CLIENT span of ours, in the same trace.
     */
    @Test
    void aClientCallsBodiesGoOnItsOwnSpanNotOnTheServersSpan() throws Exception {
        try (ConfigurableApplicationContext context = start("management.tracing.sampling.probability=1.0",
                "management.otlp.metrics.export.enabled=false", "xmlformatter.otel.span-attributes=true")) {
            HttpResponse<String> relayed = client.send(HttpRequest.newBuilder(uri(context, "/api/relay"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            "{\"item\":\"relay-request\"}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(relayed.body()).contains("backend-request");
            context.getBean(CollectingSink.class).await(6);
            context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
            List<SpanData> spans = context.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
            assertThat(spans).as("the relay's server span: its own bodies").anySatisfy(s -> {
                assertThat(s.getKind()).isEqualTo(SpanKind.SERVER);
                assertThat(body(s, "request")).isEqualTo("{\"item\":\"relay-request\"}");
                assertThat(body(s, "response")).contains("relayed");
            });
            SpanData call = spans.stream().filter(s -> s.getKind() == SpanKind.CLIENT
                    && "io.xmlformatter".equals(s.getInstrumentationScopeInfo().getName())).findFirst().orElseThrow();
            assertThat(body(call, "request")).isEqualTo("{\"item\":\"backend-request\"}");
            assertThat(body(call, "response")).as("the backend's reply (or the marker of a payload seen already)")
                    .isNotNull().doesNotContain("relayed");
            assertThat(spans).extracting(SpanData::getTraceId).containsOnly(call.getTraceId());
        }
    }

    private static String body(SpanData span, String direction) {
        return span.getAttributes().get(AttributeKey.stringKey("http." + direction + ".body.content"));
    }

    @Test
    void isOffWhenSwitchedOff() throws Exception {
        try (ConfigurableApplicationContext context = start("xmlformatter.servlet.enabled=false")) {
            assertThat(context.containsBean("xmlFormatterServletFilter")).isFalse();
            client.send(HttpRequest.newBuilder(uri(context, "/api/secure/report")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            greet(context);
            assertThat(context.getBean(CollectingSink.class).await(2)).as("the SOAP call's records come first")
                    .extracting(LogRecord::integration).containsOnlyNulls();
        }
    }

    /** The application: a controller, a secured path, a CXF endpoint, records collected. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        CollectingSink sink() {
            return new CollectingSink();
        }

        @Bean
        Orders orders() {
            return new Orders();
        }

        @Bean
        Relay relay(RestClient.Builder clients, Environment environment) {
            return new Relay(clients, environment);
        }

        @Bean
        InMemorySpanExporter spans() {
            return InMemorySpanExporter.create();
        }

        @Bean
        SecurityFilterChain security(HttpSecurity http) throws Exception {
            http.csrf(c -> c.disable())
                    .authorizeHttpRequests(a -> a.requestMatchers("/api/secure/**").authenticated()
                            .anyRequest().permitAll())
                    .httpBasic(Customizer.withDefaults());
            return http.build();
        }

        @Bean
        EndpointImpl greeterEndpoint(Bus bus) {
            EndpointImpl endpoint = new EndpointImpl(bus, new GreeterImpl());
            endpoint.publish("/greeter");
            return endpoint;
        }
    }

    /** A controller. */
    @RestController
    static class Orders {
        @PostMapping("/api/orders")
        Map<String, Object> order(@RequestBody Map<String, Object> order) {
            return Map.of("accepted", order);
        }

        @GetMapping("/api/secure/report")
        String report() {
            return "report";
        }
    }

    /** A controller that calls another (on this server) through a RestClient from Boot's builder. */
    @RestController
    static class Relay {
        private final RestClient.Builder clients;
        private final Environment environment;

        Relay(RestClient.Builder clients, Environment environment) {
            this.clients = clients;
            this.environment = environment;
        }

        @PostMapping("/api/relay")
        Map<String, Object> relay(@RequestBody Map<String, Object> request) {
            String backend = clients.baseUrl("http://127.0.0.1:" + environment.getProperty("local.server.port"))
                    .build().post().uri("/api/orders").contentType(MediaType.APPLICATION_JSON)
                    .body("{\"item\":\"backend-request\"}").retrieve().body(String.class);
            return Map.of("relayed", backend);
        }
    }

    /** The SOAP service. */
    @WebService(targetNamespace = "urn:example:greeter", name = "Greeter")
    public interface Greeter {
        /** Greets {@code name}. */
        String greet(@WebParam(name = "name") String name);
    }

    /** Its implementation. */
    @WebService(targetNamespace = "urn:example:greeter", serviceName = "GreeterService",
            endpointInterface = "io.xmlformatter.spring.boot.servlet.ServletApplicationTest$Greeter")
    public static class GreeterImpl implements Greeter {
        @Override
        public String greet(String name) {
            return "Hello " + name;
        }
    }
}
