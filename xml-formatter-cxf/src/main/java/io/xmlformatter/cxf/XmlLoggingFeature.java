package io.xmlformatter.cxf;

import io.xmlformatter.JsonMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.log.LogSink;
import io.xmlformatter.log.Slf4jSink;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.feature.AbstractPortableFeature;
import org.apache.cxf.feature.DelegatingFeature;
import org.apache.cxf.interceptor.InterceptorProvider;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
 * per message goes to the sink ({@link Slf4jSink} under CXF's logger names by default).
 */
public class XmlLoggingFeature extends DelegatingFeature<XmlLoggingFeature.Portable> {

    /** A feature with the defaults: limit 48 KiB, WS-Security preset, raw (unindented) payloads, SLF4J text. */
    public XmlLoggingFeature() {
        super(new Portable());
    }

    /** CXF's {@code limit}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
    public void setLimit(int limit) {
        delegate.limit = limit;
    }

    /** CXF's {@code inMemThreshold}: with {@code limit} -1, how much payload is kept in memory for the record. */
    public void setInMemThreshold(long threshold) {
        delegate.inMemThreshold = threshold;
    }

    /** CXF's {@code prettyLogging}: indent payloads (otherwise whitespace stays as sent). */
    public void setPrettyLogging(boolean pretty) {
        delegate.pretty = pretty;
    }

    /** CXF's {@code logBinary}: log binary bodies (suppressed by default). */
    public void setLogBinary(boolean logBinary) {
        delegate.logBinary = logBinary;
    }

    /** CXF's {@code logMultipart}: log multipart bodies; attachments are never dumped. Default true. */
    public void setLogMultipart(boolean logMultipart) {
        delegate.logMultipart = logMultipart;
    }

    /** CXF's {@code verbose}: the multi-line text layout (default) or one JSON line per record. */
    public void setVerbose(boolean verbose) {
        delegate.verbose = verbose;
    }

    /** CXF's {@code sensitiveElementNames}: elements whose content is masked, wherever they are. */
    public void setSensitiveElementNames(Set<String> names) {
        delegate.sensitiveElements.clear();
        addSensitiveElementNames(names);
    }

    /** Adds to {@link #setSensitiveElementNames}. */
    public void addSensitiveElementNames(Set<String> names) {
        delegate.sensitiveElements.addAll(names);
    }

    /** CXF's {@code sensitiveAttributeNames}: attributes whose values are masked, wherever they are. */
    public void setSensitiveAttributeNames(Set<String> names) {
        delegate.sensitiveAttributes.clear();
        addSensitiveAttributeNames(names);
    }

    /** Adds to {@link #setSensitiveAttributeNames}. */
    public void addSensitiveAttributeNames(Set<String> names) {
        delegate.sensitiveAttributes.addAll(names);
    }

    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked (any case), on top of the defaults. */
    public void setSensitiveProtocolHeaderNames(Set<String> names) {
        delegate.sensitiveHeaders.clear();
        addSensitiveProtocolHeaderNames(names);
    }

    /** Adds to {@link #setSensitiveProtocolHeaderNames}. */
    public void addSensitiveProtocolHeaderNames(Set<String> names) {
        delegate.sensitiveHeaders.addAll(names);
    }

    /** Adds comma-separated media types treated as binary in both directions. */
    public void addBinaryContentMediaTypes(String mediaTypes) {
        addInBinaryContentMediaTypes(mediaTypes);
        addOutBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in inbound messages. */
    public void addInBinaryContentMediaTypes(String mediaTypes) {
        delegate.inBinary.addAll(split(mediaTypes));
    }

    /** Adds comma-separated media types treated as binary in outbound messages. */
    public void addOutBinaryContentMediaTypes(String mediaTypes) {
        delegate.outBinary.addAll(split(mediaTypes));
    }

    /**
     * Where records go, both directions. Default: SLF4J, text layout (JSON when {@code verbose} is false). The
     * sink is closed when the bus shuts down (closing a MongoDB sink drains its queue); sinks may be closed twice.
     */
    public void setSink(LogSink sink) {
        delegate.inSink = sink;
        delegate.outSink = sink;
    }

    /** Where records of inbound messages go. */
    public void setInSink(LogSink sink) {
        delegate.inSink = sink;
    }

    /** Where records of outbound messages go. */
    public void setOutSink(LogSink sink) {
        delegate.outSink = sink;
    }

    /** Indentation in spaces when {@code prettyLogging} is on (default 2). */
    public void setIndent(int spaces) {
        delegate.indent = spaces;
    }

    /** Cap of each text node, in chars (default: none). */
    public void setMaxTextLength(int chars) {
        delegate.maxTextLength = chars;
    }

    /** Cap of each CDATA section, in chars (default: none). */
    public void setMaxCdataLength(int chars) {
        delegate.maxCdataLength = chars;
    }

    /** Paths whose element text or attribute values are masked (see {@link XmlFormatter.Builder#anonymize}). */
    public void setAnonymize(List<String> paths) {
        delegate.anonymize = new ArrayList<>(paths);
    }

    /** Paths whose subtrees are pruned (see {@link XmlFormatter.Builder#prune}). */
    public void setPrune(List<String> paths) {
        delegate.prune = new ArrayList<>(paths);
    }

    /** Re-format XML embedded in text or CDATA (default off; masking reaches inside it either way). */
    public void setEmbeddedXml(boolean on) {
        delegate.embeddedXml = on;
    }

    /** The WS-Security/SAML masking preset (default on). */
    public void setWsSecurity(boolean on) {
        delegate.wsSecurity = on;
    }

    /** The mask written in place of secrets (default {@code [*****]}). */
    public void setMask(String mask) {
        delegate.mask = mask;
    }

    /** The header that carries the correlation id in and out (default {@code X-Correlation-ID}). */
    public void setCorrelationHeader(String header) {
        delegate.correlationHeader = header;
    }

    private static List<String> split(String mediaTypes) {
        List<String> r = new ArrayList<>();
        for (String t : mediaTypes.split(",")) {
            if (!t.trim().isEmpty()) {
                r.add(t.trim().toLowerCase(Locale.ROOT));
            }
        }
        return r;
    }

    /** The feature proper; {@link XmlLoggingFeature} configures it with CXF's bean-style setters. */
    public static class Portable implements AbstractPortableFeature {
        /** Media types (prefixes) logged as "content suppressed" unless {@code logBinary} is set. */
        static final List<String> BINARY_TYPES = Collections.unmodifiableList(Arrays.asList(
                "application/octet-stream", "application/pdf", "application/zip", "image/", "audio/", "video/"));

        int limit = 48 * 1024;
        long inMemThreshold = -1;
        boolean pretty;
        boolean logBinary;
        boolean logMultipart = true;
        boolean verbose = true;
        final Set<String> sensitiveElements = new LinkedHashSet<>();
        final Set<String> sensitiveAttributes = new LinkedHashSet<>();
        final Set<String> sensitiveHeaders = new LinkedHashSet<>();
        final Set<String> inBinary = new LinkedHashSet<>(BINARY_TYPES);
        final Set<String> outBinary = new LinkedHashSet<>(BINARY_TYPES);
        LogSink inSink;
        LogSink outSink;
        int indent = 2;
        int maxTextLength = -1;
        int maxCdataLength = -1;
        List<String> anonymize = new ArrayList<>();
        List<String> prune = new ArrayList<>();
        boolean embeddedXml;
        boolean wsSecurity = true;
        String mask = XmlFormatter.DEFAULT_MASK;
        String correlationHeader = "X-Correlation-ID";

        @Override
        public void doInitializeProvider(InterceptorProvider provider, Bus bus) {
            XmlLogging logging = build();
            closeSinksWith(bus, logging);
            PayloadTapInterceptor tap = new PayloadTapInterceptor(logging);
            XmlLoggingInInterceptor in = new XmlLoggingInInterceptor(logging);
            XmlLoggingOutInterceptor out = new XmlLoggingOutInterceptor(logging);
            provider.getInInterceptors().add(tap);
            provider.getInInterceptors().add(in);
            provider.getInFaultInterceptors().add(tap);
            provider.getInFaultInterceptors().add(in);
            XmlLoggingOutInterceptor.Ending ending = new XmlLoggingOutInterceptor.Ending();
            provider.getOutInterceptors().add(out);
            provider.getOutInterceptors().add(ending);
            provider.getOutFaultInterceptors().add(out);
            provider.getOutFaultInterceptors().add(ending);
        }

        /** When the bus shuts down, sinks that hold resources (a MongoDB sink's queue and client) are closed. */
        private void closeSinksWith(Bus bus, XmlLogging logging) {
            BusLifeCycleManager lifeCycle = bus == null ? null : bus.getExtension(BusLifeCycleManager.class);
            if (lifeCycle == null) {
                return;
            }
            lifeCycle.registerLifeCycleListener(new BusLifeCycleListener() {
                @Override
                public void initComplete() {
                }

                @Override
                public void preShutdown() {
                }

                @Override
                public void postShutdown() {
                    logging.inSink.close();
                    if (logging.outSink != logging.inSink) {
                        logging.outSink.close();
                    }
                }
            });
        }

        /**
         * The shared runtime these settings describe.
         *
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        XmlLogging build() {
            XmlFormatter.Builder b = XmlFormatter.builder().maxTextLength(maxTextLength)
                    .maxCdataLength(maxCdataLength).embeddedXml(embeddedXml).mask(mask);
            if (pretty) {
                b.indent(indent);
            } else {
                b.keepWhitespace();
            }
            if (limit >= 0) {
                b.maxDocumentLength(limit);
            }
            if (wsSecurity) {
                b.wsSecurity();
            }
            for (String name : sensitiveElements) {
                b.anonymize("//" + name);
            }
            for (String name : sensitiveAttributes) {
                b.anonymize("//@" + name);
            }
            b.anonymize(anonymize).prune(prune.toArray(new String[0]));
            XmlFormatter formatter;
            try {
                formatter = b.build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("xml-formatter-cxf: bad masking or pruning setting: "
                        + e.getMessage(), e);
            }
            LogSink fallback = verbose ? Slf4jSink.text() : Slf4jSink.json();
            return new XmlLogging(formatter, limit, inMemThreshold, logBinary, logMultipart,
                    new HeaderMasker(sensitiveHeaders, mask), lower(inBinary), lower(outBinary),
                    new Correlation(correlationHeader), new JsonMasker(sensitiveElements, mask),
                    inSink != null ? inSink : fallback,
                    outSink != null ? outSink : fallback);
        }

        private static List<String> lower(Collection<String> types) {
            List<String> r = new ArrayList<>();
            for (String t : types) {
                r.add(t.toLowerCase(Locale.ROOT));
            }
            return Collections.unmodifiableList(r);
        }
    }
}
