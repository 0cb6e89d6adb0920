package io.xmlformatter.jaxrs;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
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
 * XmlLoggingFeature logging = XmlLoggingFeature.builder(MessageLogger.builder().pretty(true)
 *         .sensitiveElementNames(Set.of("password")))
 *     .exclude("GET", "/health.*")
 *     .build();
 * client.register(logging);
 * }</pre>
 *
 * Immutable and thread-safe; one instance may serve servers and clients.
 */
public final class XmlLoggingFeature implements Feature {
    private final Settings settings;

    private XmlLoggingFeature(Settings settings) {
        this.settings = settings;
    }

    /** A feature that logs with {@code logger}'s configuration ({@link XmlLogging} derives from it). */
    public static Builder builder(MessageLogger.Builder logger) {
        return new Builder(logger);
    }

    /** A feature with the message logger's defaults (SLF4J, WS-Security preset, 48 KiB). */
    public XmlLoggingFeature() {
        this(new Builder(MessageLogger.builder()).settings());
    }

    @Override
    public boolean configure(FeatureContext context) {
        if (context.getConfiguration().getRuntimeType() == RuntimeType.SERVER) {
            context.register(new ServerFilter(settings));
        } else {
            context.register(new ClientFilter(settings));
        }
        context.register(new EntityRecorder());
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

    /** Configures an {@link XmlLoggingFeature}; not thread-safe. */
    public static final class Builder {
        private final MessageLogger.Builder logger;

        private Builder(MessageLogger.Builder logger) {
            this.logger = logger.copy();
        }

        /**
         * Exchanges not logged: those whose method is {@code method} (any method: null or "*") and whose path
         * (without the query; relative to the application on a server) matches the regular expression
         * {@code pathRegex}, e.g. {@code exclude("GET", "/health.*")}: a rule of the message logger, like those of
         * {@link MessageLogger.Builder#rule}, which the builder given to {@link #builder} may hold too.
         */
        public Builder exclude(String method, String pathRegex) {
            logger.exclude(ExchangeMatch.any().httpMethod(method).path(pathRegex));
            return this;
        }

        /**
         * The feature.
         *
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public XmlLoggingFeature build() {
            return new XmlLoggingFeature(settings());
        }

        private Settings settings() {
            return new Settings(logger.build());
        }
    }
}
