package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLoggerBuilder;

/**
 * Changes the message logger's options after the {@code xmlformatter.*} properties were applied: for what
 * properties cannot say (a rule with an override written in code, sinks per direction). Every bean of this type
 * is called, in {@link org.springframework.core.annotation.Order} order.
 */
@FunctionalInterface
public interface XmlFormatterCustomizer {
    /** Changes {@code builder}. */
    void customize(MessageLoggerBuilder builder);
}
