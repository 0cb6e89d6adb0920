package io.xmlformatter.spring.boot;

import io.xmlformatter.message.LoggerJmx;
import io.xmlformatter.message.MessageLogger;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * With {@code spring.jmx.enabled=true}: the logger on JMX as
 * {@code io.xmlformatter:type=MessageLogger,name="<spring.application.name>"} (its options, counters and rules; rules
 * added and removed), unregistered when the context closes. With {@code spring.jmx.unique-names=true} the name ends
 * with the context's identity, so that contexts in one JVM do not collide.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "spring.jmx", name = "enabled", havingValue = "true")
class JmxConfiguration {
    @Bean(destroyMethod = "close")
    Registration xmlFormatterJmx(MessageLogger logger, Environment environment) {
        String name = environment.getProperty("spring.application.name", "application");
        if (environment.getProperty("spring.jmx.unique-names", Boolean.class, false)) {
            name += "-" + Integer.toHexString(System.identityHashCode(environment));
        }
        return new Registration(LoggerJmx.register(logger, name));
    }

    /** The registration, not the MXBean itself: Spring's exporter would register a bean that is one a second time. */
    record Registration(LoggerJmx bean) implements AutoCloseable {
        @Override
        public void close() {
            bean.close();
        }
    }
}
