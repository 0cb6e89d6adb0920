package io.xmlformatter.spring.boot;

import io.xmlformatter.cxf.BaseXmlLoggingFeature;
import io.xmlformatter.message.MessageLogger;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.ClientLifeCycleListener;
import org.apache.cxf.endpoint.ClientLifeCycleManager;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.endpoint.ServerLifeCycleListener;
import org.apache.cxf.endpoint.ServerLifeCycleManager;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With CXF: xml-formatter's interceptors on every endpoint and client made on a {@link Bus} bean (CXF's starter
 * makes one), JAX-WS and JAX-RS, as each starts or is made — after its own features, so an endpoint or client that
 * carries an {@code XmlLoggingFeature} of its own keeps it (CXF runs one interceptor per id: on the bus, the
 * starter's would take the place of the endpoint's). The settings of {@code XmlLoggingFeature}, without its CXF
 * {@code LogEventSender} bridge, so that {@code cxf-rt-features-logging} is not needed. An endpoint is left out by
 * its property {@code org.apache.cxf.logging.enable=false} or an {@code xmlformatter.rules[n].exclude} rule. Off
 * with {@code xmlformatter.cxf.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.apache.cxf.Bus")
@ConditionalOnProperty(prefix = "xmlformatter.cxf", name = "enabled", havingValue = "true", matchIfMissing = true)
class CxfLoggingConfiguration {
    /** The CXF logging on the application's message logger. */
    @Bean
    @ConditionalOnMissingBean
    BaseXmlLoggingFeature xmlFormatterCxfLogging(MessageLogger logger) {
        return new BaseXmlLoggingFeature(logger);
    }

    /** Listens, on each bus as it is made, for its servers starting and its clients being made. */
    @Bean
    static BeanPostProcessor xmlFormatterCxfBus(ObjectProvider<BaseXmlLoggingFeature> logging) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof Bus bus) {
                    // the logging in force on the bus: @XmlLogging on a service derives from it
                    bus.setExtension(logging.getObject(), BaseXmlLoggingFeature.class);
                    EndpointLogging each = new EndpointLogging(logging, bus);
                    bus.getExtension(ServerLifeCycleManager.class).registerListener(each);
                    bus.getExtension(ClientLifeCycleManager.class).registerListener(each);
                }
                return bean;
            }
        };
    }

    /** Puts the interceptors on a server's endpoint as it starts and on a client as it is made. */
    private record EndpointLogging(ObjectProvider<BaseXmlLoggingFeature> logging, Bus bus)
            implements ServerLifeCycleListener, ClientLifeCycleListener {
        @Override
        public void startServer(Server server) {
            logging.getObject().installOn(server.getEndpoint(), bus);
        }

        @Override
        public void stopServer(Server server) {
        }

        @Override
        public void clientCreated(Client client) {
            logging.getObject().installOn(client, bus);
        }

        @Override
        public void clientDestroyed(Client client) {
        }
    }
}
