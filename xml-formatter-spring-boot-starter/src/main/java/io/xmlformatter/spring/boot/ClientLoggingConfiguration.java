package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.springweb.XmlLoggingInterceptor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;

import java.lang.reflect.InvocationTargetException;

/**
 * With Spring's web client side: the interceptor as a bean, on every {@code RestClient.Builder} Boot hands out and on
 * Boot's {@code RestTemplateBuilder} (Boot 3's and Boot 4's), so that every client built from them logs (off with
 * {@code xmlformatter.clients.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.web.client.RestClient")
@ConditionalOnProperty(prefix = "xmlformatter.clients", name = "enabled", havingValue = "true",
        matchIfMissing = true)
class ClientLoggingConfiguration {
    /** Boot 4's and Boot 3's builder of RestTemplates. */
    private static final String[] TEMPLATE_BUILDERS = {"org.springframework.boot.restclient.RestTemplateBuilder",
        "org.springframework.boot.web.client.RestTemplateBuilder"};

    @Bean
    @ConditionalOnMissingBean
    XmlLoggingInterceptor xmlFormatterClientInterceptor(MessageLogger logger) {
        return new XmlLoggingInterceptor(logger);
    }

    /** Adds the interceptor to each builder as it is made. */
    @Bean
    static BeanPostProcessor xmlFormatterClientBuilders(ObjectProvider<XmlLoggingInterceptor> interceptor) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof RestClient.Builder builder) {
                    return builder.requestInterceptor(interceptor.getObject());
                }
                for (String type : TEMPLATE_BUILDERS) {
                    if (bean.getClass().getName().equals(type)) {
                        return withInterceptor(bean, interceptor.getObject());
                    }
                }
                return bean;
            }
        };
    }

    /** {@code builder.additionalInterceptors(interceptor)}: a RestTemplateBuilder of either Boot line. */
    private static Object withInterceptor(Object builder, XmlLoggingInterceptor interceptor) {
        try {
            return builder.getClass().getMethod("additionalInterceptors", ClientHttpRequestInterceptor[].class)
                    .invoke(builder, (Object) new ClientHttpRequestInterceptor[] {interceptor});
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("xml-formatter: cannot add the client interceptor to " + builder, e);
        }
    }
}
