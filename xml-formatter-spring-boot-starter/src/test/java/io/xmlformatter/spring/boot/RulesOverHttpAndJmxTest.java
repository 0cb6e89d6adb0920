package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Changing what is logged in a running Boot application: the actuator endpoint over HTTP on 127.0.0.1 (a wrong rule
 * answered 400 with what is wrong), and the logger on JMX when the application turns JMX on.
 */
class RulesOverHttpAndJmxTest {
    private static final String[] PROPERTIES = {"server.address=127.0.0.1", "server.port=0",
        "spring.main.banner-mode=off", "spring.application.name=shop", "xmlformatter.cxf.enabled=false",
        "xmlformatter.jersey.enabled=false", "management.endpoints.web.exposure.include=xmlformatter"};

    private static HttpResponse<String> post(ConfigurableApplicationContext context, String match, String options,
            String lasting) throws Exception {
        String json = "{\"match\":\"" + match + "\",\"options\":\"" + options + "\",\"lasting\":\"" + lasting + "\"}";
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + context.getEnvironment().getProperty("local.server.port") + "/actuator/xmlformatter"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aWrongRuleIsAnswered400WithWhatIsWrongAndARightOneIsAdded() throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.SERVLET).properties(PROPERTIES).run()) {
            HttpResponse<String> option = post(context, "operation=pay", "exchange.strategie=always", "10m");
            assertThat(option.statusCode()).as(option.body()).isEqualTo(400);
            assertThat(option.body()).contains("exchange.strategie").contains("exchange.strategy");
            HttpResponse<String> key = post(context, "operaton=pay", "exchange.strategy=always", "10m");
            assertThat(key.statusCode()).as(key.body()).isEqualTo(400);
            assertThat(key.body()).contains("operaton");
            HttpResponse<String> lasting = post(context, "operation=pay", "exchange.strategy=always", "2d");
            assertThat(lasting.statusCode()).as(lasting.body()).isEqualTo(400);
            assertThat(lasting.body()).contains("at most");
            HttpResponse<String> path = post(context, "path=/pay(", "exchange.strategy=always", "10m");
            assertThat(path.statusCode()).as(path.body()).isEqualTo(400);
            HttpResponse<String> ok = post(context, "operation=pay", "exchange.strategy=always", "10m");
            assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
            assertThat(context.getBean(MessageLogger.class).liveRules()).hasSize(1);
        }
    }

    @Test
    void withJmxOnTheLoggerIsAnMBeanNamedForTheApplication() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("io.xmlformatter:type=MessageLogger,name=\"shop\"");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).properties(PROPERTIES).run()) {
            assertThat(server.isRegistered(name)).as("JMX is off by default").isFalse();
        }
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).properties(PROPERTIES).properties("spring.jmx.enabled=true").run()) {
            assertThat(server.isRegistered(name)).isTrue();
            server.invoke(name, "addRule", new Object[] {"operation=pay", "exchange.strategy=always", "10m"},
                    new String[] {String.class.getName(), String.class.getName(), String.class.getName()});
            assertThat(context.getBean(MessageLogger.class).liveRules()).hasSize(1);
        }
        assertThat(server.isRegistered(name)).as("unregistered with the context").isFalse();
    }

    /** The application: nothing about logging but where records go. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        CollectingSink sink() {
            return new CollectingSink();
        }
    }
}
