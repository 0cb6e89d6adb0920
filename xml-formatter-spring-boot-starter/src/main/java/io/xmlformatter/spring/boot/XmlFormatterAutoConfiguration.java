package io.xmlformatter.spring.boot;

import io.xmlformatter.Internal;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.Slf4jSink;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * xml-formatter's auto-configuration: one {@link MessageLogger} from the {@code xmlformatter.*} properties and the
 * {@link XmlFormatterCustomizer} beans, writing to one {@link LogSink} (SLF4J by default, MongoDB with
 * {@code xmlformatter.sink=mongo}), and wired to CXF's buses, Jersey's {@code ResourceConfig}s, Spring Web
 * Services (its servlet and Boot's {@code WebServiceTemplateBuilder}), the servlet web application's other exchanges
 * (a filter) and Spring's HTTP clients from Boot's builders, when they are present. Off with
 * {@code xmlformatter.enabled=false}. A bean of the application's own of type {@code MessageLogger} or
 * {@code LogSink} replaces ours.
 */
@AutoConfiguration(afterName = {"org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration",
        "org.springframework.boot.autoconfigure.mongo.MongoAutoConfiguration"})
@ConditionalOnProperty(prefix = "xmlformatter", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(XmlFormatterProperties.class)
@Import({MongoSinkConfiguration.class, MongoSinkConfiguration.Missing.class, OpenTelemetrySinkConfiguration.class,
        OpenTelemetrySinkConfiguration.Missing.class, OpenTelemetrySinkConfiguration.Spans.class,
        CxfLoggingConfiguration.class,
        JaxRsLoggingConfiguration.class, SpringWsLoggingConfiguration.class, ServletLoggingConfiguration.class,
        ClientLoggingConfiguration.class, WebFluxLoggingConfiguration.class, MetricsConfiguration.class, EndpointConfiguration.class,
        JmxConfiguration.class})
@Internal
public class XmlFormatterAutoConfiguration {
    /** The SLF4J sink in the layout of {@code xmlformatter.output}. */
    @Bean
    @ConditionalOnMissingBean(LogSink.class)
    @ConditionalOnProperty(prefix = "xmlformatter", name = "sink", havingValue = "slf4j", matchIfMissing = true)
    public LogSink xmlFormatterSink(XmlFormatterProperties properties) {
        XmlFormatterProperties.Output o = properties.output();
        switch (o.layout()) {
            case TEXT:
                return withoutBodyField(o, Slf4jSink.fullText());
            case PAYLOAD_ONLY:
                return withoutBodyField(o, Slf4jSink.payloadOnly());
            case JSON:
                return withoutBodyField(o, Slf4jSink.json());
            case FIELDS:
                return o.bodyField() ? Slf4jSink.fields(o.fieldNames(), o.level()).bodyAsField()
                        : Slf4jSink.fields(o.fieldNames(), o.level());
            case FIELDS_IN_MDC:
                return o.bodyField() ? Slf4jSink.fieldsInMdc(o.fieldNames(), o.level()).bodyAsField()
                        : Slf4jSink.fieldsInMdc(o.fieldNames(), o.level());
            case CXF_TEXT:
            default:
                return withoutBodyField(o, Slf4jSink.text());
        }
    }

    /** {@code sink}, the layout being one that has no body field: body-field=true is a mistake then. */
    private static LogSink withoutBodyField(XmlFormatterProperties.Output o, LogSink sink) {
        if (o.bodyField()) {
            throw new IllegalArgumentException("xml-formatter: property xmlformatter.output.body-field=true needs"
                    + " xmlformatter.output.layout=fields or fields-in-mdc (it is " + o.layout() + ")");
        }
        return sink;
    }

    /** One INFO line at startup saying what is wired, where records go and what is masked. */
    @Bean
    StartupReport xmlFormatterStartupReport(ListableBeanFactory beans, XmlFormatterProperties properties) {
        return new StartupReport(beans, properties);
    }

    /**
     * The message logger every adapter logs with, so that one exchange chain spans CXF and JAX-RS. Closed with
     * the context (its sinks drained and closed).
     *
     * @throws IllegalArgumentException naming the {@code xmlformatter.*} property that is wrong
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public MessageLogger xmlFormatterMessageLogger(XmlFormatterProperties properties, LogSink sink,
            ObjectProvider<XmlFormatterCustomizer> customizers, Environment environment) {
        KnownProperties.check(environment, properties.failOnUnknownProperties());
        try {
            MessageLoggerBuilder b = LoggerProperties.apply(Binder.get(environment), properties,
                    MessageLogger.builder().options(LoggerProperties.DEFAULTS).sink(sink));
            customizers.orderedStream().forEach(c -> c.customize(b));
            return b.build();
        } catch (IllegalArgumentException e) {
            throw LoggerProperties.named(e);
        }
    }
}
