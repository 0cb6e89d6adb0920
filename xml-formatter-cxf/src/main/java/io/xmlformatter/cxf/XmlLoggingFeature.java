package io.xmlformatter.cxf;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.sink.Slf4jSink;
import org.apache.cxf.ext.logging.event.LogEventSender;

/**
 * A drop-in replacement for CXF's {@code org.apache.cxf.ext.logging.LoggingFeature}: change the class name in
 * {@code <jaxws:features>}, {@code <cxf:bus><cxf:features>}, {@code @Features} or code, keep CXF's properties
 * ({@code limit}, {@code inMemThreshold}, {@code prettyLogging}, {@code logBinary}, {@code logMultipart},
 * {@code verbose}, {@code sensitiveElementNames}, {@code sensitiveProtocolHeaderNames}, binary content media types;
 * every other option through {@code options}; contextual property
 * {@code org.apache.cxf.logging.enable=false} switches an endpoint off).
 *
 * <p>Differences that matter: masking happens before truncation and cannot be escaped by nesting, CDATA or
 * references; the WS-Security/SAML preset is on by default; truncation is marked; header masking ignores case;
 * bodies are never written to disk; every record carries a timestamp, the duration, sizes and flags. One record
 * per message goes to the sink ({@link Slf4jSink} under CXF's logger names, with CXF's MDC keys and markers, by
 * default) or to CXF's {@code sender}.
 *
 * <p>Its properties are those of {@link BaseXmlLoggingFeature} (a CXF {@code AbstractFeature}, so a JAX-WS
 * {@code WebServiceFeature} too: {@code Endpoint.publish(address, implementor, new XmlLoggingFeature())}), plus CXF's
 * senders. One jar for CXF 3.6 (javax), 4.0, 4.1 and 4.2 (jakarta); on CXF 2.7 (Mule 3) use
 * {@link BaseXmlLoggingFeature}'s interceptors.
 * {@link XmlLogging @XmlLogging} on a service class and the system property
 * {@value XmlLoggingBusListener#ENABLED_PROPERTY} are the equivalents of CXF's {@code @Logging} and
 * {@code org.apache.cxf.logging.enabled}.
 */
public class XmlLoggingFeature extends BaseXmlLoggingFeature {
    /** A feature with the defaults: limit 48 KiB, WS-Security preset, raw (unindented) payloads, SLF4J text. */
    public XmlLoggingFeature() {
    }

    /**
     * A feature that logs with {@code messageLogger} (built elsewhere, e.g. by the Spring Boot starter, and shared
     * with JAX-RS logging); its option setters then throw.
     */
    public XmlLoggingFeature(MessageLogger messageLogger) {
        super(messageLogger);
    }

    /**
     * CXF's {@code sender}: records of both directions become CXF {@code LogEvent}s (payload formatted and masked,
     * headers masked) and go to {@code sender} instead of the sink, e.g. CXF's {@code Slf4jVerboseEventSender}
     * with its {@code loggingLevel}, or your own sender to ELK or Kafka.
     */
    public void setSender(LogEventSender sender) {
        setSink(new LogEventSenderSink(sender));
    }

    /** CXF's {@code inSender}: as {@link #setSender}, for records of inbound messages. */
    public void setInSender(LogEventSender sender) {
        setInSink(new LogEventSenderSink(sender));
    }

    /** CXF's {@code outSender}: as {@link #setSender}, for records of outbound messages. */
    public void setOutSender(LogEventSender sender) {
        setOutSink(new LogEventSenderSink(sender));
    }
}
