package io.xmlformatter.spring.boot.springws;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.webservices.client.WebServiceTemplateBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Boot application with Spring Web Services' starter on Tomcat (127.0.0.1, a free port): an endpoint and a
 * template from Boot's builder, the starter added and nothing configured: both ends are logged, masked, correlated.
 */
class SpringWsApplicationTest {
    private static final String REQUEST = "<q:QuoteRequest xmlns:q='urn:xf:quotes'><q:symbol>XF</q:symbol>"
            + "<q:password>quote-secret-7</q:password></q:QuoteRequest>";

    static ConfigurableApplicationContext start(String... more) {
        return new SpringApplicationBuilder(Application.class).properties("server.address=127.0.0.1",
                "server.port=0", "spring.main.banner-mode=off", "spring.webservices.path=/ws").properties(more).run();
    }

    static String call(ConfigurableApplicationContext context) {
        WebServiceTemplate template = context.getBean(WebServiceTemplateBuilder.class).build();
        StringResult result = new StringResult();
        template.sendSourceAndReceiveToResult("http://127.0.0.1:" + context.getEnvironment()
                .getProperty("local.server.port") + "/ws/quotes", new StringSource(REQUEST), result);
        return result.toString();
    }

    @Test
    void theEndpointAndATemplateFromBootsBuilderAreLoggedMaskedAndCorrelated() throws Exception {
        try (ConfigurableApplicationContext context = start()) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            assertThat(call(context)).contains("42.0");
            List<LogRecord> records = sink.await(4);
            assertThat(records).extracting(LogRecord::type).containsExactlyInAnyOrder(MessageType.REQ_OUT,
                    MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.RESP_IN);
            assertThat(records).extracting(LogRecord::correlationId).containsOnly(records.get(0).correlationId());
            assertThat(sink.only(MessageType.REQ_OUT).payload()).contains("<q:password>[*****]</q:password>")
                    .doesNotContain("quote-secret-7");
            assertThat(sink.only(MessageType.REQ_IN).payload()).doesNotContain("quote-secret-7");
            assertThat(sink.only(MessageType.REQ_IN).operation()).isEqualTo("QuoteRequest");
            assertThat(sink.only(MessageType.REQ_IN).service()).isEqualTo("Quotes");
            assertThat(records).extracting(LogRecord::integration).as("io.xmlformatter.spring-ws.* loggers")
                    .containsOnly("spring-ws");
            assertThat(sink.only(MessageType.REQ_OUT).service()).isEqualTo("127.0.0.1");
            assertThat(sink.only(MessageType.RESP_IN).responseCode()).isEqualTo(200);
            assertThat(sink.only(MessageType.RESP_IN).contentType()).startsWith("text/xml");
            assertThat(List.of(sink.only(MessageType.RESP_OUT).payload(), sink.only(MessageType.RESP_IN).payload()))
                    .as("the response: whichever side is written first (the other marks it a duplicate)")
                    .anySatisfy(p -> assertThat(p).contains("42.0"));
        }
    }

    @Test
    void switchedOffNothingIsLogged() throws Exception {
        try (ConfigurableApplicationContext context = start("xmlformatter.spring-ws.enabled=false")) {
            assertThat(call(context)).contains("42.0");
            assertThat(context.getBean(CollectingSink.class).all()).isEmpty();
        }
    }

    /** The application: one endpoint, nothing about logging but where records go (a test's sink). */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        Quotes quotes() {
            return new Quotes();
        }

        @Bean
        CollectingSink records() {
            return new CollectingSink();
        }
    }
}
