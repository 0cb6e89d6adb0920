package io.xmlformatter.spring.boot;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.xmlformatter.message.MessageLogger;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Micrometer: the message logger's counters as meters (a MongoDB sink adds its own,
 * {@code xmlformatter.mongo.*}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
class MetricsConfiguration {
    /**
     * {@code xmlformatter.sink.failures} (a sink threw; the record was lost), {@code xmlformatter.record.failures}
     * (written without its body), {@code xmlformatter.held.overflows} (written at once without its body, the
     * held bound being full), {@code xmlformatter.held.bytes} and {@code xmlformatter.chains.open}.
     */
    @Bean
    MeterBinder xmlFormatterMeters(MessageLogger logger) {
        return registry -> {
            FunctionCounter.builder("xmlformatter.sink.failures", logger, MessageLogger::sinkFailures)
                    .description("records lost because a sink threw").register(registry);
            FunctionCounter.builder("xmlformatter.record.failures", logger, MessageLogger::recordFailures)
                    .description("records written without their body because making it failed").register(registry);
            FunctionCounter.builder("xmlformatter.held.overflows", logger, MessageLogger::heldOverflows)
                    .description("records written at once without their body, the held bound being full")
                    .register(registry);
            Gauge.builder("xmlformatter.held.bytes", logger, MessageLogger::heldBytes).baseUnit("bytes")
                    .description("bytes of bodies held until their exchange's outcome is known").register(registry);
            Gauge.builder("xmlformatter.chains.open", logger, MessageLogger::openChains)
                    .description("exchange chains holding records").register(registry);
        };
    }
}
