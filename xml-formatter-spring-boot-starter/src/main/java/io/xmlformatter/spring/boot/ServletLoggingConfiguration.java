package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.servlet.XmlLoggingFilter;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * In a servlet web application: the filter on every path, ordered before Spring Security's filters; the servlets of
 * CXF, Jersey and Spring-WS are left to their own integrations when those are on, so that nothing is logged twice
 * (off with {@code xmlformatter.servlet.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "jakarta.servlet.Filter")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(prefix = "xmlformatter.servlet", name = "enabled", havingValue = "true",
        matchIfMissing = true)
class ServletLoggingConfiguration {
    /** A servlet class, and the bean that says its own integration logs it. */
    private static final Map<String, String> LOGGED_ELSEWHERE = Map.of(
            "org.apache.cxf.transport.servlet.CXFServlet", "xmlFormatterCxfLogging",
            "org.glassfish.jersey.servlet.ServletContainer", "xmlFormatterJerseyResources",
            "org.springframework.ws.transport.http.MessageDispatcherServlet", "xmlFormatterEndpointInterceptor");

    @Bean
    @ConditionalOnMissingBean(name = "xmlFormatterServletFilter")
    FilterRegistrationBean<XmlLoggingFilter> xmlFormatterServletFilter(MessageLogger logger,
            ListableBeanFactory beans, XmlFormatterProperties properties) {
        List<String> elsewhere = new ArrayList<>();
        for (ServletRegistrationBean<?> servlet : beans.getBeansOfType(ServletRegistrationBean.class).values()) {
            for (Class<?> c = servlet.getServlet().getClass(); c != null; c = c.getSuperclass()) {
                String bean = LOGGED_ELSEWHERE.get(c.getName());
                if (bean != null && beans.containsBean(bean)) {
                    elsewhere.add(servlet.getServletName());
                }
            }
        }
        FilterRegistrationBean<XmlLoggingFilter> filter = new FilterRegistrationBean<>(
                new XmlLoggingFilter(logger, elsewhere));
        filter.setName("xmlFormatterServletFilter");
        filter.setOrder(properties.servlet().order());
        return filter;
    }
}
