package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.Slf4jSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One INFO line at startup, once every bean is made, saying what the starter wired: the integrations, where records
 * go, the strategy, the masking in force and the rules — so a team sees at once whether the library is on and
 * masking what it should. Secrets (a pseudonym key, a connection string's password) are never in it.
 */
final class StartupReport implements SmartInitializingSingleton {
    private static final Logger LOG = LoggerFactory.getLogger(XmlFormatterAutoConfiguration.class);
    /** The beans of the integrations, by the name the line gives them. */
    private static final Map<String, String> INTEGRATIONS = new LinkedHashMap<>();

    static {
        INTEGRATIONS.put("xmlFormatterCxfLogging", "CXF (every bus)");
        INTEGRATIONS.put("xmlFormatterJerseyResources", "Jersey (every ResourceConfig)");
        INTEGRATIONS.put("xmlFormatterEndpointInterceptor", "Spring-WS (MessageDispatcherServlet)");
        INTEGRATIONS.put("xmlFormatterWebServiceTemplateCustomizer", "Spring-WS clients (WebServiceTemplateBuilder)");
        INTEGRATIONS.put("xmlFormatterServletFilter", "servlets (a filter on every path)");
        INTEGRATIONS.put("xmlFormatterClientInterceptor", "RestClient and RestTemplate (Boot's builders)");
        INTEGRATIONS.put("xmlFormatterWebFilter", "WebFlux (a WebFilter on every exchange)");
        INTEGRATIONS.put("xmlFormatterWebClientFilter", "WebClient (Boot's WebClient.Builder)");
    }

    private final ListableBeanFactory beans;
    private final XmlFormatterProperties properties;

    StartupReport(ListableBeanFactory beans, XmlFormatterProperties properties) {
        this.beans = beans;
        this.properties = properties;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (LOG.isInfoEnabled()) {
            LOG.info(line());
        }
    }

    /** The line. */
    String line() {
        List<String> wired = new ArrayList<>();
        INTEGRATIONS.forEach((bean, name) -> {
            if (beans.containsBean(bean)) {
                wired.add(name);
            }
        });
        MessageLogger logger = beans.getBean(MessageLogger.class);
        LogSink sink = beans.getBeanProvider(LogSink.class).getIfUnique();
        Options o = logger.options();
        String layout = !(sink instanceof Slf4jSink) ? ""
                : " in the " + properties.output().layout().name().toLowerCase(Locale.ROOT).replace('_', '-')
                + " layout";
        return "xml-formatter: logging " + (wired.isEmpty() ? "no integration (the MessageLogger bean only)"
                : String.join(", ", wired)) + "; records to " + (sink == null ? "the application's sinks" : sink)
                + layout + "; strategy " + Options.STRATEGY.text(o.get(Options.STRATEGY)) + "; masking " + masking(o)
                + "; rules " + properties.rules().size();
    }

    /** The masking options in force, from the table: lists by their size, switches on by their name. */
    private static String masking(Options options) {
        List<String> parts = new ArrayList<>();
        for (Option<?> o : Options.all()) {
            Object v = options.get(o);
            String name = o.property().substring(o.property().indexOf('.') + 1);
            if (!o.property().startsWith("masking.") || v == null || v instanceof String || Boolean.FALSE.equals(v)
                    || (v instanceof List<?> l && l.isEmpty())) {
                continue;
            }
            parts.add(o == Options.DETECT ? name + " " + Options.DETECT.text(options.get(Options.DETECT))
                    : v instanceof List<?> list ? name + " " + list.size()
                    : v instanceof Boolean ? name : name + " set");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }
}
