package io.xmlformatter.cxf;

import io.xmlformatter.XmlFormatter;
import io.xmlformatter.log.LogSink;
import io.xmlformatter.log.Slf4jSink;
import io.xmlformatter.message.Strategy;
import org.apache.cxf.Bus;
import org.apache.cxf.ext.logging.event.LogEventSender;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.feature.DelegatingFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

import java.util.List;
import java.util.Set;

/**
 * A drop-in replacement for CXF's {@code org.apache.cxf.ext.logging.LoggingFeature}: change the class name in
 * {@code <jaxws:features>}, {@code <cxf:bus><cxf:features>}, {@code @Features} or code, keep CXF's properties
 * ({@code limit}, {@code inMemThreshold}, {@code prettyLogging}, {@code logBinary}, {@code logMultipart},
 * {@code verbose}, {@code sensitiveElementNames}, {@code sensitiveProtocolHeaderNames},
 * {@code sensitiveAttributeNames}, binary content media types; contextual property
 * {@code org.apache.cxf.logging.enable=false} switches an endpoint off).
 *
 * <p>Differences that matter: masking happens before truncation and cannot be escaped by nesting, CDATA or
 * references; the WS-Security/SAML preset is on by default; truncation is marked; header masking ignores case;
 * bodies are never written to disk; every record carries a timestamp, the duration, sizes and flags. One record
 * per message goes to the sink ({@link Slf4jSink} under CXF's logger names, with CXF's MDC keys and markers, by
 * default) or to CXF's {@code sender}.
 *
 * <p>One jar for CXF 3.6 (javax), 4.0, 4.1 and 4.2 (jakarta); on CXF 2.7 (Mule 3) use {@link XmlLoggingSettings}
 * directly. {@link XmlLogging @XmlLogging} on a service class and the system property
 * {@value XmlLoggingBusListener#ENABLED_PROPERTY} are the equivalents of CXF's {@code @Logging} and
 * {@code org.apache.cxf.logging.enabled}.
 */
public class XmlLoggingFeature extends DelegatingFeature<XmlLoggingFeature.Portable> {

    /** A feature with the defaults: limit 48 KiB, WS-Security preset, raw (unindented) payloads, SLF4J text. */
    public XmlLoggingFeature() {
        super(new Portable());
    }

    /** CXF's {@code limit}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
    public void setLimit(int limit) {
        delegate.setLimit(limit);
    }

    /** CXF's {@code inMemThreshold}: with {@code limit} -1, how much payload is kept in memory for the record. */
    public void setInMemThreshold(long threshold) {
        delegate.setInMemThreshold(threshold);
    }

    /** CXF's {@code prettyLogging}: indent payloads (otherwise whitespace stays as sent). */
    public void setPrettyLogging(boolean pretty) {
        delegate.setPrettyLogging(pretty);
    }

    /** CXF's {@code logBinary}: log binary bodies (suppressed by default). */
    public void setLogBinary(boolean logBinary) {
        delegate.setLogBinary(logBinary);
    }

    /** CXF's {@code logMultipart}: log multipart bodies; attachments are never dumped. Default true. */
    public void setLogMultipart(boolean logMultipart) {
        delegate.setLogMultipart(logMultipart);
    }

    /** CXF's {@code verbose}: the multi-line text layout (default) or one JSON line per record. */
    public void setVerbose(boolean verbose) {
        delegate.setVerbose(verbose);
    }

    /** CXF's {@code sensitiveElementNames}: elements whose content is masked, wherever they are. */
    public void setSensitiveElementNames(Set<String> names) {
        delegate.setSensitiveElementNames(names);
    }

    /** Adds to {@link #setSensitiveElementNames}. */
    public void addSensitiveElementNames(Set<String> names) {
        delegate.addSensitiveElementNames(names);
    }

    /** CXF's {@code sensitiveAttributeNames}: attributes whose values are masked, wherever they are. */
    public void setSensitiveAttributeNames(Set<String> names) {
        delegate.setSensitiveAttributeNames(names);
    }

    /** Adds to {@link #setSensitiveAttributeNames}. */
    public void addSensitiveAttributeNames(Set<String> names) {
        delegate.addSensitiveAttributeNames(names);
    }

    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked (any case), on top of the defaults. */
    public void setSensitiveProtocolHeaderNames(Set<String> names) {
        delegate.setSensitiveProtocolHeaderNames(names);
    }

    /** Adds to {@link #setSensitiveProtocolHeaderNames}. */
    public void addSensitiveProtocolHeaderNames(Set<String> names) {
        delegate.addSensitiveProtocolHeaderNames(names);
    }

    /** See {@link XmlLoggingSettings#setSensitiveParameterNames}. */
    public void setSensitiveParameterNames(Set<String> names) {
        delegate.setSensitiveParameterNames(names);
    }

    /** Adds comma-separated media types treated as binary in both directions. */
    public void addBinaryContentMediaTypes(String mediaTypes) {
        delegate.addBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in inbound messages. */
    public void addInBinaryContentMediaTypes(String mediaTypes) {
        delegate.addInBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in outbound messages. */
    public void addOutBinaryContentMediaTypes(String mediaTypes) {
        delegate.addOutBinaryContentMediaTypes(mediaTypes);
    }

    /**
     * Where records go, both directions. Default: SLF4J, text layout (JSON when {@code verbose} is false). The
     * sink is closed when the bus shuts down (closing a MongoDB sink drains its queue); sinks may be closed twice.
     */
    public void setSink(LogSink sink) {
        delegate.setSink(sink);
    }

    /** Where records of inbound messages go. */
    public void setInSink(LogSink sink) {
        delegate.setInSink(sink);
    }

    /** Where records of outbound messages go. */
    public void setOutSink(LogSink sink) {
        delegate.setOutSink(sink);
    }

    /** Indentation in spaces when {@code prettyLogging} is on (default 2). */
    public void setIndent(int spaces) {
        delegate.setIndent(spaces);
    }

    /** Cap of each text node, in chars (default: none). */
    public void setMaxTextLength(int chars) {
        delegate.setMaxTextLength(chars);
    }

    /** Cap of each CDATA section, in chars (default: none). */
    public void setMaxCdataLength(int chars) {
        delegate.setMaxCdataLength(chars);
    }

    /** Paths whose element text or attribute values are masked (see {@link XmlFormatter.Builder#anonymize}). */
    public void setAnonymize(List<String> paths) {
        delegate.setAnonymize(paths);
    }

    /** Paths whose subtrees are pruned (see {@link XmlFormatter.Builder#prune}). */
    public void setPrune(List<String> paths) {
        delegate.setPrune(paths);
    }

    /** Re-format XML embedded in text or CDATA (default off; masking reaches inside it either way). */
    public void setEmbeddedXml(boolean on) {
        delegate.setEmbeddedXml(on);
    }

    /** The WS-Security/SAML masking preset (default on). */
    public void setWsSecurity(boolean on) {
        delegate.setWsSecurity(on);
    }

    /** The mask written in place of secrets (default {@code [*****]}). */
    public void setMask(String mask) {
        delegate.setMask(mask);
    }

    /** The header that carries the correlation id in and out (default {@code X-Correlation-ID}). */
    public void setCorrelationHeader(String header) {
        delegate.setCorrelationHeader(header);
    }

    /** See {@link XmlLoggingSettings#setHost}. */
    public void setHost(CxfHost host) {
        delegate.setHost(host);
    }

    /** The message logger this feature writes with (for its failure counts); see {@link XmlLoggingSettings}. */
    public io.xmlformatter.message.MessageLogger getMessageLogger() {
        return delegate.getMessageLogger();
    }

    /** See {@link XmlLoggingSettings#setSuppressDuplicates}. */
    public void setSuppressDuplicates(boolean on) {
        delegate.setSuppressDuplicates(on);
    }

    /** See {@link XmlLoggingSettings#setStrategy}. */
    public void setStrategy(Strategy strategy) {
        delegate.setStrategy(strategy);
    }

    /** See {@link XmlLoggingSettings#setSlowThresholdMillis}. */
    public void setSlowThresholdMillis(long millis) {
        delegate.setSlowThresholdMillis(millis);
    }

    /** See {@link XmlLoggingSettings#setFaultStatus}. */
    public void setFaultStatus(int status) {
        delegate.setFaultStatus(status);
    }

    /** See {@link XmlLoggingSettings#setSampleOneIn}. */
    public void setSampleOneIn(int n) {
        delegate.setSampleOneIn(n);
    }

    /** See {@link XmlLoggingSettings#setSampleRate}. */
    public void setSampleRate(double rate) {
        delegate.setSampleRate(rate);
    }

    /** See {@link XmlLoggingSettings#setSampleKeepsFailures}. */
    public void setSampleKeepsFailures(boolean on) {
        delegate.setSampleKeepsFailures(on);
    }

    /** See {@link XmlLoggingSettings#setCorrelationFromTrace}. */
    public void setCorrelationFromTrace(boolean on) {
        delegate.setCorrelationFromTrace(on);
    }

    /** See {@link XmlLoggingSettings#setLevels}. */
    public void setLevels(String levels) {
        delegate.setLevels(levels);
    }

    /** See {@link XmlLoggingSettings#setMaxHeldBytes}. */
    public void setMaxHeldBytes(long bytes) {
        delegate.setMaxHeldBytes(bytes);
    }

    /** See {@link XmlLoggingSettings#setChain}. */
    public void setChain(boolean on) {
        delegate.setChain(on);
    }

    /** See {@link XmlLoggingSettings#setRules}. */
    public void setRules(List<XmlLoggingRule> rules) {
        delegate.setRules(rules);
    }

    /**
     * CXF's {@code sender}: records of both directions become CXF {@code LogEvent}s (payload formatted and masked,
     * headers masked) and go to {@code sender} instead of the sink, e.g. CXF's {@code Slf4jVerboseEventSender}
     * with its {@code loggingLevel}, or your own sender to ELK or Kafka.
     */
    public void setSender(LogEventSender sender) {
        delegate.setSink(new LogEventSenderSink(sender));
    }

    /** CXF's {@code inSender}: as {@link #setSender}, for records of inbound messages. */
    public void setInSender(LogEventSender sender) {
        delegate.setInSink(new LogEventSenderSink(sender));
    }

    /** CXF's {@code outSender}: as {@link #setSender}, for records of outbound messages. */
    public void setOutSender(LogEventSender sender) {
        delegate.setOutSink(new LogEventSenderSink(sender));
    }

    /** The feature proper: the settings, and the interceptors they make on each endpoint, client or bus. */
    public static class Portable extends XmlLoggingSettings implements AbstractPortableFeature {
        @Override
        public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
            installOn(provider, bus);
        }
    }
}
