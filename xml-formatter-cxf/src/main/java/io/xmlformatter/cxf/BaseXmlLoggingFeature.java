package io.xmlformatter.cxf;

import io.xmlformatter.Internal;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.message.Options;
import io.xmlformatter.record.LogSink;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.AbstractFeature;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CXF feature of xml-formatter without CXF's senders: what loads on every CXF line, 2.7 (Mule 3) to 4.2, where
 * CXF's logging module may be absent. {@link XmlLoggingFeature}, the drop-in for CXF's {@code LoggingFeature}, is this
 * plus CXF's {@code LogEventSender} setters; use it unless you are on CXF 2.7.
 *
 * <p>Its bean setters (Spring XML, Mule and code) are CXF's LoggingFeature properties with CXF's names and meaning;
 * every other option of the message logger goes through {@link #setOptions} (by its name or property, as text: the
 * one table in {@link Options}), with the sinks and rules, to a {@link MessageLoggerBuilder}: all policy lives in that
 * core message logger, and the interceptors only gather CXF's facts and bytes. It is an {@code AbstractFeature}, and
 * so a JAX-WS {@code WebServiceFeature}. Where a configuration lists interceptors rather than features (Mule's
 * {@code cxf:inInterceptors}, {@code jaxws:inInterceptors}), {@link #getInInterceptor()} and
 * {@link #getOutInterceptor()} give one interceptor per chain.
 *
 * <p>This class and the interceptors use only the CXF API that CXF 2.7 to 4.2 share (features, messages, exchanges,
 * phases, interceptor providers, the bus life cycle). Its superclass is a {@code WebServiceFeature}: the JAX-WS API
 * ({@code jakarta.xml.ws-api} on CXF 4) is needed where it is loaded.
 */
public class BaseXmlLoggingFeature extends AbstractFeature {
    private final MessageLoggerBuilder logger;
    private final MessageLogger given;
    private CxfHost host = new CxfHost() { };
    private CxfLogging built;

    /** A feature with the message logger's defaults, changed by the setters. */
    public BaseXmlLoggingFeature() {
        this.logger = MessageLogger.builder();
        this.given = null;
    }

    /**
     * A feature that logs with {@code messageLogger}, built elsewhere (a Spring Boot application's, shared with its
     * JAX-RS logging): the setters of options then throw, as those options are the logger's.
     */
    public BaseXmlLoggingFeature(MessageLogger messageLogger) {
        this.logger = null;
        this.given = java.util.Objects.requireNonNull(messageLogger, "messageLogger");
    }

    /** The builder the setters change; none when the feature was given a built message logger. */
    private MessageLoggerBuilder options() {
        if (logger == null) {
            throw new IllegalStateException("xml-formatter-cxf: this feature logs with a given MessageLogger; "
                    + "set options on that logger's builder");
        }
        return logger;
    }

    /** CXF's {@code limit}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
    public void setLimit(int limit) {
        options().limit(limit);
    }

    /** CXF's {@code inMemThreshold}: with {@code limit} -1, how much payload is kept in memory for the record. */
    public void setInMemThreshold(long threshold) {
        options().inMemThreshold(threshold);
    }

    /** CXF's {@code prettyLogging}: indent payloads (otherwise whitespace stays as sent). */
    public void setPrettyLogging(boolean pretty) {
        options().pretty(pretty);
    }

    /** CXF's {@code logBinary}: log binary bodies (suppressed by default). */
    public void setLogBinary(boolean logBinary) {
        options().logBinary(logBinary);
    }

    /** CXF's {@code logMultipart}: log multipart bodies; attachments are never dumped. Default true. */
    public void setLogMultipart(boolean logMultipart) {
        options().logMultipart(logMultipart);
    }

    /** CXF's {@code verbose}: the multi-line text layout (default) or one JSON line per record. */
    public void setVerbose(boolean verbose) {
        options().verbose(verbose);
    }

    /** CXF's {@code sensitiveElementNames}: elements whose content is masked, wherever they are. */
    public void setSensitiveElementNames(Set<String> names) {
        options().set(Options.SENSITIVE_ELEMENT_NAMES, new ArrayList<>(names)); // replaces, as CXF's does
    }

    /** Adds to {@link #setSensitiveElementNames}. */
    public void addSensitiveElementNames(Set<String> names) {
        options().add(Options.SENSITIVE_ELEMENT_NAMES, names);
    }

    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked (any case), on top of the defaults. */
    public void setSensitiveProtocolHeaderNames(Set<String> names) {
        options().set(Options.SENSITIVE_HEADER_NAMES, new ArrayList<>(names)); // replaces, as CXF's does
    }

    /** Adds to {@link #setSensitiveProtocolHeaderNames}. */
    public void addSensitiveProtocolHeaderNames(Set<String> names) {
        options().add(Options.SENSITIVE_HEADER_NAMES, names);
    }

    /** Adds comma-separated media types treated as binary in both directions. */
    public void addBinaryContentMediaTypes(String mediaTypes) {
        addInBinaryContentMediaTypes(mediaTypes);
        addOutBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in inbound messages. */
    public void addInBinaryContentMediaTypes(String mediaTypes) {
        options().add(Options.IN_BINARY_MEDIA_TYPES, Options.IN_BINARY_MEDIA_TYPES.parse(mediaTypes));
    }

    /** Adds comma-separated media types treated as binary in outbound messages. */
    public void addOutBinaryContentMediaTypes(String mediaTypes) {
        options().add(Options.OUT_BINARY_MEDIA_TYPES, Options.OUT_BINARY_MEDIA_TYPES.parse(mediaTypes));
    }

    /**
     * Where records go, both directions. Default: SLF4J, text layout (JSON when {@code verbose} is false). The
     * sink is closed when the bus shuts down (closing a MongoDB sink drains its queue); sinks may be closed twice.
     */
    public void setSink(LogSink sink) {
        options().sink(sink);
    }

    /** Where records of inbound messages go. */
    public void setInSink(LogSink sink) {
        options().inSink(sink);
    }

    /** Where records of outbound messages go. */
    public void setOutSink(LogSink sink) {
        options().outSink(sink);
    }

    /**
     * Any option of the message logger by its name or property, as text ({@link Options#named}; e.g. in Spring
     * XML {@code <entry key="exchange.strategy" value="BODY_ON_FAILURE"/>}, {@code <entry key="masking.paths"
     * value="//card/number,//pin"/>}, {@code <entry key="exchange.slow-threshold" value="2s"/>}); set after the CXF
     * setters above, or before — each sets its own option.
     *
     * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
     */
    public void setOptions(Map<String, String> options) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            options().set(e.getKey(), e.getValue());
        }
    }

    /** Rules for some exchanges (by port type, operation, path, ...), tried in order; see {@link XmlLoggingRule}. */
    public void setRules(List<XmlLoggingRule> rules) {
        MessageLoggerBuilder b = options();
        for (XmlLoggingRule r : rules) {
            r.addTo(b);
        }
    }

    /** CXF's one hook for a server's endpoint, a client, an interceptor provider and a bus (CXF 2.7 to 4.2). */
    @Override
    protected void initializeProvider(InterceptorProvider provider, Bus bus) {
        installOn(provider, bus);
    }

    /**
     * The interceptor for a service's or client's in and in-fault chains: it keeps the start of the body in the
     * RECEIVE phase and adds the interceptor that writes the record at PRE_INVOKE. Interceptors from one feature
     * share its formatter and sinks; settings changed after the first call are not seen.
     */
    public Interceptor<Message> getInInterceptor() {
        return Interceptors.in(logging());
    }

    /**
     * The interceptor for a service's or client's out and out-fault chains: it records the body as it is written
     * (PRE_STREAM) and adds the fallback that writes the record at the end of the chain.
     */
    public Interceptor<Message> getOutInterceptor() {
        return Interceptors.out(logging());
    }

    /**
     * Adds the interceptors of this feature to {@code provider} (an endpoint, a client or a bus): the in and
     * in-fault chains get the body tap and the record writer, the out and out-fault chains the body recorder and
     * its fallback. When {@code bus} shuts down, the sinks are closed (a MongoDB sink drains its queue first).
     * This is what {@code XmlLoggingFeature}, {@code @XmlLogging} and the bus-wide switch do on every CXF line.
     * Nothing happens when {@code provider} already has interceptors of some xml-formatter feature: a message is
     * never logged twice by one provider.
     */
    public void installOn(InterceptorProvider provider, Bus bus) {
        if (provider == bus && bus != null && bus.getExtension(BaseXmlLoggingFeature.class) == null) {
            bus.setExtension(this, BaseXmlLoggingFeature.class); // the logging in force, for @XmlLogging to derive from
        }
        Interceptors.install(provider, bus, logging());
    }

    /**
     * Where the correlation id, the host's own id of a message and its facts come from when CXF runs inside
     * another runtime (Mule); by default nothing is added. For xml-formatter's Mule module.
     */
    @Internal
    public void setHost(CxfHost host) {
        this.host = host;
    }

    /**
     * The message logger this feature describes, built on first use and shared with the interceptors: for
     * bodies seen outside a CXF chain (a Mule flow's payload). Settings changed afterwards are not seen.
     */
    public MessageLogger getMessageLogger() {
        return logging().logger;
    }

    /**
     * The runtime of interceptors made by {@link #getInInterceptor()} and friends: built once.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    synchronized CxfLogging logging() {
        if (built == null) {
            try {
                built = new CxfLogging(given != null ? given : logger.build(), host);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("xml-formatter-cxf: " + e.getMessage(), e);
            }
        }
        return built;
    }

    /** Closes the sinks (a MongoDB sink drains its queue first); sinks may be closed twice. */
    public void close() {
        CxfLogging logging;
        synchronized (this) {
            logging = built;
        }
        if (logging != null) {
            logging.close();
        }
    }
}
