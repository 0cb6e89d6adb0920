package io.xmlformatter.spring.boot;

import io.xmlformatter.jaxrs.XmlLoggingFeature;
import io.xmlformatter.message.MessageLogger;
import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Jakarta REST: the feature as a bean, to register on JAX-RS clients ({@code client.register(feature)}); with
 * Jersey, registered on every {@code ResourceConfig} bean (off with {@code xmlformatter.jersey.enabled=false}).
 * CXF's JAX-RS endpoints are logged by the CXF feature on the bus, not by this one.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "jakarta.ws.rs.core.Feature")
class JaxRsLoggingConfiguration {
    /** The JAX-RS feature on the application's message logger. */
    @Bean
    @ConditionalOnMissingBean
    XmlLoggingFeature xmlFormatterJaxRsFeature(MessageLogger logger) {
        return new XmlLoggingFeature(logger);
    }

    /** Jersey's server: the feature on each {@code ResourceConfig}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.glassfish.jersey.server.ResourceConfig")
    @ConditionalOnProperty(prefix = "xmlformatter.jersey", name = "enabled", havingValue = "true",
            matchIfMissing = true)
    static class Jersey {
        /** Registers the feature on each {@code ResourceConfig} before Jersey reads it. */
        @Bean
        static BeanPostProcessor xmlFormatterJerseyResources(ObjectProvider<XmlLoggingFeature> feature) {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessBeforeInitialization(Object bean, String name) {
                    if (bean instanceof ResourceConfig config && !config.isRegistered(XmlLoggingFeature.class)) {
                        config.register(feature.getObject());
                    }
                    return bean;
                }
            };
        }
    }
}
