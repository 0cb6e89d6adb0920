package io.xmlformatter.spring.boot;

import io.xmlformatter.message.ExchangeMatch;
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
import org.springframework.core.env.Environment;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * In a servlet web application: the filter on every path, ordered before Spring Security's filters; the servlets of
 * CXF, Jersey and Spring-WS are left to their own integrations (so that nothing is logged twice, and switching one
 * off leaves its exchanges unlogged),
 * and the actuator's paths ({@code management.endpoints.web.base-path}) are left out: probes and scrapes are not
 * traffic (off with {@code xmlformatter.servlet.enabled=false}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "jakarta.servlet.Filter")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(prefix = "xmlformatter.servlet", name = "enabled", havingValue = "true",
        matchIfMissing = true)
class ServletLoggingConfiguration {
    /**
     * The servlets whose exchanges their own integration logs (or, switched off, does not: the filter does not
     * either).
     */
    private static final Set<String> LOGGED_ELSEWHERE = Set.of("org.apache.cxf.transport.servlet.CXFServlet",
            "org.glassfish.jersey.servlet.ServletContainer",
            "org.springframework.ws.transport.http.MessageDispatcherServlet");

    /**
     * The actuator's paths left out, by a rule after the configured ones (a configured rule for those paths wins).
     */
    @Bean
    XmlFormatterCustomizer xmlFormatterActuatorLeftOut(Environment environment) {
        String base = environment.getProperty("management.endpoints.web.base-path", "/actuator");
        return b -> b.exclude(ExchangeMatch.any().path(Pattern.quote(base) + "(/.*)?"));
    }

    @Bean
    @ConditionalOnMissingBean(name = "xmlFormatterServletFilter")
    FilterRegistrationBean<XmlLoggingFilter> xmlFormatterServletFilter(MessageLogger logger,
            ListableBeanFactory beans, XmlFormatterProperties properties) {
        List<String> elsewhere = new ArrayList<>();
        for (ServletRegistrationBean<?> servlet : beans.getBeansOfType(ServletRegistrationBean.class).values()) {
            for (Class<?> c = servlet.getServlet().getClass(); c != null; c = c.getSuperclass()) {
                if (LOGGED_ELSEWHERE.contains(c.getName())) {
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
