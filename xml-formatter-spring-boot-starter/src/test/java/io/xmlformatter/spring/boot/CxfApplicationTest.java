package io.xmlformatter.spring.boot;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Boot application with CXF's starter on Tomcat (127.0.0.1, a free port), a JAX-WS endpoint and client
 * and a CXF JAX-RS endpoint on CXF's bus, the starter added and only properties set: every exchange is logged.
 */
class CxfApplicationTest {
    private static final String[] PROPERTIES = {"server.address=127.0.0.1", "server.port=0",
        "spring.main.banner-mode=off",
        "xmlformatter.masking.element-names=password,pin", "xmlformatter.rules[0].operation=ping",
        "xmlformatter.rules[0].exclude=true"};

    @Test
    void soapServerAndClientOnTheBusAreLoggedMaskedAndCorrelated() throws Exception {
        try (ConfigurableApplicationContext context = start(WithCollectingSink.class)) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            Greeter greeter = client(context);
            assertThat(greeter.greet("ann", "s3cret-pw")).isEqualTo("Hello ann");

            List<LogRecord> records = sink.await(4);
            assertThat(records).extracting(LogRecord::type).containsExactlyInAnyOrder(MessageType.REQ_OUT,
                    MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.RESP_IN);
            assertThat(records).extracting(LogRecord::correlationId).containsOnly(records.get(0).correlationId());
            LogRecord sent = sink.only(MessageType.REQ_OUT);
            assertThat(sent.payload()).contains("<password>[*****]</password>").doesNotContain("s3cret-pw");
            assertThat(sink.only(MessageType.REQ_IN).payload())
                    .as("the same bytes in one correlation id are logged once: the starter's default")
                    .isEqualTo("[SAME PAYLOAD AS REQ_OUT " + sent.messageId() + "]");
            assertThat(sink.only(MessageType.RESP_OUT).payload()).contains("Hello ann");
        }
    }

    @Test
    void bootsTracingGivesTheServersRecordsTheirTraceId() throws Exception {
        try (ConfigurableApplicationContext context = start(WithCollectingSink.class,
                "management.tracing.sampling.probability=1.0")) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            client(context).greet("ann", "pw");
            sink.await(4);
            String traceId = sink.only(MessageType.REQ_IN).traceId();
            assertThat(traceId).matches("[0-9a-f]{32}");
            assertThat(sink.only(MessageType.RESP_OUT).traceId()).isEqualTo(traceId);
            assertThat(sink.only(MessageType.REQ_OUT).traceId()).as("the client runs outside any span").isNull();
        }
    }

    @Test
    void anOperationLeftOutByARuleIsNotLogged() throws Exception {
        try (ConfigurableApplicationContext context = start(WithCollectingSink.class)) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            Greeter greeter = client(context);
            assertThat(greeter.ping("x")).isEqualTo("pong");
            assertThat(greeter.greet("bob", "pw")).isEqualTo("Hello bob");
            assertThat(sink.await(4)).extracting(LogRecord::operation).doesNotContain("ping");
        }
    }

    @Test
    void aCxfRestEndpointOnTheBusIsLoggedOnce() throws Exception {
        try (ConfigurableApplicationContext context = start(WithCollectingSink.class)) {
            CollectingSink sink = context.getBean(CollectingSink.class);
            HttpResponse<String> response = get(context, "/services/rest/accounts/7");
            assertThat(response.body()).contains("<pin>8642</pin>");

            List<LogRecord> records = sink.await(2);
            assertThat(records).extracting(LogRecord::type)
                    .containsExactlyInAnyOrder(MessageType.REQ_IN, MessageType.RESP_OUT);
            assertThat(sink.only(MessageType.RESP_OUT).payload()).isEqualTo(
                    "<account><id>7</id><pin>[*****]</pin></account>");
            assertThat(sink.only(MessageType.REQ_IN).address()).endsWith("/services/rest/accounts/7");
        }
    }

    @Test
    void anEndpointWithAFeatureOfItsOwnKeepsIt() throws Exception {
        try (ConfigurableApplicationContext context = start(WithOwnFeature.class)) {
            CollectingSink starters = context.getBean(CollectingSink.class);
            CollectingSink own = context.getBean(WithOwnFeature.class).own;
            assertThat(client(context, "/services/own").greet("ann", "pw")).isEqualTo("Hello ann");
            assertThat(own.await(2)).extracting(LogRecord::type)
                    .containsExactlyInAnyOrder(MessageType.REQ_IN, MessageType.RESP_OUT);
            assertThat(own.only(MessageType.REQ_IN).payload()).contains("<name>[*****]</name>")
                    .as("its own masking");
            // the client is the starter's: its two records, and none of the server's
            assertThat(starters.await(2)).extracting(LogRecord::type)
                    .containsExactlyInAnyOrder(MessageType.REQ_OUT, MessageType.RESP_IN);
        }
    }

    @Test
    void byDefaultRecordsGoToSlf4jInCxfsLayoutUnderCxfsLoggerNames() throws Exception {
        try (ConfigurableApplicationContext context = start(Application.class)) {
            Logger records = (Logger) LoggerFactory.getLogger("org.apache.cxf.services");
            ListAppender<ILoggingEvent> appender = new ListAppender<>();
            appender.start();
            records.addAppender(appender);
            try {
                assertThat(client(context).greet("ann", "s3cret-pw")).isEqualTo("Hello ann");
                assertThat(get(context, "/services/rest/accounts/7").statusCode()).isEqualTo(200);
            } finally {
                records.detachAppender(appender);
            }
            String log = appender.list.stream().map(e -> e.getLoggerName() + " " + e.getFormattedMessage())
                    .collect(Collectors.joining("\n"));
            assertThat(log).contains("org.apache.cxf.services.Greeter.REQ_IN")
                    .contains("Payload: <soap:Envelope").contains("<password>[*****]</password>")
                    .contains("<pin>[*****]</pin>").doesNotContain("s3cret-pw").doesNotContain("8642");
        }
    }

    static ConfigurableApplicationContext start(Class<?> application, String... more) {
        return new SpringApplicationBuilder(application).properties(PROPERTIES).properties(more).run();
    }

    static Greeter client(ConfigurableApplicationContext context) {
        return client(context, "/services/greeter");
    }

    static Greeter client(ConfigurableApplicationContext context, String path) {
        JaxWsProxyFactoryBean f = new JaxWsProxyFactoryBean();
        f.setBus(context.getBean(Bus.class));
        f.setServiceClass(Greeter.class);
        f.setAddress(base(context) + path);
        return (Greeter) f.create();
    }

    static HttpResponse<String> get(ConfigurableApplicationContext context, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base(context) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String base(ConfigurableApplicationContext context) {
        return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
    }

    /** The application: a SOAP and a REST endpoint on CXF's bus, nothing about logging. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        EndpointImpl greeterEndpoint(Bus bus) {
            EndpointImpl endpoint = new EndpointImpl(bus, new GreeterImpl());
            endpoint.publish("/greeter");
            return endpoint;
        }

        @Bean
        Server accountsEndpoint(Bus bus) {
            JAXRSServerFactoryBean f = new JAXRSServerFactoryBean();
            f.setBus(bus);
            f.setAddress("/rest");
            f.setServiceBean(new Accounts());
            return f.create();
        }
    }

    /** The application, its records collected (a sink bean of its own replaces the SLF4J sink). */
    @Configuration(proxyBeanMethods = false)
    static class WithCollectingSink extends Application {
        @Bean
        CollectingSink records() {
            return new CollectingSink();
        }
    }

    /** The application, and a second endpoint with an {@code XmlLoggingFeature} of its own. */
    @Configuration(proxyBeanMethods = false)
    static class WithOwnFeature extends WithCollectingSink {
        /** The endpoint's own sink (not a bean: the application's one sink bean is the starter's). */
        final CollectingSink own = new CollectingSink();

        @Bean
        EndpointImpl ownEndpoint(Bus bus) {
            XmlLoggingFeature feature = new XmlLoggingFeature();
            feature.setSink(own);
            feature.setSensitiveElementNames(java.util.Set.of("name"));
            EndpointImpl endpoint = new EndpointImpl(bus, new GreeterImpl());
            endpoint.getFeatures().add(feature);
            endpoint.publish("/own");
            return endpoint;
        }
    }
}
