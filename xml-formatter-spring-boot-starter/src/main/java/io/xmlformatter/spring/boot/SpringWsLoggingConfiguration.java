package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.springws.XmlLoggingClientInterceptor;
import io.xmlformatter.springws.XmlLoggingEndpointInterceptor;
import io.xmlformatter.springws.XmlLoggingHandlerAdapter;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.webservices.client.WebServiceTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

/**
 * With Spring Web Services: the {@code MessageDispatcherServlet}'s exchanges logged (the handler adapter it takes
 * by name, and the endpoint interceptor, a bean every endpoint mapping applies), and every
 * {@code WebServiceTemplate} built from Boot's {@code WebServiceTemplateBuilder} (off with
 * {@code xmlformatter.spring-ws.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.ws.transport.http.MessageDispatcherServlet")
@ConditionalOnProperty(prefix = "xmlformatter.spring-ws", name = "enabled", havingValue = "true",
        matchIfMissing = true)
class SpringWsLoggingConfiguration {
    /** The servlet's exchanges. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class Server {
        /** The servlet's handler adapter, reading and writing each exchange's bodies through the captures. */
        @Bean(MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME)
        @ConditionalOnMissingBean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME)
        XmlLoggingHandlerAdapter messageReceiverHandlerAdapter(MessageLogger logger) {
            return new XmlLoggingHandlerAdapter(logger);
        }

        /** Names each exchange's endpoint and operation and sees its faults. */
        @Bean
        @ConditionalOnMissingBean
        XmlLoggingEndpointInterceptor xmlFormatterEndpointInterceptor() {
            return new XmlLoggingEndpointInterceptor();
        }
    }

    /** Templates from Boot's builder log their exchanges. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.webservices.client.WebServiceTemplateCustomizer")
    static class Client {
        @Bean
        WebServiceTemplateCustomizer xmlFormatterWebServiceTemplateCustomizer(MessageLogger logger) {
            return template -> XmlLoggingClientInterceptor.install(template, logger);
        }
    }
}
