package io.xmlformatter.cxf;

import io.xmlformatter.Internal;
import io.xmlformatter.message.MessageFacts;
import org.apache.cxf.message.Message;

/**
 * What the runtime around CXF (e.g. Mule) adds to the logging of CXF messages: its own correlation id, its way
 * of sending that id on, its facts. Set with {@link BaseXmlLoggingFeature#setHost}; the default adds nothing.
 * Implementations are thread-safe and use only the CXF API that CXF 2.7 and 4.x share. For xml-formatter's Mule
 * module.
 */
@Internal
public interface CxfHost {
    /**
     * The correlation id the host gives {@code message}, or null: then the inbound correlation header, the
     * caller's MDC or the exchange id is used.
     */
    default String correlationIdOf(Message message) {
        return null;
    }

    /**
     * Called when a client request goes out carrying {@code id} in the correlation header of its CXF protocol
     * headers, for a host that sends headers its own way (Mule's HTTP module sends outbound properties).
     */
    default void correlationIdSent(Message request, String id) {
    }

    /** Adds the host's facts to the record of {@code message}; called after the CXF facts, so it may replace them. */
    default void addFacts(Message message, MessageFacts facts) {
    }
}
