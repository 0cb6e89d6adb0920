package io.xmlformatter.cxf;

import io.xmlformatter.Experimental;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.DeduplicatingSink;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The settings of the CXF logging: CXF's LoggingFeature properties with CXF's meaning, the engine's options and
 * the sinks, as bean setters, passed to a {@link MessageLogger.Builder} (all policy lives in that core message
 * logger; the interceptors only gather CXF's facts and bytes). {@code XmlLoggingFeature} is these settings as a
 * CXF feature; where a configuration lists interceptors rather than features (Mule's {@code cxf:inInterceptors},
 * {@code jaxws:inInterceptors}), {@link #getInInterceptor()} and {@link #getOutInterceptor()} give one interceptor
 * per chain.
 *
 * <p>This class and the interceptors use only the CXF API that CXF 2.7 to 4.2 share (messages, exchanges, phases,
 * interceptor providers, the bus life cycle), so the one jar also runs inside Mule 3 on CXF 2.7.
 */
public class XmlLoggingSettings {
    private final MessageLogger.Builder logger;
    private final MessageLogger given;
    private String correlationHeader = "X-Correlation-ID";
    private CxfHost host = new CxfHost() { };
    private CxfLogging built;
    /** The buses whose shutdown closes the sinks. */
    private final Set<Bus> closingWith = Collections.newSetFromMap(new WeakHashMap<Bus, Boolean>());

    /** Settings with the message logger's defaults, changed by the setters. */
    public XmlLoggingSettings() {
        this.logger = MessageLogger.builder();
        this.given = null;
    }

    /**
     * Settings that log with {@code messageLogger}, built elsewhere (a Spring Boot application's, shared with its
     * JAX-RS logging): the setters of options then throw, as those options are the logger's.
     */
    public XmlLoggingSettings(MessageLogger messageLogger) {
        this.logger = null;
        this.given = java.util.Objects.requireNonNull(messageLogger, "messageLogger");
        this.correlationHeader = messageLogger.correlationHeader();
    }

    /** The builder the setters change; none when the settings were given a built message logger. */
    private MessageLogger.Builder options() {
        if (logger == null) {
            throw new IllegalStateException("xml-formatter-cxf: these settings log with a given MessageLogger; "
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
        options().sensitiveElementNames(names);
    }

    /** Adds to {@link #setSensitiveElementNames}. */
    public void addSensitiveElementNames(Set<String> names) {
        options().addSensitiveElementNames(names);
    }

    /** CXF's {@code sensitiveAttributeNames}: attributes whose values are masked, wherever they are. */
    public void setSensitiveAttributeNames(Set<String> names) {
        options().sensitiveAttributeNames(names);
    }

    /** Adds to {@link #setSensitiveAttributeNames}. */
    public void addSensitiveAttributeNames(Set<String> names) {
        options().addSensitiveAttributeNames(names);
    }

    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked (any case), on top of the defaults. */
    public void setSensitiveProtocolHeaderNames(Set<String> names) {
        options().sensitiveHeaderNames(names);
    }

    /** Adds to {@link #setSensitiveProtocolHeaderNames}. */
    public void addSensitiveProtocolHeaderNames(Set<String> names) {
        options().addSensitiveHeaderNames(names);
    }

    /**
     * URL query and form parameters whose values are masked (any case), on top of the defaults ({@code password},
     * {@code access_token}, {@code client_secret}, ...) and the sensitive element names.
     */
    public void setSensitiveParameterNames(Set<String> names) {
        options().sensitiveParameterNames(names);
    }

    /** Adds comma-separated media types treated as binary in both directions. */
    public void addBinaryContentMediaTypes(String mediaTypes) {
        addInBinaryContentMediaTypes(mediaTypes);
        addOutBinaryContentMediaTypes(mediaTypes);
    }

    /** Adds comma-separated media types treated as binary in inbound messages. */
    public void addInBinaryContentMediaTypes(String mediaTypes) {
        options().addInBinaryMediaTypes(split(mediaTypes));
    }

    /** Adds comma-separated media types treated as binary in outbound messages. */
    public void addOutBinaryContentMediaTypes(String mediaTypes) {
        options().addOutBinaryMediaTypes(split(mediaTypes));
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

    /** Indentation in spaces when {@code prettyLogging} is on (default 2). */
    public void setIndent(int spaces) {
        options().indent(spaces);
    }

    /** Cap of each text node, in chars (default: none). */
    public void setMaxTextLength(int chars) {
        options().maxTextLength(chars);
    }

    /** Cap of each CDATA section, in chars (default: none). */
    public void setMaxCdataLength(int chars) {
        options().maxCdataLength(chars);
    }

    /** Paths whose element text or attribute values are masked (see {@link XmlFormatter.Builder#anonymize}). */
    public void setAnonymize(List<String> paths) {
        options().anonymize(paths);
    }

    /** Paths whose subtrees are pruned (see {@link XmlFormatter.Builder#prune}). */
    public void setPrune(List<String> paths) {
        options().prune(paths);
    }

    /**
     * JSON values masked by path (see {@link io.xmlformatter.message.MessageLogger.Builder#anonymizeJson}), e.g.
     * {@code $.payment.card.number}, {@code $..password}, {@code /items/0/iban}.
     */
    public void setAnonymizeJson(List<String> paths) {
        options().anonymizeJson(paths);
    }

    /** JSON values pruned by path (see {@link io.xmlformatter.message.MessageLogger.Builder#pruneJson}). */
    public void setPruneJson(List<String> paths) {
        options().pruneJson(paths);
    }

    /** Re-format XML embedded in text or CDATA (default off; masking reaches inside it either way). */
    public void setEmbeddedXml(boolean on) {
        options().embeddedXml(on);
    }

    /** The WS-Security/SAML masking preset (default on). */
    public void setWsSecurity(boolean on) {
        options().wsSecurity(on);
    }

    /**
     * Value detectors by name ({@code card-numbers}, {@code card-numbers-first-six-last-four}, {@code ibans},
     * {@code email-addresses}): what they find is masked wherever it stands (see
     * {@link io.xmlformatter.message.MessageLogger.Builder#detect(java.util.Collection)}). Default: none.
     */
    @Experimental
    public void setDetect(List<String> names) {
        options().detect(names);
    }

    /** The mask written in place of secrets (default {@code [*****]}). */
    public void setMask(String mask) {
        options().mask(mask);
    }

    /**
     * A secret key (at least 16 bytes as UTF-8; from the environment, never in a file under version control): masked
     * values are written as their keyed pseudonyms ({@code [h:3f9a2c1e]}) instead of the mask (see
     * {@link Pseudonyms}). An empty key is refused. Default: none (the mask).
     */
    @Experimental
    public void setPseudonymKey(String key) {
        options().pseudonyms(Pseudonyms.keyed(key));
    }

    /** The header that carries the correlation id in and out (default {@code X-Correlation-ID}). */
    public void setCorrelationHeader(String header) {
        options().correlationHeader(header);
        correlationHeader = header;
    }

    /**
     * Within one correlation id, log a payload seen again (a proxy's request in, then out) once; later records
     * refer to the first (see {@link DeduplicatingSink}). Default off. With different in and out sinks, each
     * suppresses only its own repeats.
     */
    public void setSuppressDuplicates(boolean on) {
        options().suppressDuplicates(on);
    }

    /** Which records of an exchange are written, with or without bodies (see {@link Strategy}; default ALWAYS). */
    public void setStrategy(Strategy strategy) {
        options().strategy(strategy);
    }

    /** An exchange taking at least this many milliseconds is slow (see {@link MessageLogger.Builder#slowThreshold}). */
    public void setSlowThresholdMillis(long millis) {
        options().slowThreshold(java.time.Duration.ofMillis(millis));
    }

    /** The HTTP status at or above which a response is a fault (default 500). */
    public void setFaultStatus(int status) {
        options().faultStatus(status);
    }

    /** Logs one exchange in {@code n} (see {@link MessageLogger.Builder#sampleOneIn}). */
    public void setSampleOneIn(int n) {
        options().sampleOneIn(n);
    }

    /** Logs exchanges at this rate (see {@link MessageLogger.Builder#sampleRate}). */
    public void setSampleRate(double rate) {
        options().sampleRate(rate);
    }

    /** Whether an exchange left out by sampling is still logged when it fails (default true). */
    public void setSampleKeepsFailures(boolean on) {
        options().sampleKeepsFailures(on);
    }

    /** Use the trace id as the correlation id when no correlation header came (default false). */
    public void setCorrelationFromTrace(boolean on) {
        options().correlationFromTrace(on);
    }

    /**
     * The levels of records by outcome, e.g. {@code "DEBUG,WARN,ERROR"}: success, client error, failure (see
     * {@link MessageLogger.Builder#levels}).
     */
    public void setLevels(String levels) {
        LogLevel[] l = levels(levels);
        options().levels(l[0], l[1], l[2]);
    }

    /** The most bytes of bodies held for exchanges whose outcome is not known yet (default 32 MiB). */
    public void setMaxHeldBytes(long bytes) {
        options().maxHeldBytes(bytes);
    }

    /** The whole chain on failure (see {@link MessageLogger.Builder#chain}; default off). */
    public void setChain(boolean on) {
        options().chain(on);
    }

    /** The most records one chain holds (see {@link MessageLogger.Builder#chainMaxRecords}; default 256). */
    public void setChainMaxRecords(int records) {
        options().chainMaxRecords(records);
    }

    /** The longest a chain is held, in milliseconds (see {@link MessageLogger.Builder#chainMaxAge}; default 2 min). */
    public void setChainMaxAgeMillis(long millis) {
        options().chainMaxAge(java.time.Duration.ofMillis(millis));
    }

    /**
     * One record per exchange: the request's record within the response's, with the SOAPAction, WS-Addressing
     * Action and RelatesTo and a fault's code and reason (see {@link MessageLogger.Builder#recordPerExchange};
     * default off).
     */
    public void setRecordPerExchange(boolean on) {
        options().recordPerExchange(on);
    }

    /** Rules for some exchanges (by port type, operation, path, ...), tried in order; see {@link XmlLoggingRule}. */
    public void setRules(List<XmlLoggingRule> rules) {
        MessageLogger.Builder b = options();
        for (XmlLoggingRule r : rules) {
            r.addTo(b);
        }
    }

    /** Three level names, comma-separated: success, client error, failure. */
    private static LogLevel[] levels(String names) {
        String[] parts = names == null ? new String[0] : names.split(",");
        if (parts.length != 3) {
            throw new IllegalArgumentException("levels: give three of " + java.util.Arrays.toString(LogLevel.values())
                    + ", comma-separated (success, client error, failure), not '" + names + "'");
        }
        LogLevel[] levels = new LogLevel[3];
        for (int i = 0; i < 3; i++) {
            try {
                levels[i] = LogLevel.valueOf(parts[i].trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("levels: '" + parts[i].trim() + "' is not one of "
                        + java.util.Arrays.toString(LogLevel.values()), e);
            }
        }
        return levels;
    }

    /**
     * The interceptor for a service's or client's in and in-fault chains: it keeps the start of the body in the
     * RECEIVE phase and adds the interceptor that writes the record at PRE_INVOKE. Interceptors from one settings
     * object share its formatter and sinks; settings changed after the first call are not seen.
     */
    public Interceptor<Message> getInInterceptor() {
        CxfLogging logging = logging();
        return new ChainEntry(new PayloadTapInterceptor(logging), new XmlLoggingInInterceptor(logging));
    }

    /**
     * The interceptor for a service's or client's out and out-fault chains: it records the body as it is written
     * (PRE_STREAM) and adds the fallback that writes the record at the end of the chain.
     */
    public Interceptor<Message> getOutInterceptor() {
        CxfLogging logging = logging();
        return new ChainEntry(new XmlLoggingOutInterceptor(logging), new XmlLoggingOutInterceptor.Ending());
    }

    /**
     * Adds the interceptors of these settings to {@code provider} (an endpoint, a client or a bus): the in and
     * in-fault chains get the body tap and the record writer, the out and out-fault chains the body recorder and
     * its fallback. When {@code bus} shuts down, the sinks are closed (a MongoDB sink drains its queue first).
     * This is what {@code XmlLoggingFeature}, {@code @XmlLogging} and the bus-wide switch do on every CXF line.
     * Nothing happens when {@code provider} already has interceptors of some xml-formatter settings: a message is
     * never logged twice by one provider.
     */
    public void installOn(InterceptorProvider provider, Bus bus) {
        if (installedOn(provider)) {
            return;
        }
        CxfLogging logging = logging();
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

    /** Whether {@code provider} already has interceptors of some xml-formatter settings. */
    static boolean installedOn(InterceptorProvider provider) {
        for (Interceptor<?> i : provider.getInInterceptors()) {
            if (i instanceof PayloadTapInterceptor) {
                return true;
            }
        }
        return false;
    }

    /**
     * When the bus shuts down, sinks that hold resources (a MongoDB sink's queue and client) are closed: one
     * listener per bus, however many endpoints and clients (an application that makes a client per call adds no
     * listener after the first).
     */
    private void closeSinksWith(Bus bus, CxfLogging logging) {
        BusLifeCycleManager lifeCycle = bus == null ? null : bus.getExtension(BusLifeCycleManager.class);
        if (lifeCycle == null) {
            return;
        }
        synchronized (closingWith) {
            if (!closingWith.add(bus)) {
                return;
            }
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
                logging.close();
            }
        });
    }

    /**
     * Where the correlation id, the host's own id of a message and its facts come from when CXF runs inside
     * another runtime (Mule); by default nothing is added.
     */
    public void setHost(CxfHost host) {
        this.host = host;
    }

    /** The header that carries the correlation id (see {@link #setCorrelationHeader}). */
    public String getCorrelationHeader() {
        return correlationHeader;
    }

    /**
     * The message logger these settings describe, built on first use and shared with the interceptors: for
     * bodies seen outside a CXF chain (a Mule flow's payload). Settings changed afterwards are not seen.
     */
    public MessageLogger getMessageLogger() {
        return logging().logger;
    }

    /** The runtime of interceptors made by {@link #getInInterceptor()} and friends: built once. */
    synchronized CxfLogging logging() {
        if (built == null) {
            built = build();
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

    /**
     * The shared runtime these settings describe.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    CxfLogging build() {
        try {
            return new CxfLogging(given != null ? given : logger.build(), host);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("xml-formatter-cxf: " + e.getMessage(), e);
        }
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
}
