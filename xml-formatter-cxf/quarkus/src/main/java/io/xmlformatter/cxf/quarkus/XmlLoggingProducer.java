package io.xmlformatter.cxf.quarkus;

import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.record.LogSink;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import org.eclipse.microprofile.config.Config;

import java.util.Map;
import java.util.TreeMap;

/**
 * The recipe of docs/quarkus.md: the CXF feature as a named bean, which quarkus-cxf's {@code features=#xmlLogging}
 * puts on a service or client; its options from {@code application.properties} ({@code xmlformatter.<property>},
 * the table's properties) and its sink from a {@link LogSink} bean when the application has one (else SLF4J).
 */
@ApplicationScoped
public class XmlLoggingProducer {
    private static final String PREFIX = "xmlformatter.";

    @Produces
    @ApplicationScoped
    @Named("xmlLogging")
    XmlLoggingFeature xmlLogging(Config config, Instance<LogSink> sinks) {
        Map<String, String> options = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                options.put(name.substring(PREFIX.length()), config.getValue(name, String.class));
            }
        }
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setOptions(options); // a misspelled option fails the start, naming it
        if (sinks.isResolvable()) {
            feature.setSink(sinks.get());
        }
        return feature;
    }
}
