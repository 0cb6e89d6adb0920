package io.xmlformatter.spring.boot;

import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.message.MessageLogger;
import org.apache.cxf.Bus;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With CXF: the feature on every {@link Bus} bean (CXF's starter makes one), so every JAX-WS and JAX-RS endpoint
 * and client on it is logged. An endpoint is left out by its property {@code org.apache.cxf.logging.enable=false}
 * or an {@code xmlformatter.rules[n].exclude} rule. Off with {@code xmlformatter.cxf.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.apache.cxf.Bus")
@ConditionalOnProperty(prefix = "xmlformatter.cxf", name = "enabled", havingValue = "true", matchIfMissing = true)
class CxfLoggingConfiguration {
    /** The CXF feature on the application's message logger. */
    @Bean
    @ConditionalOnMissingBean
    XmlLoggingFeature xmlFormatterCxfFeature(MessageLogger logger) {
        return new XmlLoggingFeature(logger);
    }

    /** Puts the feature on each bus as it is made, before any endpoint or client uses it. */
    @Bean
    static BeanPostProcessor xmlFormatterCxfBus(ObjectProvider<XmlLoggingFeature> feature) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof Bus bus) {
                    feature.getObject().initialize(bus);
                }
                return bean;
            }
        };
    }
}
