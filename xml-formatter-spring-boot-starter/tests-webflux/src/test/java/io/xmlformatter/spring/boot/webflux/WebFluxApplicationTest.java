package io.xmlformatter.spring.boot.webflux;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.webflux.XmlLoggingExchangeFilter;
import io.xmlformatter.webflux.XmlLoggingWebFilter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reactive Boot application on Reactor Netty with the starter: the WebFilter logs the controllers' exchanges, a
 * WebClient from Boot's builder logs its calls, and a call a handler makes carries the handler's correlation id.
 */
class WebFluxApplicationTest {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext start(String... more) {
        return new SpringApplicationBuilder(Application.class).properties("server.address=127.0.0.1",
                "server.port=0", "spring.main.banner-mode=off").properties(more).run();
    }

    private static URI uri(ConfigurableApplicationContext context, String path) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> post(ConfigurableApplicationContext context, String path, String json)
            throws Exception {
        return client.send(HttpRequest.newBuilder(uri(context, path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void logsTheServerAndTheCallsItsHandlersMakeWithOneCorrelationId() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            assertThat(context.getBeansOfType(XmlLoggingWebFilter.class)).hasSize(1);
            HttpResponse<String> reply = post(context, "/api/relay", "{\"item\":\"book\",\"password\":\"wf-secret-1\"}");
            assertThat(reply.statusCode()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo("{\"item\":\"book\",\"password\":\"wf-secret-1\"}");
            CollectingSink sink = context.getBean(CollectingSink.class);
            List<LogRecord> records = sink.await(6);
            assertThat(records).extracting(LogRecord::integration).containsOnly("webflux");
            assertThat(records).extracting(LogRecord::type).containsExactlyInAnyOrder(MessageType.REQ_IN,
                    MessageType.REQ_OUT, MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.RESP_IN,
                    MessageType.RESP_OUT);
            assertThat(records).extracting(LogRecord::correlationId).containsOnly(records.get(0).correlationId());
            assertThat(sink.json()).contains("book").doesNotContain("wf-secret-1");
        }
    }

    @Test
    void isOffWhenSwitchedOff() throws Exception {
        try (ConfigurableApplicationContext context = start("xmlformatter.webflux.enabled=false",
                "xmlformatter.clients.enabled=false")) {
            assertThat(context.getBeansOfType(XmlLoggingWebFilter.class)).isEmpty();
            assertThat(context.getBeansOfType(XmlLoggingExchangeFilter.class)).isEmpty();
            assertThat(post(context, "/api/relay", "{\"item\":\"book\"}").statusCode()).isEqualTo(200);
            assertThat(context.getBean(CollectingSink.class).all()).isEmpty();
        }
    }

    @Test
    void aMisspeltPropertyStopsStartup() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> start("xmlformatter.webflux.enable=false"))
                .hasStackTraceContaining("unknown property xmlformatter.webflux.enable");
    }

    /** The application: a controller that echoes, and one that relays to it through Boot's WebClient.Builder. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        CollectingSink sink() {
            return new CollectingSink();
        }

        @Bean
        Api api(WebClient.Builder clients, Environment environment) {
            return new Api(clients.build(), environment);
        }
    }

    /** Echo, and a relay to echo. */
    @RestController
    static class Api {
        private final WebClient client;
        private final Environment environment;

        Api(WebClient client, Environment environment) {
            this.client = client;
            this.environment = environment;
        }

        @PostMapping(path = "/api/echo", produces = MediaType.APPLICATION_JSON_VALUE)
        Mono<String> echo(@RequestBody String body) {
            return Mono.just(body);
        }

        @PostMapping(path = "/api/relay", produces = MediaType.APPLICATION_JSON_VALUE)
        Mono<String> relay(@RequestBody String body) {
            return client.post().uri("http://127.0.0.1:" + environment.getProperty("local.server.port")
                    + "/api/echo").contentType(MediaType.APPLICATION_JSON).bodyValue(body).retrieve()
                    .bodyToMono(String.class);
        }
    }
}
