package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.ValueMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.DeduplicatingSink;
import io.xmlformatter.sink.Slf4jSink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one place that decides how a message becomes a record, whatever the transport: adapters (CXF, Mule,
 * JAX-RS) hand it the facts of a message and the bytes they captured of its body, and it masks the address's
 * query parameters and the headers by name, turns the body into a masked payload and writes one record to the
 * sink of the message's direction.
 *
 * <p><b>No byte of a body reaches a record except through a masking filter.</b> XML and any other text go
 * through the engine (which masks markup wherever it starts); JSON, with or without a byte order mark, through
 * the JSON masker (and the engine too when it holds markup); form bodies through the parameter masker; multipart
 * bodies part by part under the same rule, with part headers ending in CRLF or LF. A {@code Content-Encoding} of
 * gzip or deflate is decoded up to the limit; any other becomes {@code [body not logged: Content-Encoding X]}.
 * A charset label that does not fit the bytes is flagged and the body not shown. Binary types are suppressed.
 *
 * <p>Logging never fails the call: an error while making the record gives a record without the body; a sink that
 * throws is counted ({@link #sinkFailures()}) and reported through {@code java.util.logging}. Built once by
 * {@link #builder()}; immutable and thread-safe.
 */
public final class MessageLogger implements AutoCloseable {
    /** Media types (prefixes) suppressed unless {@code logBinary} is set. */
    public static final List<String> BINARY_TYPES = Collections.unmodifiableList(Arrays.asList(
            "application/octet-stream", "application/pdf", "application/zip", "image/", "audio/", "video/"));
    /** CXF's text for content that is not logged. */
    public static final String CONTENT_SUPPRESSED = BodyRenderer.CONTENT_SUPPRESSED;
    private static final Logger REPORT = Logger.getLogger(MessageLogger.class.getName());
    private static final int DUPLICATES_REMEMBERED = 10_000;

    private final BodyRenderer renderer;
    private final HeaderMasker headers;
    private final ParameterMasker parameters;
    /** The gate every field of a record but its payload passes, and the ids an exchange carries. */
    private final RecordFields fields;
    private final List<String> inBinary;
    private final List<String> outBinary;
    private final LogSink inSink;
    private final LogSink outSink;
    private final int captureLimit;
    private final String correlationHeader;
    private final Strategy strategy;
    private final long slowNanos;
    private final int faultStatus;
    private final int sampleOneIn;
    private final double sampleRate;
    private final boolean sampleKeepsFailures;
    private final boolean correlationFromTrace;
    /** The level for a success, a client error and a failure; null: the sink's own. */
    private final LogLevel[] levels;
    /**
     * The most severe of {@link #levels}, asked of the sink before capturing (a failure may come, whatever a
     * success's level); null: the sink's own.
     */
    private final LogLevel severestLevel;
    private final long maxHeldBytes;
    private final AtomicLong heldBytes = new AtomicLong();
    private final AtomicLong heldOverflows = new AtomicLong();
    private final AtomicLong exchanges = new AtomicLong();
    private final boolean chain;
    private final boolean recordPerExchange;
    private final int maxChainRecords;
    private final long chainMaxAgeNanos;
    /** The shared chains by correlation id (with the chain option). */
    private final ConcurrentMap<String, ExchangeChain> chains = new ConcurrentHashMap<>();
    private final AtomicLong begun = new AtomicLong();
    /** The rules, in order: a match and its logger (null: not logged). */
    private final List<Rule> rules;
    /** This logger's configuration, to derive others from ({@link #derive}). */
    private final Builder configuration;
    /** The logger this one was derived from (it holds the chains and the held bound), or null. */
    private final MessageLogger parent;
    private final AtomicLong sinkFailures = new AtomicLong();
    private final AtomicLong recordFailures = new AtomicLong();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();

    private MessageLogger(Builder b, XmlFormatter formatter, LogSink in, LogSink out, MessageLogger parent) {
        this.parent = parent;
        this.configuration = b.copy();
        String mask = b.mask;
        Masks masks = new Masks(mask, b.pseudonyms);
        ValueMasker valueMasker = formatter.valueMasker();
        DetectedValues values = valueMasker == null ? null : new DetectedValues(valueMasker);
        headers = new HeaderMasker(b.sensitiveHeaders, masks, values);
        Set<String> parameterNames = new LinkedHashSet<>(b.sensitiveParameters);
        parameterNames.addAll(b.sensitiveElements);
        parameters = new ParameterMasker(parameterNames, masks, values);
        fields = new RecordFields(parameters, values != null);
        captureLimit = b.limit >= 0 ? b.limit
                : b.inMemThreshold > 0 ? (int) Math.min(b.inMemThreshold, Integer.MAX_VALUE - 8) : 128 * 1024;
        JsonMasker json = new JsonMasker(b.sensitiveElements, b.anonymizeJson, b.pruneJson, mask, b.pseudonyms,
                valueMasker);
        renderer = new BodyRenderer(formatter, json, parameters, headers, valueMasker, mask, b.limit, captureLimit,
                b.logBinary, b.logMultipart, b.pretty ? b.indent : 0, b.maxTextLength);
        inBinary = lower(b.inBinary);
        outBinary = lower(b.outBinary);
        inSink = in;
        outSink = out;
        correlationHeader = b.correlationHeader;
        strategy = b.strategy;
        slowNanos = b.slowThreshold == null ? Long.MAX_VALUE : b.slowThreshold.toNanos();
        faultStatus = b.faultStatus;
        sampleOneIn = b.sampleOneIn;
        sampleRate = b.sampleRate;
        sampleKeepsFailures = b.sampleKeepsFailures;
        correlationFromTrace = b.correlationFromTrace;
        levels = b.levels == null ? null : b.levels.clone();
        severestLevel = levels == null ? null : severest(levels);
        maxHeldBytes = b.maxHeldBytes;
        chain = b.chain;
        recordPerExchange = b.recordPerExchange;
        maxChainRecords = b.maxChainRecords;
        chainMaxAgeNanos = b.chainMaxAge.toNanos();
        rules = rules(b.rules);
    }

    /** Each rule's logger, derived from this one with its override. */
    private List<Rule> rules(List<RuleSpec> specs) {
        List<Rule> built = new ArrayList<>();
        for (RuleSpec r : specs) {
            try {
                built.add(new Rule(r.match, r.override == null ? null : derive(r.override)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the rule for " + r.match + ": " + e.getMessage(), e);
            }
        }
        return Collections.unmodifiableList(built);
    }

    /**
     * A logger with this one's configuration changed by {@code override} (a limit, paths, the strategy, ...), for
     * some exchanges (e.g. an annotated resource method): it writes to the same sinks, and its exchanges share this
     * logger's chains and held-bytes bound. Rules are not carried over.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public MessageLogger derive(Consumer<Builder> override) {
        Builder b = configuration.copy();
        b.rules.clear();
        override.accept(b);
        b.rules.clear();
        b.inSink = inSink;
        b.outSink = outSink;
        b.suppressDuplicates = false; // the shared sinks already are
        return b.build(root());
    }

    /**
     * A builder holding this logger's whole configuration (every option, its sinks and rules), to build another
     * logger like it with some options changed: {@code logger.toBuilder().limit(4096).build()}. The logger it builds
     * is independent of this one (its own chains and held-bytes bound); {@link #derive} makes one that shares them.
     */
    public Builder toBuilder() {
        return configuration.copy();
    }

    /** The logger that holds the chains and the held bound: the one this was derived from, or this. */
    MessageLogger root() {
        return parent != null ? parent : this;
    }

    private static LogLevel severest(LogLevel[] levels) {
        LogLevel l = levels[0];
        for (LogLevel x : levels) {
            l = x.compareTo(l) > 0 ? x : l;
        }
        return l;
    }

    /** A builder with the defaults: limit 48 KiB, WS-Security preset, whitespace as sent, SLF4J text. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Whether a message of this type would be logged: ask before capturing its body (a sink switched off costs
     * nothing then).
     *
     * @param owner the port type or service name, or null when not known
     */
    public boolean wouldLog(MessageType type, String owner) {
        try {
            return severestLevel == null ? sink(type).wouldWrite(type, owner)
                    : sink(type).wouldWrite(type, owner, severestLevel);
        } catch (RuntimeException | LinkageError e) {
            failed(sinkFailures, e);
            return false;
        }
    }

    /** How many bytes of a body to capture for its record. */
    public int captureLimit() {
        return captureLimit;
    }

    /** The header that carries the correlation id in and out. */
    public String correlationHeader() {
        return correlationHeader;
    }

    /**
     * A server exchange begins: its correlation id is the host's, else the correlation header's, else (by option)
     * the trace id, else its own id; its trace context is the current OpenTelemetry span's (when the OpenTelemetry
     * API is on the class path), else the {@code traceparent} (or {@code b3}) header's, else the one a tracer put in
     * the MDC ({@code traceId}, {@code spanId}: Micrometer Tracing with Brave, Sleuth).
     * Ids and trace go into the MDC until {@link ExchangeLog#end}.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request (e.g. Mule's), or null
     * @param exchangeId the runtime's id of the exchange (CXF's, shared with its own logging), or null for a new one
     */
    public ExchangeLog serverExchange(Function<String, String> headers, String hostCorrelationId, String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : ExchangeLog.idOf(h.apply(correlationHeader));
        return new ExchangeLog(this, exchangeId, id, TraceContext.find(h, false), sampled(), true);
    }

    /**
     * A client exchange begins, on the caller's thread: its correlation id is the host's, else the request's
     * correlation header, else the caller's (from the MDC), else its own id (the adapter sends it on in the
     * correlation header); its trace context is the current OpenTelemetry span's, else the request's
     * {@code traceparent}/{@code b3} header, else the caller's from the MDC (an exchange's {@code trace_id}, else a
     * tracer's {@code traceId}). The MDC is not changed.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request, or null
     * @param exchangeId the runtime's id of the exchange, or null for a new one
     */
    public ExchangeLog clientExchange(Function<String, String> headers, String hostCorrelationId, String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : ExchangeLog.idOf(h.apply(correlationHeader));
        if (id == null) {
            id = ExchangeLog.idOf(Mdc.get(Mdc.CORRELATION_ID));
        }
        return new ExchangeLog(this, exchangeId, id, TraceContext.find(h, true), sampled(), false);
    }

    /**
     * The logger for an exchange with these facts (null where not known): the first rule's that matches
     * ({@link Builder#rule}), this one when none does, null when a rule excludes the exchange.
     *
     * @param service the port type or service name, the resource class's simple name, or the flow's name
     * @param operation the SOAP operation or the resource method's name
     * @param path the address path, without the query
     */
    public MessageLogger forExchange(String service, String operation, String path, String httpMethod,
            String soapAction) {
        for (Rule r : rules) {
            if (r.match.matches(service, operation, path, httpMethod, soapAction)) {
                return r.logger;
            }
        }
        return this;
    }

    /** A rule as built: its match and its logger (null: the exchanges it matches are not logged). */
    private static final class Rule {
        final ExchangeMatch match;
        final MessageLogger logger;

        Rule(ExchangeMatch match, MessageLogger logger) {
            this.match = match;
            this.logger = logger;
        }
    }

    /** A rule as configured: its match and its override (null: excluded). */
    private static final class RuleSpec {
        final ExchangeMatch match;
        final Consumer<Builder> override;

        RuleSpec(ExchangeMatch match, Consumer<Builder> override) {
            this.match = match;
            this.override = override;
        }
    }

    /** Whether the next exchange is sampled: one in N (counted), or at the rate (random). */
    private boolean sampled() {
        if (sampleOneIn > 1) {
            return exchanges.getAndIncrement() % sampleOneIn == 0;
        }
        return sampleRate >= 1 || ThreadLocalRandom.current().nextDouble() < sampleRate;
    }

    Strategy strategy() {
        return strategy;
    }

    long slowNanos() {
        return slowNanos;
    }

    int faultStatus() {
        return faultStatus;
    }

    boolean sampleKeepsFailures() {
        return sampleKeepsFailures;
    }

    boolean correlationFromTrace() {
        return correlationFromTrace;
    }

    /** The gate for fields and ids. */
    RecordFields fields() {
        return fields;
    }

    /** The level of a record of an exchange with this outcome; null: the sink's own. */
    LogLevel level(ExchangeLog.Outcome outcome) {
        if (levels == null) {
            return null;
        }
        switch (outcome) {
            case FAILURE:
                return levels[2];
            case CLIENT_ERROR:
                return levels[1];
            default:
                return levels[0];
        }
    }

    /** Reserves room for a held body; false when the held records would pass the bound. */
    boolean reserve(long bytes) {
        long now = heldBytes.addAndGet(bytes);
        if (now > maxHeldBytes) {
            heldBytes.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    /** Counts a record written without its body because the held records were over a bound. */
    void overflowed() {
        heldOverflows.incrementAndGet();
    }

    /** Whether exchanges sharing a correlation id share a chain (the chain option). */
    boolean sharesChains() {
        return chain;
    }

    /** Whether an exchange's request and response make one record (the record-per-exchange option). */
    boolean recordPerExchange() {
        return recordPerExchange;
    }

    /** Writes a record made elsewhere (the record of a whole exchange) to the sink of its direction. Never throws. */
    void write(LogRecord record) {
        try {
            sink(record.type()).write(record);
        } catch (RuntimeException | LinkageError e) {
            failed(sinkFailures, e);
        }
    }

    int maxChainRecords() {
        return maxChainRecords;
    }

    /**
     * The chain an exchange joins: its own, or with the chain option the one its correlation id shares. Every chain
     * is known here until its last exchange ends, so one whose exchanges never end (a caller that never read its
     * response) is written as failed once past its age (see {@link #exchangeBegins}).
     */
    ExchangeChain joinChain(String correlationId, String exchangeId) {
        String key = chain ? correlationId : exchangeId;
        while (true) {
            ExchangeChain c = chains.computeIfAbsent(key, id -> new ExchangeChain(this, id, chain));
            if (c.join()) {
                return c;
            }
            chains.remove(key, c); // closed as we came: take a new one
        }
    }

    /** An exchange begins: every 64th looks for chains past their age (when any chain is open). */
    void exchangeBegins() {
        if ((begun.incrementAndGet() & 63) == 0 && !chains.isEmpty()) {
            expireChains();
        }
    }

    /** A chain's last exchange ended. */
    void chainClosed(String correlationId, ExchangeChain c) {
        chains.remove(correlationId, c);
    }

    private void expireChains() {
        long now = System.nanoTime();
        for (ExchangeChain c : chains.values()) {
            if (c.ageNanos(now) > chainMaxAgeNanos) {
                c.expire();
                chains.values().remove(c);
            }
        }
    }

    /** How many chains of exchanges are open now (with the chain option one per correlation id, else per exchange). */
    public int openChains() {
        return root().chains.size();
    }

    void released(long bytes) {
        if (bytes != 0) {
            heldBytes.addAndGet(-bytes);
        }
    }

    /** The bytes of bodies held now, waiting for their exchange's outcome (0 when no exchange is open). */
    public long heldBytes() {
        return root().heldBytes.get();
    }

    /** How many records were written without their body because the held records were over the bound. */
    public long heldOverflows() {
        return root().heldOverflows.get();
    }

    /**
     * Writes the record of one message. Never throws.
     *
     * @param facts what the adapter knows of the message
     * @param body the captured body, or null when the message has none
     */
    public void log(MessageFacts facts, CapturedBody body) {
        write(render(facts, body));
    }

    /**
     * The record of one message as {@link #log} would write it, without writing it: address and headers masked,
     * the payload made by the body rule. For code that passes records on itself (a CXF {@code LogEventSender}).
     * Never throws: a failure gives a record without the body, counted in {@link #recordFailures()}.
     *
     * @param body the captured body, or null when the message has none
     */
    public LogRecord render(MessageFacts facts, CapturedBody body) {
        try {
            return record(facts, body);
        } catch (RuntimeException | StackOverflowError e) {
            failed(recordFailures, e);
            return LogRecord.builder(facts.type()).payload("[body not logged: " + e.getClass().getName() + "]")
                    .wellFormed(false).build();
        }
    }

    /**
     * The record of one message: address and headers masked, the body rendered by the body rule, every other field
     * cleaned ({@link RecordFields}).
     */
    LogRecord record(MessageFacts facts, CapturedBody body) {
        LogRecord.Builder b = facts.record();
        int[] masked = {0};
        b.address(parameters.maskAddress(facts.address(), masked));
        b.addMaskedCount(masked[0]);
        headers.describe(facts.headers(), b);
        if (body != null) {
            renderer.render(facts, body, facts.type().isOutbound() ? outBinary : inBinary, b);
        }
        return fields.clean(b.build());
    }

    /** How many times a sink threw (the call went on; the record was lost). */
    public long sinkFailures() {
        return sinkFailures.get();
    }

    /** How many records were written without their body because making it failed. */
    public long recordFailures() {
        return recordFailures.get();
    }

    /** How many times a value detector threw (each time, the whole value was masked); 0 without detectors. */
    public long detectorFailures() {
        ValueMasker values = renderer.values();
        return values == null ? 0 : values.failures();
    }

    /** The last failure counted, or null. */
    public String lastFailure() {
        return lastFailure.get();
    }

    private LogSink sink(MessageType type) {
        return type.isOutbound() ? outSink : inSink;
    }

    private void failed(AtomicLong counter, Throwable e) {
        long n = counter.incrementAndGet();
        lastFailure.set(e.toString());
        if (Long.bitCount(n) == 1) { // the 1st, 2nd, 4th, 8th, ... time
            REPORT.log(Level.WARNING, "xml-formatter: logging a message failed (" + n + " times so far); the call"
                    + " went on", e);
        }
    }

    /** Closes the sinks (each once); a MongoDB sink drains its queue first. */
    @Override
    public void close() {
        inSink.close();
        if (outSink != inSink) {
            outSink.close();
        }
    }

    private static List<String> lower(Collection<String> types) {
        List<String> r = new ArrayList<>();
        for (String t : types) {
            r.add(t.trim().toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableList(r);
    }

    /**
     * Configures a {@link MessageLogger}: CXF's LoggingFeature properties with CXF's meaning, the engine's
     * options and the sinks. Not thread-safe; {@link #build()} makes the immutable logger and may be called again.
     */
    public static final class Builder {
        private int limit = 48 * 1024;
        private long inMemThreshold = -1;
        private boolean pretty;
        private int indent = 2;
        private boolean logBinary;
        private boolean logMultipart = true;
        private boolean verbose = true;
        private final Set<String> sensitiveElements = new LinkedHashSet<>();
        private final Set<String> sensitiveAttributes = new LinkedHashSet<>();
        private final Set<String> sensitiveHeaders = new LinkedHashSet<>();
        private final Set<String> sensitiveParameters = new LinkedHashSet<>();
        private final Set<String> inBinary = new LinkedHashSet<>(BINARY_TYPES);
        private final Set<String> outBinary = new LinkedHashSet<>(BINARY_TYPES);
        private LogSink inSink;
        private LogSink outSink;
        private int maxTextLength = -1;
        private int maxCdataLength = -1;
        private final List<String> anonymize = new ArrayList<>();
        private final List<String> prune = new ArrayList<>();
        private final List<String> anonymizeJson = new ArrayList<>();
        private final List<String> pruneJson = new ArrayList<>();
        private boolean embeddedXml;
        private boolean wsSecurity = true;
        private final List<ValueDetector> detectors = new ArrayList<>();
        private String mask = XmlFormatter.DEFAULT_MASK;
        private Pseudonyms pseudonyms;
        private String correlationHeader = "X-Correlation-ID";
        private boolean suppressDuplicates;
        private Strategy strategy = Strategy.ALWAYS;
        private Duration slowThreshold;
        private int faultStatus = 500;
        private int sampleOneIn = 1;
        private double sampleRate = 1;
        private boolean sampleKeepsFailures = true;
        private boolean correlationFromTrace;
        private LogLevel[] levels;
        private long maxHeldBytes = 32L * 1024 * 1024;
        /** Rules in order. */
        private final List<RuleSpec> rules = new ArrayList<>();
        private boolean chain;
        private boolean recordPerExchange;
        private int maxChainRecords = 256;
        private Duration chainMaxAge = Duration.ofMinutes(2);

        private Builder() {
        }

        /** A new builder with this one's settings (the same sinks and rules). */
        Builder copy() {
            Builder b = new Builder();
            b.limit = limit;
            b.inMemThreshold = inMemThreshold;
            b.pretty = pretty;
            b.indent = indent;
            b.logBinary = logBinary;
            b.logMultipart = logMultipart;
            b.verbose = verbose;
            b.sensitiveElements.addAll(sensitiveElements);
            b.sensitiveAttributes.addAll(sensitiveAttributes);
            b.sensitiveHeaders.addAll(sensitiveHeaders);
            b.sensitiveParameters.addAll(sensitiveParameters);
            b.inBinary.addAll(inBinary);
            b.outBinary.addAll(outBinary);
            b.inSink = inSink;
            b.outSink = outSink;
            b.maxTextLength = maxTextLength;
            b.maxCdataLength = maxCdataLength;
            b.anonymize.addAll(anonymize);
            b.prune.addAll(prune);
            b.anonymizeJson.addAll(anonymizeJson);
            b.pruneJson.addAll(pruneJson);
            b.embeddedXml = embeddedXml;
            b.wsSecurity = wsSecurity;
            b.detectors.addAll(detectors);
            b.mask = mask;
            b.pseudonyms = pseudonyms;
            b.correlationHeader = correlationHeader;
            b.suppressDuplicates = suppressDuplicates;
            b.strategy = strategy;
            b.slowThreshold = slowThreshold;
            b.faultStatus = faultStatus;
            b.sampleOneIn = sampleOneIn;
            b.sampleRate = sampleRate;
            b.sampleKeepsFailures = sampleKeepsFailures;
            b.correlationFromTrace = correlationFromTrace;
            b.levels = levels;
            b.maxHeldBytes = maxHeldBytes;
            b.rules.addAll(rules);
            b.chain = chain;
            b.recordPerExchange = recordPerExchange;
            b.maxChainRecords = maxChainRecords;
            b.chainMaxAge = chainMaxAge;
            return b;
        }

        /** The most payload logged, in bytes (-1: no limit, see {@link #inMemThreshold}). Default 48 KiB. */
        public Builder limit(int bytes) {
            limit = bytes;
            return this;
        }

        /** With limit -1: how much of a body is kept in memory for its record (default 128 KiB). */
        public Builder inMemThreshold(long bytes) {
            inMemThreshold = bytes;
            return this;
        }

        /** Indent payloads (otherwise whitespace stays as sent). */
        public Builder pretty(boolean on) {
            pretty = on;
            return this;
        }

        /** Indentation in spaces when pretty (default 2). */
        public Builder indent(int spaces) {
            indent = spaces;
            return this;
        }

        /** Log binary bodies (through the engine like any text); suppressed by default. */
        public Builder logBinary(boolean on) {
            logBinary = on;
            return this;
        }

        /** Log multipart bodies part by part; attachments are never dumped. Default true. */
        public Builder logMultipart(boolean on) {
            logMultipart = on;
            return this;
        }

        /**
         * With no sink set, as CXF's {@code verbose}: CXF's text layout (true, default; {@link Slf4jSink#text()}), or
         * the payload as the message and the metadata in the MDC (false; {@link Slf4jSink#payloadOnly()}).
         */
        public Builder verbose(boolean on) {
            verbose = on;
            return this;
        }

        /**
         * Elements masked wherever they are, their names in any letter case (also JSON fields and URL, form and
         * text parameters of these names); replaces the names set before.
         */
        public Builder sensitiveElementNames(Collection<String> names) {
            return replace(sensitiveElements, names);
        }

        /** Adds to {@link #sensitiveElementNames}. */
        public Builder addSensitiveElementNames(Collection<String> names) {
            sensitiveElements.addAll(names);
            return this;
        }

        /** Attributes masked wherever they are, their names in any letter case; replaces the names set before. */
        public Builder sensitiveAttributeNames(Collection<String> names) {
            return replace(sensitiveAttributes, names);
        }

        /** Adds to {@link #sensitiveAttributeNames}. */
        public Builder addSensitiveAttributeNames(Collection<String> names) {
            sensitiveAttributes.addAll(names);
            return this;
        }

        /** Headers masked (any case), on top of {@link HeaderMasker#DEFAULTS}; replaces the names set before. */
        public Builder sensitiveHeaderNames(Collection<String> names) {
            return replace(sensitiveHeaders, names);
        }

        /** Adds to {@link #sensitiveHeaderNames}. */
        public Builder addSensitiveHeaderNames(Collection<String> names) {
            sensitiveHeaders.addAll(names);
            return this;
        }

        /**
         * Query and form parameters masked (any case), on top of the defaults ({@code password}, ...) and the
         * sensitive element names; replaces the names set before.
         */
        public Builder sensitiveParameterNames(Collection<String> names) {
            return replace(sensitiveParameters, names);
        }

        /** Adds media types (prefixes) treated as binary in inbound messages to {@link #BINARY_TYPES}. */
        public Builder addInBinaryMediaTypes(Collection<String> types) {
            inBinary.addAll(types);
            return this;
        }

        /** Adds media types (prefixes) treated as binary in outbound messages to {@link #BINARY_TYPES}. */
        public Builder addOutBinaryMediaTypes(Collection<String> types) {
            outBinary.addAll(types);
            return this;
        }

        private Builder replace(Collection<String> target, Collection<String> names) {
            target.clear();
            target.addAll(names);
            return this;
        }

        /** Where records go, both directions (default: SLF4J under CXF's logger names). */
        public Builder sink(LogSink sink) {
            inSink = sink;
            outSink = sink;
            return this;
        }

        /** Where records of inbound messages go. */
        public Builder inSink(LogSink sink) {
            inSink = sink;
            return this;
        }

        /** Where records of outbound messages go. */
        public Builder outSink(LogSink sink) {
            outSink = sink;
            return this;
        }

        /** Cap of each text node, in chars (default: none). */
        public Builder maxTextLength(int chars) {
            maxTextLength = chars;
            return this;
        }

        /** Cap of each CDATA section, in chars (default: none). */
        public Builder maxCdataLength(int chars) {
            maxCdataLength = chars;
            return this;
        }

        /** Paths masked (see {@link XmlFormatter.Builder#anonymize}); replaces the paths set before. */
        public Builder anonymize(Collection<String> paths) {
            return replace(anonymize, paths);
        }

        /** Adds to {@link #anonymize}. */
        public Builder addAnonymize(Collection<String> paths) {
            anonymize.addAll(paths);
            return this;
        }

        /** Adds to {@link #prune}. */
        public Builder addPrune(Collection<String> paths) {
            prune.addAll(paths);
            return this;
        }

        /** Paths pruned (see {@link XmlFormatter.Builder#prune}); replaces the paths set before. */
        public Builder prune(Collection<String> paths) {
            return replace(prune, paths);
        }

        /**
         * JSON values masked by path: a JSONPath subset ({@code $.payment.card.number}, {@code $..password},
         * {@code $.items[*].iban}, {@code $['odd key']}) or a JSON Pointer ({@code /payment/card/number}), keys in
         * any letter case; replaces the paths set before.
         *
         * @throws IllegalArgumentException for a path that is neither, naming it
         */
        public Builder anonymizeJson(Collection<String> paths) {
            checkJsonPaths("anonymizeJson", paths);
            return replace(anonymizeJson, paths);
        }

        /**
         * JSON values pruned by path (written as {@link JsonMasker#PRUNED}); paths as in {@link #anonymizeJson};
         * replaces the paths set before.
         */
        public Builder pruneJson(Collection<String> paths) {
            checkJsonPaths("pruneJson", paths);
            return replace(pruneJson, paths);
        }

        private static void checkJsonPaths(String option, Collection<String> paths) {
            try {
                new JsonMasker(Collections.<String>emptySet(), paths, Collections.<String>emptySet(), "", null, null);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
            }
        }

        /** Re-format XML embedded in text or CDATA (default off; masking reaches inside it either way). */
        public Builder embeddedXml(boolean on) {
            embeddedXml = on;
            return this;
        }

        /** The WS-Security/SAML masking preset (default on). */
        public Builder wsSecurity(boolean on) {
            wsSecurity = on;
            return this;
        }

        /**
         * Masks what these detectors find by its value, wherever it stands: XML text, CDATA and attribute values,
         * JSON strings, bare values and keys, form, query and path values, header values and plain text (see
         * {@link XmlFormatter.Builder#detect}); replaces the detectors set before. Off by default.
         */
        @Experimental
        public Builder detect(ValueDetector... values) {
            for (ValueDetector d : values) {
                if (d == null) {
                    throw new IllegalArgumentException("detect: null detector");
                }
            }
            detectors.clear();
            detectors.addAll(Arrays.asList(values));
            return this;
        }

        /**
         * {@link #detect(ValueDetector...)} with the built-in detectors of these names ({@link ValueDetector#named}),
         * for settings written as text; replaces the detectors set before.
         */
        @Experimental
        public Builder detect(Collection<String> names) {
            List<ValueDetector> named = new ArrayList<>();
            for (String name : names) {
                try {
                    named.add(ValueDetector.named(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("detect: " + e.getMessage(), e);
                }
            }
            return detect(named.toArray(new ValueDetector[0]));
        }

        /** The mask written in place of secrets (default {@code [*****]}). */
        public Builder mask(String value) {
            mask = value;
            return this;
        }

        /**
         * Writes masked values as their keyed pseudonyms instead of the mask ({@link Pseudonyms}, e.g.
         * {@code [h:3f9a2c1e]}), so records about one secret can be joined: values masked by name or path in XML,
         * JSON, forms, queries and headers, and what the value detectors find. A value cut short, or masked because
         * what it holds cannot be told, is still the mask. Null: the mask (the default).
         */
        @Experimental
        public Builder pseudonyms(Pseudonyms value) {
            pseudonyms = value;
            return this;
        }

        /** The header that carries the correlation id (default {@code X-Correlation-ID}). */
        public Builder correlationHeader(String header) {
            correlationHeader = header;
            return this;
        }

        /** Log a payload seen again within one correlation id once (see {@link DeduplicatingSink}). */
        public Builder suppressDuplicates(boolean on) {
            suppressDuplicates = on;
            return this;
        }

        /** Which records of an exchange are written, with or without bodies (default {@link Strategy#ALWAYS}). */
        public Builder strategy(Strategy value) {
            strategy = value;
            return this;
        }

        /**
         * An exchange that takes at least this long is slow: its records are written with bodies under
         * {@link Strategy#BODY_ON_FAILURE}, {@link Strategy#FAILED_ONLY} and {@link Strategy#SLOW_ONLY} (default: none
         * is slow).
         */
        public Builder slowThreshold(Duration value) {
            slowThreshold = value;
            return this;
        }

        /** The HTTP status at or above which a response is a fault (default 500). */
        public Builder faultStatus(int status) {
            faultStatus = status;
            return this;
        }

        /**
         * Logs one exchange in {@code n} (counted; default 1: all); a request and its response are kept or left out
         * together. See {@link #sampleKeepsFailures}.
         */
        public Builder sampleOneIn(int n) {
            sampleOneIn = n;
            return this;
        }

        /** Logs exchanges at this rate, 0 (exclusive) to 1 (default), chosen at random per exchange. */
        public Builder sampleRate(double rate) {
            sampleRate = rate;
            return this;
        }

        /**
         * Whether an exchange left out by sampling is still logged, with bodies, when it fails (default true): its
         * records are held until the outcome is known.
         */
        public Builder sampleKeepsFailures(boolean on) {
            sampleKeepsFailures = on;
            return this;
        }

        /** Use the trace id as the correlation id when no correlation header came (default false). */
        public Builder correlationFromTrace(boolean on) {
            correlationFromTrace = on;
            return this;
        }

        /**
         * The level of records by their exchange's outcome: a success (and a request written before its outcome is
         * known), a client error (status 400 up to the fault status), a failure. The SLF4J sink logs at it; other
         * sinks store it as field {@code level}. Default: none (the sink's level).
         */
        public Builder levels(LogLevel success, LogLevel clientError, LogLevel failure) {
            levels = success == null && clientError == null && failure == null ? null
                    : new LogLevel[] {success, clientError, failure};
            return this;
        }

        /**
         * The most bytes of bodies the logger holds for exchanges whose outcome is not known yet (default 32 MiB);
         * over it, a record is written at once without its body and counted ({@link #heldOverflows()}).
         */
        public Builder maxHeldBytes(long bytes) {
            maxHeldBytes = bytes;
            return this;
        }

        /**
         * The whole chain on failure (default off): with a strategy that holds records
         * ({@link Strategy#BODY_ON_FAILURE}, {@link Strategy#FAILED_ONLY}, {@link Strategy#SLOW_ONLY}), the records of
         * every exchange sharing a correlation id — a proxy's request in, its call to the backend, the backend's
         * answer, its own answer — are held together and written with bodies if any of them fails (or is slow), else
         * as for exchanges that went well, once the last of them has ended. Bounded by {@link #maxHeldBytes} and
         * {@link #chainMaxRecords} and {@link #chainMaxAge}.
         */
        public Builder chain(boolean on) {
            chain = on;
            return this;
        }

        /**
         * One record per exchange (default off): a request's record waits for its response's, and the two are
         * written as one, the response's record with the request's within ({@link LogRecord#request()}) and the
         * SOAPAction, WS-Addressing Action and RelatesTo, and a fault's code and reason beside — for teams that
         * alert on one line per call. A request that gets no response (one-way, a failure) is written alone when
         * its exchange ends. The strategy decides as for two records.
         */
        public Builder recordPerExchange(boolean on) {
            recordPerExchange = on;
            return this;
        }

        /**
         * The most records one chain holds (default 256): past it a record is written at once without its body,
         * counted.
         */
        public Builder chainMaxRecords(int maxRecords) {
            maxChainRecords = maxRecords;
            return this;
        }

        /**
         * The longest a chain is held (default 2 minutes): then it is written as failed, an exchange that never
         * ended.
         */
        public Builder chainMaxAge(Duration maxAge) {
            chainMaxAge = maxAge;
            return this;
        }

        /**
         * Exchanges that {@code match} are logged with this configuration changed by {@code override} (a limit,
         * masking or pruning paths, indentation, the strategy, ...; sinks stay shared). Rules are tried in the
         * order they were added; the first that matches applies, else this configuration. For example:
         * {@code rule(ExchangeMatch.any().operation("upload"), b -> b.limit(1024).strategy(Strategy.WITHOUT_BODY))}.
         */
        public Builder rule(ExchangeMatch match, Consumer<Builder> override) {
            if (match == null || override == null) {
                throw new IllegalArgumentException("a rule needs a match and an override");
            }
            rules.add(new RuleSpec(match, override));
            return this;
        }

        /** Exchanges that {@code match} are not logged (a rule, tried in order with the others). */
        public Builder exclude(ExchangeMatch match) {
            if (match == null) {
                throw new IllegalArgumentException("exclude needs a match");
            }
            rules.add(new RuleSpec(match, null));
            return this;
        }

        /**
         * The logger.
         *
         * @throws IllegalArgumentException naming the setting that is wrong
         */
        public MessageLogger build() {
            return build(null);
        }

        private MessageLogger build(MessageLogger parent) {
            if (mask == null || correlationHeader == null || correlationHeader.trim().isEmpty()) {
                throw new IllegalArgumentException("mask and correlationHeader are required");
            }
            checkExchangeOptions();
            XmlFormatter.Builder f = XmlFormatter.builder().maxTextLength(maxTextLength)
                    .maxCdataLength(maxCdataLength).embeddedXml(embeddedXml).mask(mask).pseudonyms(pseudonyms);
            f.indent(indent); // checked even when payloads are not indented: a wrong value is reported at once
            if (!pretty) {
                f.keepWhitespace();
            }
            if (limit >= 0) {
                f.maxDocumentLength(limit);
            }
            if (wsSecurity) {
                f.wsSecurity();
            }
            f.detect(detectors.toArray(new ValueDetector[0]));
            List<String> names = new ArrayList<>(); // names given as names match in any letter case
            for (String name : sensitiveElements) {
                names.add("//" + name);
            }
            for (String name : sensitiveAttributes) {
                names.add("//@" + name);
            }
            f.anonymizeIgnoringCase(names);
            XmlFormatter formatter;
            try {
                formatter = f.anonymize(anonymize).prune(prune.toArray(new String[0])).build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad masking or pruning setting (anonymize, prune, "
                        + "sensitiveElementNames, sensitiveAttributeNames): " + e.getMessage(), e);
            }
            LogSink fallback = inSink != null && outSink != null ? null
                    : verbose ? Slf4jSink.text() : Slf4jSink.payloadOnly();
            LogSink in = inSink != null ? inSink : fallback;
            LogSink out = outSink != null ? outSink : fallback;
            if (suppressDuplicates) {
                boolean one = in == out;
                in = new DeduplicatingSink(in, DUPLICATES_REMEMBERED);
                out = one ? in : new DeduplicatingSink(out, DUPLICATES_REMEMBERED);
            }
            return new MessageLogger(this, formatter, in, out, parent);
        }

        private void checkExchangeOptions() {
            if (strategy == null) {
                throw new IllegalArgumentException("strategy is required: one of "
                        + Arrays.toString(Strategy.values()));
            }
            if (strategy == Strategy.SLOW_ONLY && slowThreshold == null) {
                throw new IllegalArgumentException("strategy SLOW_ONLY needs slowThreshold");
            }
            if (slowThreshold != null && slowThreshold.isNegative()) {
                throw new IllegalArgumentException("slowThreshold must not be negative: " + slowThreshold);
            }
            if (faultStatus < 100 || faultStatus > 599) {
                throw new IllegalArgumentException("faultStatus must be an HTTP status (100 to 599): " + faultStatus);
            }
            if (sampleOneIn < 1 || !(sampleRate > 0 && sampleRate <= 1) || (sampleOneIn > 1 && sampleRate < 1)) {
                throw new IllegalArgumentException("sampling: sampleOneIn must be at least 1 (was " + sampleOneIn
                        + ") and sampleRate above 0 and at most 1 (was " + sampleRate + "), not both set");
            }
            if (levels != null && (levels[0] == null || levels[1] == null || levels[2] == null)) {
                throw new IllegalArgumentException("levels: give all three (success, client error, failure)");
            }
            if (maxChainRecords < 1) {
                throw new IllegalArgumentException("chainMaxRecords: at least one, not " + maxChainRecords);
            }
            if (chainMaxAge == null || chainMaxAge.isNegative() || chainMaxAge.isZero()) {
                throw new IllegalArgumentException("chainMaxAge: a positive duration, not " + chainMaxAge);
            }
            if (maxHeldBytes < 0) {
                throw new IllegalArgumentException("maxHeldBytes must not be negative: " + maxHeldBytes);
            }
        }
    }
}
