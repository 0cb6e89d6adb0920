package io.xmlformatter.spring.boot.jersey;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.servlet.Filter;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Jersey call in a Boot application with Boot's OpenTelemetry support: with
 * {@code xmlformatter.otel.span-attributes=true} the server's span carries the masked bodies, never the card. Boot
 * traces no Jersey request by itself (its HTTP server observation is Spring MVC's), so a servlet filter here opens
 * the server span around the request, as an instrumentation (the agent's) does.
 */
class JerseyOpenTelemetryTest {
    @Test
    void theServersSpanCarriesTheMaskedBodies() throws Exception {
        List<SpanData> spans = spansOfOneCall(Application.class);
        assertThat(spans).as("a server span with the bodies").anySatisfy(s -> {
            assertThat(s.getAttributes().get(AttributeKey.stringKey("http.request.body.content")))
                    .isEqualTo("<payment><amount>10</amount><card>[*****]</card></payment>");
            assertThat(s.getAttributes().get(AttributeKey.stringKey("http.response.body.content")))
                    .contains("<card>[*****]</card>");
        });
        assertThat(spans.toString()).doesNotContain("4111111111111111");
    }

    /** Nothing opens a span for the request: with {@code xmlformatter.otel.start-spans} the exchange has its own. */
    @Test
    void withStartSpansAnExchangeNoSpanIsCurrentForGetsItsOwn() throws Exception {
        List<SpanData> spans = spansOfOneCall(Untraced.class, "xmlformatter.otel.start-spans=true");
        assertThat(spans).as("our SERVER span, from the application's OpenTelemetry, with the bodies").anySatisfy(s -> {
            assertThat(s.getInstrumentationScopeInfo().getName()).isEqualTo("io.xmlformatter");
            assertThat(s.getKind()).isEqualTo(SpanKind.SERVER);
            assertThat(s.getName()).as("the resource method").isEqualTo("pay");
            assertThat(s.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(200L);
            assertThat(s.getAttributes().get(AttributeKey.stringKey("http.request.body.content")))
                    .isEqualTo("<payment><amount>10</amount><card>[*****]</card></payment>");
        });
        assertThat(spans.toString()).doesNotContain("4111111111111111");
    }

    /** The spans exported after one masked POST to the application, the span attributes on. */
    private static List<SpanData> spansOfOneCall(Class<?> application, String... more) throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(application).properties(
                "server.address=127.0.0.1", "server.port=0", "spring.main.banner-mode=off",
                "xmlformatter.masking.element-names=card", "xmlformatter.otel.span-attributes=true",
                "xmlformatter.exchange.strategy=always", "management.tracing.sampling.probability=1.0",
                "management.otlp.metrics.export.enabled=false").properties(more).run()) {
            Client client = ClientBuilder.newClient();
            try {
                client.target("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"))
                        .path("payments").request("application/xml").post(Entity.entity(
                                "<payment><amount>10</amount><card>4111111111111111</card></payment>",
                                "application/xml"), String.class);
            } finally {
                client.close();
            }
            context.getBean(CollectingSink.class).await(2);
            context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
            return context.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
        }
    }

    /** {@link JerseyApplicationTest}'s application, its spans exported in memory. */
    @Configuration(proxyBeanMethods = false)
    static class Untraced extends JerseyApplicationTest.Application {
        @Bean
        InMemorySpanExporter spans() {
            return InMemorySpanExporter.create();
        }
    }

    /** As {@link Untraced}, with a server span opened for each request. */
    @Configuration(proxyBeanMethods = false)
    static class Application extends Untraced {

        /** The server span, current while the request is served. */
        @Bean
        FilterRegistrationBean<Filter> serverSpan(OpenTelemetry openTelemetry) {
            Filter filter = (request, response, chain) -> {
                Span span = openTelemetry.getTracer("test").spanBuilder("POST /payments")
                        .setSpanKind(SpanKind.SERVER).startSpan();
                try (Scope scope = span.makeCurrent()) {
                    chain.doFilter(request, response);
                } finally {
                    span.end();
                }
            };
            FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(filter);
            registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
            return registration;
        }
    }
}
