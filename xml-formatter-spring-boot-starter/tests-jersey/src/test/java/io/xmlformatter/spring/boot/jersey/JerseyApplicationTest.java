package io.xmlformatter.spring.boot.jersey;

import io.xmlformatter.jaxrs.XmlLoggingFeature;
import io.xmlformatter.spring.boot.XmlFormatterCustomizer;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.MovingClock;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Boot application with Jersey's starter on 127.0.0.1, the xml-formatter starter added and only
 * properties set: the server feature is on Jersey's ResourceConfig, and the feature bean logs a JAX-RS client.
 */
class JerseyApplicationTest {
    private static final String PAYMENT = "<payment><amount>10</amount><card>4111111111111111</card></payment>";

    @Test
    void serverAndClientAreLoggedMaskedAndCorrelated() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            assertThat(pay(context)).isEqualTo("<confirmation><card>4111111111111111</card></confirmation>");

            List<LogRecord> records = sink.await(4);
            assertThat(records).extracting(LogRecord::type).containsExactlyInAnyOrder(MessageType.REQ_OUT,
                    MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.RESP_IN);
            assertThat(records).extracting(LogRecord::correlationId).containsOnly(records.get(0).correlationId());
            LogRecord sent = sink.only(MessageType.REQ_OUT);
            assertThat(sent.payload()).isEqualTo("<payment><amount>10</amount><card>[*****]</card></payment>");
            assertThat(sink.only(MessageType.REQ_IN).payload())
                    .as("the same bytes in one correlation id are logged once: the starter's default")
                    .isEqualTo("[SAME PAYLOAD AS REQ_OUT " + sent.exchangeId() + "]");
            assertThat(sink.only(MessageType.RESP_OUT).payload())
                    .isEqualTo("<confirmation><card>[*****]</card></confirmation>");
            assertThat(sink.only(MessageType.REQ_IN).address()).endsWith("/payments");
        }
    }

    @Test
    void withJerseySwitchedOffOnlyTheClientIsLogged() throws Exception {
        try (ConfigurableApplicationContext context = start("xmlformatter.jersey.enabled=false")) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            pay(context);
            pay(context);
            assertThat(sink.await(4)).extracting(LogRecord::type).containsOnly(MessageType.REQ_OUT,
                    MessageType.RESP_IN);
        }
    }

    /**
     * Issue 46: a rule added over HTTP on the running service (the actuator endpoint) changes what the next exchange
     * logs, and ends when it expires (the application's clock moved on; no waiting).
     */
    @Test
    void aRuleAddedOverHttpChangesTheNextExchangesUntilItExpires() throws Exception {
        try (ConfigurableApplicationContext context = start("xmlformatter.exchange.strategy=without-body",
                "management.endpoints.web.exposure.include=xmlformatter", "xmlformatter.rules[0].path=/actuator/.*",
                "xmlformatter.rules[0].exclude=true")) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            pay(context);
            assertThat(sink.await(4)).extracting(LogRecord::payload).containsOnlyNulls();
            sink.clear();

            HttpResponse<String> added = actuator(context, "POST", "{\"match\": \"operation=pay\", \"options\":"
                    + " \"exchange.strategy=always\", \"lasting\": \"10m\"}");
            assertThat(added.statusCode()).isEqualTo(200);
            assertThat(added.body()).contains("\"id\":\"rule-1\"").contains("\"exchange.strategy\":\"always\"");
            pay(context);
            sink.await(4);
            assertThat(sink.only(MessageType.REQ_IN).payload())
                    .isEqualTo("<payment><amount>10</amount><card>[*****]</card></payment>");
            assertThat(sink.only(MessageType.REQ_OUT).payload()).as("the client's operation is not pay").isNull();
            assertThat(actuator(context, "GET", null).body()).contains("\"id\":\"rule-1\"");
            sink.clear();

            context.getBean(MovingClock.class).advance(Duration.ofMinutes(10));
            pay(context);
            assertThat(sink.await(4)).extracting(LogRecord::payload).containsOnlyNulls();
            assertThat(actuator(context, "GET", null).body()).contains("\"rules\":[]");
            assertThat(actuator(context, "DELETE", null, "/rule-1").body()).contains("\"removed\":false");
        }
    }

    /**
     * Issue 62: a rule that would switch masking off is refused over HTTP with a 400 (the message, naming the option,
     * is Boot's to show), and the next exchange is masked as before.
     */
    @Test
    void aRuleThatWouldMaskLessIsRefusedWithA400() throws Exception {
        try (ConfigurableApplicationContext context = start("management.endpoints.web.exposure.include=xmlformatter",
                "xmlformatter.rules[0].path=/actuator/.*", "xmlformatter.rules[0].exclude=true")) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            for (String unmask : new String[] {"masking.ws-security=false", "masking.common-names=false"}) {
                HttpResponse<String> refused = actuator(context, "POST", "{\"match\": \"operation=pay\", \"options\":"
                        + " \"" + unmask + "\", \"lasting\": \"10m\"}");
                assertThat(refused.statusCode()).as(unmask).isEqualTo(400);
            }
            assertThat(actuator(context, "GET", null).body()).contains("\"rules\":[]");
            pay(context);
            sink.await(4);
            assertThat(sink.only(MessageType.REQ_OUT).payload()).as("the client's record (the server's: the same)")
                    .isEqualTo("<payment><amount>10</amount><card>[*****]</card></payment>");
        }
    }

    private static HttpResponse<String> actuator(ConfigurableApplicationContext context, String method, String json,
            String... path) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + context.getEnvironment()
                .getProperty("local.server.port") + "/actuator/xmlformatter" + String.join("", path)));
        r.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            r.header("Content-Type", "application/json");
        }
        return HttpClient.newHttpClient().send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String pay(ConfigurableApplicationContext context) {
        Client client = ClientBuilder.newClient().register(context.getBean(XmlLoggingFeature.class));
        try {
            return client.target("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"))
                    .path("payments").request("application/xml").post(Entity.entity(PAYMENT, "application/xml"),
                            String.class);
        } finally {
            client.close();
        }
    }

    private static ConfigurableApplicationContext start(String... more) {
        return new SpringApplicationBuilder(Application.class).properties("server.address=127.0.0.1",
                "server.port=0", "spring.main.banner-mode=off", "xmlformatter.masking.element-names=card")
                .properties(more).run();
    }

    /** The application: a Jersey resource, nothing about logging but a sink that collects the records. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        ResourceConfig jersey() {
            return new ResourceConfig(Payments.class);
        }

        @Bean
        CollectingSink records() {
            return new CollectingSink();
        }

        @Bean
        MovingClock clock() {
            return new MovingClock();
        }

        /** The logger's rules expire by the test's clock. */
        @Bean
        XmlFormatterCustomizer testClock(MovingClock clock) {
            return b -> b.clock(clock);
        }
    }
}
