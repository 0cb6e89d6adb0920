package io.xmlformatter.spring.boot;

import io.xmlformatter.cxf.XmlLoggingSettings;
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
 * With CXF: xml-formatter's interceptors on every {@link Bus} bean (CXF's starter makes one), so every JAX-WS and
 * JAX-RS endpoint and client on it is logged (the settings of {@code XmlLoggingFeature}, without its CXF
 * {@code LogEventSender} bridge, so that {@code cxf-rt-features-logging} is not needed). An endpoint is left out
 * by its property {@code org.apache.cxf.logging.enable=false}
 * or an {@code xmlformatter.rules[n].exclude} rule. Off with {@code xmlformatter.cxf.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.apache.cxf.Bus")
@ConditionalOnProperty(prefix = "xmlformatter.cxf", name = "enabled", havingValue = "true", matchIfMissing = true)
class CxfLoggingConfiguration {
    /** The CXF logging on the application's message logger. */
    @Bean
    @ConditionalOnMissingBean
    XmlLoggingSettings xmlFormatterCxfLogging(MessageLogger logger) {
        return new XmlLoggingSettings(logger);
    }

    /** Puts the interceptors on each bus as it is made, before any endpoint or client uses it. */
    @Bean
    static BeanPostProcessor xmlFormatterCxfBus(ObjectProvider<XmlLoggingSettings> logging) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof Bus bus) {
                    logging.getObject().installOn(bus, bus);
                }
                return bean;
            }
        };
    }
}
