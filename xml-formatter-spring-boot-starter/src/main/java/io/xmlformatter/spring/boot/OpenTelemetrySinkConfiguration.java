package io.xmlformatter.spring.boot;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.OpenTelemetrySink;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code xmlformatter.sink=otel}: records through OpenTelemetry's Logs API — the application's {@code OpenTelemetry}
 * bean (Boot's OpenTelemetry support), else the global one (the agent's) — each in its exchange's trace, the body as
 * the log record's body (or, with {@code xmlformatter.output.body-field=true}, as {@code http.*.body.content}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.opentelemetry.api.OpenTelemetry")
@ConditionalOnProperty(prefix = "xmlformatter", name = "sink", havingValue = "otel")
class OpenTelemetrySinkConfiguration {
    @Bean
    @ConditionalOnMissingBean(LogSink.class)
    LogSink xmlFormatterSink(ObjectProvider<OpenTelemetry> openTelemetry, XmlFormatterProperties properties) {
        OpenTelemetrySink sink = OpenTelemetrySink.of(openTelemetry.getIfUnique(GlobalOpenTelemetry::get));
        return properties.output().bodyField() ? sink.bodyAsAttribute() : sink;
    }

    /**
     * With the OpenTelemetry API, whatever the sink: the spans of {@code xmlformatter.otel.start-spans} start through
     * the application's {@code OpenTelemetry} bean (Boot's), else the global one.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.opentelemetry.api.OpenTelemetry")
    static class Spans {
        @Bean
        XmlFormatterCustomizer xmlFormatterOpenTelemetry(ObjectProvider<OpenTelemetry> openTelemetry) {
            return b -> openTelemetry.ifUnique(b::openTelemetry);
        }
    }

    /** {@code xmlformatter.sink=otel} without the OpenTelemetry API: startup fails, saying what to add. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass("io.opentelemetry.api.OpenTelemetry")
    @ConditionalOnProperty(prefix = "xmlformatter", name = "sink", havingValue = "otel")
    static class Missing {
        /**
         * Never returns.
         *
         * @throws IllegalStateException always
         */
        @Bean
        LogSink xmlFormatterSink() {
            throw new IllegalStateException("xml-formatter: xmlformatter.sink=otel needs the OpenTelemetry API "
                    + "(io.opentelemetry:opentelemetry-api, which spring-boot-starter-opentelemetry brings)");
        }
    }
}
