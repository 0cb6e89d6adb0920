package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** With the actuator: the {@code xmlformatter} endpoint, when the application exposes it. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.boot.actuate.autoconfigure.endpoint.condition"
        + ".ConditionalOnAvailableEndpoint")
class EndpointConfiguration {
    /** The options in force and the rules added while running. */
    @Bean
    @ConditionalOnAvailableEndpoint
    XmlFormatterEndpoint xmlFormatterEndpoint(MessageLogger logger) {
        return new XmlFormatterEndpoint(logger);
    }
}
