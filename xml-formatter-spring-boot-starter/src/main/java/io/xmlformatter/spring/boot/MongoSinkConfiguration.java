package io.xmlformatter.spring.boot;

import com.mongodb.client.MongoClient;
import io.xmlformatter.mongo.DropPolicy;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mongo.MongoSinkSettings;
import io.xmlformatter.record.LogSink;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code xmlformatter.sink=mongo}: the MongoDB sink, writing through the application's {@link MongoClient} bean
 * when there is one (never a second client beside it), otherwise through the one client of
 * {@code xmlformatter.mongo.uri}. The sink is closed with the context: its queue drains first.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.xmlformatter.mongo.MongoSink")
@ConditionalOnProperty(prefix = "xmlformatter", name = "sink", havingValue = "mongo")
class MongoSinkConfiguration {
    /**
     * The sink.
     *
     * @throws IllegalArgumentException naming the {@code xmlformatter.mongo.*} property that is wrong
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(LogSink.class)
    MongoSink xmlFormatterSink(XmlFormatterProperties properties, ObjectProvider<MongoClient> client,
            Environment environment) {
        XmlFormatterProperties.Mongo m = properties.mongo();
        MongoSinkSettings s = new MongoSinkSettings();
        // a property left unset keeps the sink's default
        s.setConnectionString(first(m.uri(), environment.getProperty("spring.mongodb.uri"),
                environment.getProperty("spring.data.mongodb.uri"), "mongodb://localhost"));
        set(m.database(), s::setDatabase);
        set(m.collection(), s::setCollection);
        set(m.writeConcern(), s::setWriteConcern);
        set(m.queueCapacity(), s::setQueueCapacity);
        set(m.queueMaxBytes(), v -> s.setQueueMaxBytes(v.toBytes()));
        set(m.batchSize(), s::setBatchSize);
        set(m.dropPolicy(), v -> s.setDropPolicy(dropPolicy(v)));
        set(m.maxPayloadBytes(), v -> s.setMaxPayloadBytes(Math.toIntExact(v.toBytes())));
        set(m.ttlDays(), s::setTtlDays);
        set(m.createIndexes(), s::setCreateIndexes);
        set(m.shutdownGrace(), v -> s.setShutdownGraceMillis(v.toMillis()));
        set(first(m.application(), environment.getProperty("spring.application.name")),
                s::setApplication);
        try {
            return new MongoSink(s, client.getIfAvailable());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "xml-formatter: " + e.getMessage() + " (properties xmlformatter.mongo.*)", e);
        }
    }

    /**
     * With Spring Boot's actuator (its health API, on Boot 4 or Boot 3): the sink's health, as
     * {@code xmlFormatterMongo}.
     */
    @Bean
    @ConditionalOnBean(MongoSink.class)
    @Conditional(HealthApiPresent.class)
    Object xmlFormatterMongoHealthIndicator(MongoSink sink, XmlFormatterProperties properties) {
        return MongoSinkHealth.indicator(sink, properties.mongo().breakerOpenStatus(), getClass().getClassLoader());
    }

    /** Boot 4's or Boot 3's health API is on the class path. */
    static final class HealthApiPresent extends AnyNestedCondition {
        HealthApiPresent() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
        static final class Boot4 {
        }

        @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
        static final class Boot3 {
        }
    }

    /** Calls {@code setter} with {@code value} when the property is set (not null). */
    private static <T> void set(T value, Consumer<T> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    private static DropPolicy dropPolicy(String name) {
        try {
            return DropPolicy.valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("xml-formatter: xmlformatter.mongo.drop-policy is '" + name
                    + "', not one of " + Arrays.toString(DropPolicy.values()), e);
        }
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }

    /** {@code xmlformatter.sink=mongo} without xml-formatter-mongo: startup fails, saying what to add. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass("io.xmlformatter.mongo.MongoSink")
    @ConditionalOnProperty(prefix = "xmlformatter", name = "sink", havingValue = "mongo")
    static class Missing {
        /**
         * Never returns.
         *
         * @throws IllegalStateException always
         */
        @Bean
        LogSink xmlFormatterSink() {
            throw new IllegalStateException("xml-formatter: xmlformatter.sink=mongo needs the dependency "
                    + "io.xmlformatter:xml-formatter-mongo beside the starter");
        }
    }
}
