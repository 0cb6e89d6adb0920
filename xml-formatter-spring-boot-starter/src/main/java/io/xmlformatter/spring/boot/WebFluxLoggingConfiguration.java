package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.webflux.XmlLoggingExchangeFilter;
import io.xmlformatter.webflux.XmlLoggingWebFilter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * With xml-formatter-webflux: in a reactive web application, the {@code WebFilter} on every exchange, ordered before
 * Spring Security's ({@code xmlformatter.webflux.enabled}, {@code .order}); and the filter on every
 * {@code WebClient.Builder} Boot hands out ({@code xmlformatter.clients.enabled}), so that the calls a handler makes
 * carry its correlation id.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = {"io.xmlformatter.webflux.XmlLoggingWebFilter",
    "org.springframework.web.reactive.function.client.WebClient"})
class WebFluxLoggingConfiguration {
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnProperty(prefix = "xmlformatter.webflux", name = "enabled", havingValue = "true",
            matchIfMissing = true)
    static class Server {
        @Bean
        @ConditionalOnMissingBean
        XmlLoggingWebFilter xmlFormatterWebFilter(MessageLogger logger, XmlFormatterProperties properties) {
            return new XmlLoggingWebFilter(logger, properties.webflux().order());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "xmlformatter.clients", name = "enabled", havingValue = "true",
            matchIfMissing = true)
    static class Clients {
        @Bean
        @ConditionalOnMissingBean
        XmlLoggingExchangeFilter xmlFormatterWebClientFilter(MessageLogger logger) {
            return new XmlLoggingExchangeFilter(logger);
        }

        /** Adds the filter to each builder as it is made. */
        @Bean
        static BeanPostProcessor xmlFormatterWebClientBuilders(ObjectProvider<XmlLoggingExchangeFilter> filter) {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String name) {
                    return bean instanceof WebClient.Builder builder ? builder.filter(filter.getObject()) : bean;
                }
            };
        }
    }
}
