package io.xmlformatter.cxf;

import io.xmlformatter.JsonMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.log.DeduplicatingSink;
import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.LogSink;
import io.xmlformatter.log.Slf4jSink;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The settings of the CXF logging: CXF's LoggingFeature properties with CXF's meaning, the engine's options and
 * the sinks, as bean setters. {@code XmlLoggingFeature} is configured through them; where a configuration lists
 * interceptors rather than features (Mule's {@code cxf:inInterceptors}, {@code jaxws:inInterceptors}),
 * {@link #getInInterceptor()} and {@link #getOutInterceptor()} give one interceptor per chain.
 *
 * <p>This class and the interceptors use only the CXF API that is the same in CXF 2.7 and 4.x (messages,
 * exchanges, phases), so the same sources build the Mule 3 adapter.
 */
public class XmlLoggingSettings {
    /** How many (correlation id, payload) pairs duplicate suppression remembers. */
    private static final int DUPLICATES_REMEMBERED = 10_000;
    /** Media types (prefixes) logged as "content suppressed" unless {@code logBinary} is set. */
    private static final List<String> BINARY_TYPES = Collections.unmodifiableList(Arrays.asList(
            "application/octet-stream", "application/pdf", "application/zip", "image/", "audio/", "video/"));

    private int limit = 48 * 1024;
    private long inMemThreshold = -1;
    private boolean pretty;
    private boolean logBinary;
    private boolean logMultipart = true;
    private boolean verbose = true;
    private final Set<String> sensitiveElements = new LinkedHashSet<>();
    private final Set<String> sensitiveAttributes = new LinkedHashSet<>();
    private final Set<String> sensitiveHeaders = new LinkedHashSet<>();
    private final Set<String> inBinary = new LinkedHashSet<>(BINARY_TYPES);
    private final Set<String> outBinary = new LinkedHashSet<>(BINARY_TYPES);
    private LogSink inSink;
    private LogSink outSink;
    private int indent = 2;
    private int maxTextLength = -1;
    private int maxCdataLength = -1;
    private List<String> anonymize = new ArrayList<>();
    private List<String> prune = new ArrayList<>();
    private boolean embeddedXml;
    private boolean wsSecurity = true;
    private String mask = XmlFormatter.DEFAULT_MASK;
    private String correlationHeader = "X-Correlation-ID";
    private boolean suppressDuplicates;
    private XmlLogging built;

    /** CXF's {@code limit}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
    public void setLimit(int limit) {
        this.limit = limit;
    }

    /** CXF's {@code inMemThreshold}: with {@code limit} -1, how much payload is kept in memory for the record. */
    public void setInMemThreshold(long threshold) {
        inMemThreshold = threshold;
    }

    /** CXF's {@code prettyLogging}: indent payloads (otherwise whitespace stays as sent). */
    public void setPrettyLogging(boolean pretty) {
        this.pretty = pretty;
    }

    /** CXF's {@code logBinary}: log binary bodies (suppressed by default). */
    public void setLogBinary(boolean logBinary) {
        this.logBinary = logBinary;
    }

    /** CXF's {@code logMultipart}: log multipart bodies; attachments are never dumped. Default true. */
    public void setLogMultipart(boolean logMultipart) {
        this.logMultipart = logMultipart;
    }

    /** CXF's {@code verbose}: the multi-line text layout (default) or one JSON line per record. */
    public void setVerbose(boolean verbose) {
        this.verbose = verbose;
    }

    /** CXF's {@code sensitiveElementNames}: elements whose content is masked, wherever they are. */
    public void setSensitiveElementNames(Set<String> names) {
        sensitiveElements.clear();
        addSensitiveElementNames(names);
    }

    /** Adds to {@link #setSensitiveElementNames}. */
    public void addSensitiveElementNames(Set<String> names) {
        sensitiveElements.addAll(names);
    }

    /** CXF's {@code sensitiveAttributeNames}: attributes whose values are masked, wherever they are. */
    public void setSensitiveAttributeNames(Set<String> names) {
        sensitiveAttributes.clear();
        addSensitiveAttributeNames(names);
    }

    /** Adds to {@link #setSensitiveAttributeNames}. */
    public void addSensitiveAttributeNames(Set<String> names) {
        sensitiveAttributes.addAll(names);
    }

    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked (any case), on top of the defaults. */
    public void setSensitiveProtocolHeaderNames(Set<String> names) {
        sensitiveHeaders.clear();
        addSensitiveProtocolHeaderNames(names);
    }

    /** Adds to {@link #setSensitiveProtocolHeaderNames}. */
    public void addSensitiveProtocolHeaderNames(Set<String> names) {
        sensitiveHeaders.addAll(names);
    }

    /** Adds comma-separated media types treated as binary in both directions. */
    public void addBinaryContentMediaTypes(String mediaTypes) {
        addInBinaryContentMediaTypes(mediaTypes);
        addOutBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in inbound messages. */
    public void addInBinaryContentMediaTypes(String mediaTypes) {
        inBinary.addAll(split(mediaTypes));
    }

    /** Adds comma-separated media types treated as binary in outbound messages. */
    public void addOutBinaryContentMediaTypes(String mediaTypes) {
        outBinary.addAll(split(mediaTypes));
    }

    /**
     * Where records go, both directions. Default: SLF4J, text layout (JSON when {@code verbose} is false). The
     * sink is closed when the bus shuts down (closing a MongoDB sink drains its queue); sinks may be closed twice.
     */
    public void setSink(LogSink sink) {
        inSink = sink;
        outSink = sink;
    }

    /** Where records of inbound messages go. */
    public void setInSink(LogSink sink) {
        inSink = sink;
    }

    /** Where records of outbound messages go. */
    public void setOutSink(LogSink sink) {
        outSink = sink;
    }

    /** Indentation in spaces when {@code prettyLogging} is on (default 2). */
    public void setIndent(int spaces) {
        indent = spaces;
    }

    /** Cap of each text node, in chars (default: none). */
    public void setMaxTextLength(int chars) {
        maxTextLength = chars;
    }

    /** Cap of each CDATA section, in chars (default: none). */
    public void setMaxCdataLength(int chars) {
        maxCdataLength = chars;
    }

    /** Paths whose element text or attribute values are masked (see {@link XmlFormatter.Builder#anonymize}). */
    public void setAnonymize(List<String> paths) {
        anonymize = new ArrayList<>(paths);
    }

    /** Paths whose subtrees are pruned (see {@link XmlFormatter.Builder#prune}). */
    public void setPrune(List<String> paths) {
        prune = new ArrayList<>(paths);
    }

    /** Re-format XML embedded in text or CDATA (default off; masking reaches inside it either way). */
    public void setEmbeddedXml(boolean on) {
        embeddedXml = on;
    }

    /** The WS-Security/SAML masking preset (default on). */
    public void setWsSecurity(boolean on) {
        wsSecurity = on;
    }

    /** The mask written in place of secrets (default {@code [*****]}). */
    public void setMask(String mask) {
        this.mask = mask;
    }

    /** The header that carries the correlation id in and out (default {@code X-Correlation-ID}). */
    public void setCorrelationHeader(String header) {
        correlationHeader = header;
    }

    /**
     * Within one correlation id, log a payload seen again (a proxy's request in, then out) once; later records
     * refer to the first (see {@link DeduplicatingSink}). Default off. With different in and out sinks, each
     * suppresses only its own repeats.
     */
    public void setSuppressDuplicates(boolean on) {
        suppressDuplicates = on;
    }

    /**
     * The interceptor for a service's or client's in and in-fault chains: it keeps the start of the body in the
     * RECEIVE phase and adds the interceptor that writes the record at PRE_INVOKE. Interceptors from one settings
     * object share its formatter and sinks; settings changed after the first call are not seen.
     */
    public Interceptor<Message> getInInterceptor() {
        XmlLogging logging = logging();
        return new ChainEntry(new PayloadTapInterceptor(logging), new XmlLoggingInInterceptor(logging));
    }

    /**
     * The interceptor for a service's or client's out and out-fault chains: it records the body as it is written
     * (PRE_STREAM) and adds the fallback that writes the record at the end of the chain.
     */
    public Interceptor<Message> getOutInterceptor() {
        XmlLogging logging = logging();
        return new ChainEntry(new XmlLoggingOutInterceptor(logging), new XmlLoggingOutInterceptor.Ending());
    }

    /**
     * Formats, masks and writes a body seen outside a CXF chain (e.g. a Mule flow's payload) with these settings.
     *
     * @param record the record's other fields; its payload, sizes and flags are set here
     * @param outbound whether the record goes to the out sink
     * @param contentType the body's content type, or null
     * @param charset the body's charset, or null for UTF-8 or as the XML declares
     * @param payload the body's first bytes
     * @param length how many of them are valid
     * @param originalSize the whole body's size, or -1 when unknown
     * @param complete whether {@code payload} holds the whole body
     */
    public void log(LogRecord.Builder record, boolean outbound, String contentType, Charset charset, byte[] payload,
                    int length, long originalSize, boolean complete) {
        XmlLogging logging = logging();
        logging.payload(record, contentType, charset, outbound, payload, length, originalSize, complete);
        (outbound ? logging.outSink : logging.inSink).write(record.build());
    }

    /**
     * Reads the first bytes of a body seen outside a CXF chain, logs them as {@link #log} does, and returns the
     * stream to read the whole body from (those bytes, then the rest of {@code body}).
     *
     * @throws IOException reading {@code body}; nothing is logged then
     */
    public InputStream log(LogRecord.Builder record, boolean outbound, String contentType, Charset charset,
                           InputStream body) throws IOException {
        TappedPayload tapped = TappedPayload.read(body, logging().captureLimit(), -1);
        log(record, outbound, contentType, charset, tapped.bytes, tapped.length, tapped.originalSize,
                tapped.complete);
        return tapped.replay(body);
    }

    /**
     * The correlation id the runtime around CXF gives {@code message} (e.g. Mule's), or null: then the inbound
     * correlation header, the caller's MDC or the exchange id is used. Returns null here.
     */
    protected String correlationIdOf(Message message) {
        return null;
    }

    /**
     * Called when a client request goes out carrying {@code id} in the correlation header of its CXF protocol
     * headers, for a runtime that sends headers its own way (Mule's HTTP module sends the Mule message's outbound
     * properties). Does nothing here.
     */
    protected void correlationIdSent(Message request, String id) {
    }

    /** The header that carries the correlation id (see {@link #setCorrelationHeader}). */
    public String getCorrelationHeader() {
        return correlationHeader;
    }

    /**
     * Adds facts of the runtime around CXF (e.g. Mule's ids) to the record of {@code message}; called after the
     * CXF facts are set, so it may replace them. Does nothing here.
     */
    protected void addFacts(Message message, LogRecord.Builder record) {
    }

    /** The runtime of interceptors made by {@link #getInInterceptor()} and friends: built once. */
    synchronized XmlLogging logging() {
        if (built == null) {
            built = build();
        }
        return built;
    }

    /** Closes the sinks (a MongoDB sink drains its queue first); sinks may be closed twice. */
    public void close() {
        XmlLogging logging;
        synchronized (this) {
            logging = built;
        }
        if (logging != null) {
            logging.close();
        }
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
        LogSink in = inSink != null ? inSink : fallback;
        LogSink out = outSink != null ? outSink : fallback;
        if (suppressDuplicates) {
            boolean one = in == out;
            in = new DeduplicatingSink(in, DUPLICATES_REMEMBERED);
            out = one ? in : new DeduplicatingSink(out, DUPLICATES_REMEMBERED);
        }
        return new XmlLogging(formatter, limit, inMemThreshold, logBinary, logMultipart,
                new HeaderMasker(sensitiveHeaders, mask), lower(inBinary), lower(outBinary),
                new Correlation(correlationHeader, this), new JsonMasker(sensitiveElements, mask), in, out,
                this::addFacts);
    }

    private static List<String> split(String mediaTypes) {
        List<String> r = new ArrayList<>();
        for (String t : mediaTypes.split(",", -1)) {
            if (!t.trim().isEmpty()) {
                r.add(t.trim().toLowerCase(Locale.ROOT));
            }
        }
        return r;
    }

    private static List<String> lower(Collection<String> types) {
        List<String> r = new ArrayList<>();
        for (String t : types) {
            r.add(t.toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableList(r);
    }
}
