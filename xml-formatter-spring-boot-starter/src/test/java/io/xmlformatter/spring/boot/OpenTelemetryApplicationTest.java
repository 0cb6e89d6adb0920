package io.xmlformatter.spring.boot;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's OpenTelemetry support with the starter, properties only: a CXF SOAP call's masked bodies reach the
 * server's span ({@code xmlformatter.otel.span-attributes}) and the Logs API ({@code xmlformatter.sink=otel}), in
 * the call's trace; the SDK exports into its in-memory exporters, beans Boot wires as it would OTLP's.
 */
class OpenTelemetryApplicationTest {
    @Test
    void theMaskedBodiesReachTheServersSpanAndTheLogsApiInOneTrace() throws Exception {
        try (ConfigurableApplicationContext context = CxfApplicationTest.start(WithExporters.class,
                "management.tracing.sampling.probability=1.0",
                "management.otlp.metrics.export.enabled=false", "xmlformatter.sink=otel",
                "xmlformatter.otel.span-attributes=true", "xmlformatter.exchange.strategy=always",
                "xmlformatter.exchange.suppress-duplicates=false")) {
            assertThat(CxfApplicationTest.client(context).greet("ann", "otel-boot-secret")).isEqualTo("Hello ann");
            context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
            context.getBean(SdkLoggerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
            List<SpanData> spans = context.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
            SpanData server = spans.stream().filter(s -> s.getAttributes()
                    .get(AttributeKey.stringKey("http.request.body.content")) != null).findFirst().orElseThrow();
            assertThat(server.getAttributes().get(AttributeKey.stringKey("http.request.body.content")))
                    .contains("<password>[*****]</password>");
            assertThat(server.getAttributes().get(AttributeKey.stringKey("http.response.body.content")))
                    .contains("Hello ann");
            List<LogRecordData> logs = context.getBean(InMemoryLogRecordExporter.class).getFinishedLogRecordItems();
            assertThat(logs).filteredOn(l -> l.getInstrumentationScopeInfo().getName().equals("io.xmlformatter"))
                    .hasSizeGreaterThanOrEqualTo(2)
                    .anySatisfy(l -> assertThat(l.getSpanContext().getTraceId()).isEqualTo(server.getTraceId()));
            assertThat(spans.toString() + logs).doesNotContain("otel-boot-secret");
        }
    }

    /** The application, its spans and log records exported in memory. */
    @Configuration(proxyBeanMethods = false)
    static class WithExporters extends CxfApplicationTest.Application {
        @Bean
        InMemorySpanExporter spans() {
            return InMemorySpanExporter.create();
        }

        @Bean
        InMemoryLogRecordExporter logs() {
            return InMemoryLogRecordExporter.create();
        }
    }
}
