package io.xmlformatter.jaxrs;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.MessageLoggerBuilder;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;


/**
 * Logs the requests and responses of a Jakarta REST 3.1 server or client with the core message logger: every
 * body through a masking filter, headers and query parameters masked by name, one record per message, a
 * correlation id in the MDC for the whole request and sent on by clients. Register it on an {@code Application},
 * a {@code ResourceConfig} or a {@code Client}:
 *
 * <pre>{@code
 * XmlLoggingFeature logging = new XmlLoggingFeature(MessageLogger.builder().pretty(true)
 *         .sensitiveElementNames(Set.of("password"))
 *         .exclude(ExchangeMatch.any().httpMethod("GET").path("/api/health")));
 * client.register(logging);
 * }</pre>
 *
 * Immutable and thread-safe; one instance may serve servers and clients.
 */
public final class XmlLoggingFeature implements Feature {
    /**
     * The integration's name its records carry: the SLF4J sink logs them under
     * {@code io.xmlformatter.jaxrs.<Resource>.<TYPE>} (not CXF's names).
     */
    public static final String INTEGRATION = "jaxrs";
    private final Settings settings;

    /**
     * A feature that logs with {@code logger}'s configuration: its rules ({@link MessageLoggerBuilder#rule},
     * {@link MessageLoggerBuilder#exclude}) apply to servers and clients, {@link XmlLogging} derives from it.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public XmlLoggingFeature(MessageLoggerBuilder logger) {
        this(logger.build());
    }

    /**
     * A feature that logs with {@code logger}, built elsewhere (e.g. by the Spring Boot starter, and shared with
     * CXF's logging so that one exchange chain spans both).
     */
    public XmlLoggingFeature(MessageLogger logger) {
        this.settings = new Settings(logger);
    }

    /** A feature with the message logger's defaults (SLF4J, WS-Security preset, 48 KiB). */
    public XmlLoggingFeature() {
        this(MessageLogger.builder());
    }

    @Override
    public boolean configure(FeatureContext context) {
        if (context.getConfiguration().getRuntimeType() == RuntimeType.SERVER) {
            context.register(new ServerFilter(settings));
        } else {
            context.register(new ClientFilter(settings));
        }
        context.register(new EntityRecorder());
        context.register(new EntityReader());
        return true;
    }

    /** The global message logger (its failure counts). */
    public MessageLogger messageLogger() {
        return settings.global();
    }

    /** Closes the sinks. */
    public void close() {
        settings.close();
    }
}
