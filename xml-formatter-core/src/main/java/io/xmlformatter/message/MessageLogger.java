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
import io.xmlformatter.sink.Slf4jSink;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
    /**
     * The names of secrets masked wherever they stand as an element, an attribute or a JSON key, in any letter case,
     * unless {@link Options#COMMON_NAMES} is off: a configuration that names nothing still masks
     * {@code <password>} and {@code "token"}.
     */
    public static final List<String> COMMON_SECRET_NAMES = Collections.unmodifiableList(Arrays.asList("password",
            "passwd", "pwd", "passphrase", "secret", "client_secret", "access_token", "refresh_token", "id_token",
            "token", "api_key", "apikey", "private_key"));
    /** CXF's text for content that is not logged. */
    public static final String CONTENT_SUPPRESSED = BodyRenderer.CONTENT_SUPPRESSED;
    private static final Logger REPORT = Logger.getLogger(MessageLogger.class.getName());

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
    private final ExchangeStrategy strategy;
    private final long slowNanos;
    private final int faultStatus;
    private final Sampling sampling;
    private final boolean sampleKeepsFailures;
    private final boolean correlationFromTrace;
    /** The level for a success, a client error and a failure; null: the sink's own. */
    private final LogLevel[] levels;
    /**
     * The most severe of {@link #levels}, asked of the sink before capturing (a failure may come, whatever a
     * success's level); null: the sink's own.
     */
    private final LogLevel severestLevel;
    private final boolean recordPerExchange;
    /** The rules, in order: a match and its logger (null: not logged). */
    private final List<Rule> rules;
    /** The chains, the held bound and the rules added while running: the root's, shared by those derived from it. */
    private final ExchangeRegistry registry;
    /** This logger's configuration, to derive others from ({@link #derive}). */
    private final Builder configuration;
    /** The options this logger was built with. */
    private final Options options;
    /** The logger this one was derived from (it holds the chains and the held bound), or null. */
    private final MessageLogger parent;
    private final AtomicLong sinkFailures = new AtomicLong();
    private final AtomicLong recordFailures = new AtomicLong();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();

    private MessageLogger(Builder b, XmlFormatter formatter, LogSink in, LogSink out, MessageLogger parent) {
        this.parent = parent;
        this.configuration = b.copy();
        Options o = b.options();
        this.options = o;
        String mask = o.get(Options.MASK);
        Pseudonyms pseudonyms = o.get(Options.PSEUDONYMS);
        Masks masks = new Masks(mask, pseudonyms);
        ValueMasker valueMasker = formatter.valueMasker();
        DetectedValues values = valueMasker == null ? null : new DetectedValues(valueMasker);
        headers = new HeaderMasker(o.get(Options.SENSITIVE_HEADER_NAMES), masks, values);
        Set<String> parameterNames = new LinkedHashSet<>(o.get(Options.SENSITIVE_PARAMETER_NAMES));
        parameterNames.addAll(o.get(Options.SENSITIVE_ELEMENT_NAMES));
        parameters = new ParameterMasker(parameterNames, masks, values);
        fields = new RecordFields(parameters, values != null);
        int limit = o.get(Options.LIMIT).intValue();
        long inMemThreshold = o.get(Options.IN_MEM_THRESHOLD);
        captureLimit = limit >= 0 ? limit : inMemThreshold > 0 ? (int) inMemThreshold : 128 * 1024;
        JsonMasker json = new JsonMasker(secretNames(o), o.get(Options.ANONYMIZE_JSON),
                o.get(Options.PRUNE_JSON), mask, pseudonyms, valueMasker);
        renderer = new BodyRenderer(formatter, json, parameters, headers, valueMasker, mask, limit, captureLimit,
                o.get(Options.LOG_BINARY), o.get(Options.LOG_MULTIPART),
                o.get(Options.PRETTY) ? o.get(Options.INDENT) : 0, o.get(Options.MAX_TEXT_LENGTH));
        inBinary = binaryTypes(o.get(Options.IN_BINARY_MEDIA_TYPES));
        outBinary = binaryTypes(o.get(Options.OUT_BINARY_MEDIA_TYPES));
        inSink = in;
        outSink = out;
        correlationHeader = o.get(Options.CORRELATION_HEADER);
        strategy = o.get(Options.STRATEGY);
        Duration slow = o.get(Options.SLOW_THRESHOLD);
        slowNanos = slow == null ? Long.MAX_VALUE : slow.toNanos();
        faultStatus = o.get(Options.FAULT_STATUS);
        sampling = new Sampling(o.get(Options.SAMPLE_ONE_IN), o.get(Options.SAMPLE_RATE));
        sampleKeepsFailures = o.get(Options.SAMPLE_KEEPS_FAILURES);
        correlationFromTrace = o.get(Options.CORRELATION_FROM_TRACE);
        List<LogLevel> l = o.get(Options.LEVELS);
        levels = l.isEmpty() ? null : l.toArray(new LogLevel[0]);
        severestLevel = levels == null ? null : severest(levels);
        recordPerExchange = o.get(Options.RECORD_PER_EXCHANGE);
        registry = parent != null ? parent.registry : new ExchangeRegistry(o, b.clock);
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
        b.set(Options.SUPPRESS_DUPLICATES, false); // the shared sinks already are
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
     * The logger for an exchange with these facts (null where not known): the first rule's that matches
     * ({@link Builder#rule}), this one when none does, null when a rule excludes the exchange.
     *
     * @param service the port type or service name, the resource class's simple name, or the flow's name
     * @param operation the SOAP operation or the resource method's name
     * @param path the address path, without the query
     */
    public MessageLogger forExchange(String service, String operation, String path, String httpMethod,
            String soapAction) {
        LiveRule added = registry.live().find(service, operation, path, httpMethod, soapAction);
        if (added != null) {
            return added.logger;
        }
        for (Rule r : rules) {
            if (r.match.matches(service, operation, path, httpMethod, soapAction)) {
                return r.logger;
            }
        }
        return this;
    }

    /**
     * Changes what is logged without a restart: exchanges that {@code match} are logged with the options changed by
     * {@code options} (by property or name, as text, as a configured rule's: names and paths masked are added to,
     * every other option replaced) for the time given (at most a day), e.g. bodies for operation {@code pay} for
     * the next 10 minutes: {@code addRule(ExchangeMatch.any().operation("pay"), Map.of("exchange.strategy",
     * "ALWAYS"), Duration.ofMinutes(10))}. It is tried before the configured rules, the newest first; it shares this
     * logger's sinks and chains.
     *
     * @return the rule, with the id to remove it by
     * @throws IllegalArgumentException for an unknown option, a value it does not take, or a wrong duration
     */
    @Experimental
    public LiveRule addRule(ExchangeMatch match, Map<String, String> options, Duration lasting) {
        MessageLogger root = root();
        Map<String, String> o = new LinkedHashMap<>(options);
        return registry.live().add(match, o, lasting, root.derive(b -> b.overlay(o)));
    }

    /** Removes a rule added by {@link #addRule}; false when there is none of this id (or it has expired). */
    @Experimental
    public boolean removeRule(String id) {
        return registry.live().remove(id);
    }

    /** The rules added by {@link #addRule} and in force now, the newest first. */
    @Experimental
    public List<LiveRule> liveRules() {
        return registry.live().list();
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

    ExchangeStrategy strategy() {
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

    /** The sampling of this logger's exchanges. */
    Sampling sampling() {
        return sampling;
    }

    /** What the exchanges of this logger and those derived from it share. */
    ExchangeRegistry registry() {
        return registry;
    }

    /** The level of a record of an exchange with this outcome; null: the sink's own. */
    LogLevel level(Outcome outcome) {
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

    /** Whether a body this logger logged already in a correlation id is not rendered again (the duplicate option). */
    boolean suppressesDuplicates() {
        return options.get(Options.SUPPRESS_DUPLICATES);
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

    /** How many chains of exchanges are open now (with the chain option one per correlation id, else per exchange). */
    public int openChains() {
        return registry.openChains();
    }

    /** The bytes of records held now, waiting for their exchange's outcome (0 when no exchange is open). */
    public long heldBytes() {
        return registry.held().bytes();
    }

    /** How many records were written without their body because the held records were over the bound. */
    public long heldOverflows() {
        return registry.held().overflows();
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

    /** The element names (and JSON keys) masked: those configured and, unless switched off, the common ones. */
    private static Set<String> secretNames(Options o) {
        Set<String> names = new LinkedHashSet<>(o.get(Options.SENSITIVE_ELEMENT_NAMES));
        if (o.get(Options.COMMON_NAMES)) {
            names.addAll(COMMON_SECRET_NAMES);
        }
        return names;
    }

    /** The options this logger was built with (rules and sinks aside). */
    public Options options() {
        return options;
    }

    /** {@link #BINARY_TYPES} and {@code more}, in lower case. */
    private static List<String> binaryTypes(Collection<String> more) {
        List<String> r = new ArrayList<>();
        List<String> types = new ArrayList<>(BINARY_TYPES);
        types.addAll(more);
        for (String t : types) {
            r.add(t.trim().toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableList(r);
    }

    /**
     * Configures a {@link MessageLogger}: its {@link Options} (one table: CXF's LoggingFeature properties with CXF's
     * meaning, the engine's options, the exchange's), its sinks and rules. Each typed method sets one option; any
     * option can also be set by name from text ({@link #set(String, String)}). Not thread-safe; {@link #build()}
     * makes the immutable logger and may be called again.
     */
    public static final class Builder {
        private Options options = Options.defaults();
        private boolean verbose = true;
        private LogSink inSink;
        private LogSink outSink;
        private Clock clock = Clock.systemUTC();
        /** Rules in order. */
        private final List<RuleSpec> rules = new ArrayList<>();

        private Builder() {
        }

        /** A new builder with this one's settings (the same sinks and rules). */
        Builder copy() {
            Builder b = new Builder();
            b.options = options;
            b.verbose = verbose;
            b.inSink = inSink;
            b.outSink = outSink;
            b.clock = clock;
            b.rules.addAll(rules);
            return b;
        }

        /** The options set so far. */
        public Options options() {
            return options;
        }

        /**
         * Sets an option.
         *
         * @throws IllegalArgumentException when the option does not take the value, naming it
         */
        public <T> Builder set(Option<T> option, T value) {
            options = options.with(option, value);
            return this;
        }

        /**
         * Sets the option named {@code key} (its name, property or CXF name, see {@link Options#named}) from its text
         * form: {@code set("exchange.slow-threshold", "2s")}.
         *
         * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
         */
        public Builder set(String key, String text) {
            options = options.with(key, text);
            return this;
        }

        /** Replaces every option with those of {@code all} (sinks and rules stay). */
        public Builder options(Options all) {
            options = java.util.Objects.requireNonNull(all, "options");
            return this;
        }

        /**
         * Changes the options as a rule or an annotation does ({@link Options#overlay}): names and paths masked or
         * pruned are added to, every other option replaced.
         *
         * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
         */
        public Builder overlay(Map<String, String> overlay) {
            options = options.overlay(overlay);
            return this;
        }

        /** Adds {@code values} to a list option (names or paths masked or pruned, media types). */
        public Builder add(Option<List<String>> option, Collection<String> values) {
            return set(option, option.widen(options.get(option), OptionType.list(values)));
        }

        /** {@link Options#LIMIT}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
        public Builder limit(int bytes) {
            return set(Options.LIMIT, (long) bytes);
        }

        /** {@link Options#PRETTY}: indent payloads (otherwise whitespace stays as sent). */
        public Builder pretty(boolean on) {
            return set(Options.PRETTY, on);
        }

        /** {@link Options#LOG_BINARY}: log binary bodies; suppressed by default. */
        public Builder logBinary(boolean on) {
            return set(Options.LOG_BINARY, on);
        }

        /** {@link Options#SENSITIVE_ELEMENT_NAMES}: elements masked wherever they are, names in any case. */
        public Builder sensitiveElementNames(Collection<String> names) {
            return set(Options.SENSITIVE_ELEMENT_NAMES, OptionType.list(names));
        }

        /** {@link Options#ANONYMIZE}: paths masked (see {@link XmlFormatter.Builder#anonymize}). */
        public Builder anonymize(Collection<String> paths) {
            return set(Options.ANONYMIZE, OptionType.list(paths));
        }

        /** {@link Options#PRUNE}: paths pruned (see {@link XmlFormatter.Builder#prune}). */
        public Builder prune(Collection<String> paths) {
            return set(Options.PRUNE, OptionType.list(paths));
        }

        /** {@link Options#DETECT}: masks what these detectors find by its value, wherever it stands. */
        @Experimental
        public Builder detect(ValueDetector... values) {
            return set(Options.DETECT, Collections.unmodifiableList(new ArrayList<>(Arrays.asList(values))));
        }

        /** {@link Options#PSEUDONYMS}: masked values written as their keyed pseudonyms instead of the mask. */
        @Experimental
        public Builder pseudonyms(Pseudonyms value) {
            return set(Options.PSEUDONYMS, value);
        }

        /**
         * {@link Options#STRATEGY}: which records of an exchange are written, with or without bodies: a
         * {@link Strategy}, or your own {@link ExchangeStrategy}.
         */
        public Builder strategy(ExchangeStrategy value) {
            return set(Options.STRATEGY, value);
        }

        /** {@link Options#SLOW_THRESHOLD}: an exchange that takes at least this long is slow. */
        public Builder slowThreshold(Duration value) {
            return set(Options.SLOW_THRESHOLD, value);
        }

        /** {@link Options#LEVELS}: the level of records by outcome; all three null: the sink's level. */
        public Builder levels(LogLevel success, LogLevel clientError, LogLevel failure) {
            return set(Options.LEVELS, success == null && clientError == null && failure == null
                    ? Collections.<LogLevel>emptyList() : Arrays.asList(success, clientError, failure));
        }

        /** Sets {@link Options#IN_MEM_THRESHOLD}. */
        public Builder inMemThreshold(long bytes) {
            return set(Options.IN_MEM_THRESHOLD, bytes);
        }

        /** Sets {@link Options#INDENT}. */
        public Builder indent(int spaces) {
            return set(Options.INDENT, spaces);
        }

        /** Sets {@link Options#LOG_MULTIPART}. */
        public Builder logMultipart(boolean on) {
            return set(Options.LOG_MULTIPART, on);
        }

        /** Sets {@link Options#MAX_TEXT_LENGTH}. */
        public Builder maxTextLength(int chars) {
            return set(Options.MAX_TEXT_LENGTH, chars);
        }

        /** Sets {@link Options#MAX_CDATA_LENGTH}. */
        public Builder maxCdataLength(int chars) {
            return set(Options.MAX_CDATA_LENGTH, chars);
        }

        /** Sets {@link Options#EMBEDDED_XML}. */
        public Builder embeddedXml(boolean on) {
            return set(Options.EMBEDDED_XML, on);
        }

        /** Sets {@link Options#WS_SECURITY}. */
        public Builder wsSecurity(boolean on) {
            return set(Options.WS_SECURITY, on);
        }

        /** Sets {@link Options#MASK}. */
        public Builder mask(String value) {
            return set(Options.MASK, value);
        }

        /** Sets {@link Options#SENSITIVE_ATTRIBUTE_NAMES}. */
        public Builder sensitiveAttributeNames(Collection<String> names) {
            return set(Options.SENSITIVE_ATTRIBUTE_NAMES, OptionType.list(names));
        }

        /** Sets {@link Options#SENSITIVE_HEADER_NAMES}. */
        public Builder sensitiveHeaderNames(Collection<String> names) {
            return set(Options.SENSITIVE_HEADER_NAMES, OptionType.list(names));
        }

        /** Sets {@link Options#SENSITIVE_PARAMETER_NAMES}. */
        public Builder sensitiveParameterNames(Collection<String> names) {
            return set(Options.SENSITIVE_PARAMETER_NAMES, OptionType.list(names));
        }

        /** Sets {@link Options#ANONYMIZE_JSON}. */
        public Builder anonymizeJson(Collection<String> paths) {
            return set(Options.ANONYMIZE_JSON, OptionType.list(paths));
        }

        /** Sets {@link Options#PRUNE_JSON}. */
        public Builder pruneJson(Collection<String> paths) {
            return set(Options.PRUNE_JSON, OptionType.list(paths));
        }

        /** Sets {@link Options#CORRELATION_HEADER}. */
        public Builder correlationHeader(String header) {
            return set(Options.CORRELATION_HEADER, header);
        }

        /** Sets {@link Options#SUPPRESS_DUPLICATES}. */
        public Builder suppressDuplicates(boolean on) {
            return set(Options.SUPPRESS_DUPLICATES, on);
        }

        /** Sets {@link Options#FAULT_STATUS}. */
        public Builder faultStatus(int status) {
            return set(Options.FAULT_STATUS, status);
        }

        /** Sets {@link Options#SAMPLE_ONE_IN}. */
        public Builder sampleOneIn(int n) {
            return set(Options.SAMPLE_ONE_IN, n);
        }

        /** Sets {@link Options#SAMPLE_RATE}. */
        public Builder sampleRate(double rate) {
            return set(Options.SAMPLE_RATE, rate);
        }

        /** Sets {@link Options#SAMPLE_KEEPS_FAILURES}. */
        public Builder sampleKeepsFailures(boolean on) {
            return set(Options.SAMPLE_KEEPS_FAILURES, on);
        }

        /** Sets {@link Options#CORRELATION_FROM_TRACE}. */
        public Builder correlationFromTrace(boolean on) {
            return set(Options.CORRELATION_FROM_TRACE, on);
        }

        /** Sets {@link Options#MAX_HELD_BYTES}. */
        public Builder maxHeldBytes(long bytes) {
            return set(Options.MAX_HELD_BYTES, bytes);
        }

        /** Sets {@link Options#CHAIN}. */
        public Builder chain(boolean on) {
            return set(Options.CHAIN, on);
        }

        /** Sets {@link Options#RECORD_PER_EXCHANGE}. */
        public Builder recordPerExchange(boolean on) {
            return set(Options.RECORD_PER_EXCHANGE, on);
        }

        /** Sets {@link Options#CHAIN_MAX_RECORDS}. */
        public Builder chainMaxRecords(int maxRecords) {
            return set(Options.CHAIN_MAX_RECORDS, maxRecords);
        }

        /** Sets {@link Options#CHAIN_MAX_AGE}. */
        public Builder chainMaxAge(Duration maxAge) {
            return set(Options.CHAIN_MAX_AGE, maxAge);
        }

        /**
         * With no sink set, as CXF's {@code verbose}: CXF's text layout (true, default; {@link Slf4jSink#text()}), or
         * the payload as the message and the metadata in the MDC (false; {@link Slf4jSink#payloadOnly()}).
         */
        public Builder verbose(boolean on) {
            verbose = on;
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

        /** The clock rules added while running expire by (default the system's); for tests and simulations. */
        @Experimental
        public Builder clock(Clock value) {
            clock = java.util.Objects.requireNonNull(value, "clock");
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

        /**
         * Exchanges that {@code match} are logged with this configuration changed by {@code overlay} (options by
         * name as text, as {@link #overlay}: masking can only grow).
         */
        public Builder rule(ExchangeMatch match, Map<String, String> overlay) {
            Map<String, String> o = Collections.unmodifiableMap(new LinkedHashMap<>(overlay));
            Options.defaults().overlay(o); // a wrong key or value is told now
            return rule(match, b -> b.overlay(o));
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
            Options o = options;
            checkExchangeOptions(o);
            XmlFormatter.Builder f = XmlFormatter.builder().maxTextLength(o.get(Options.MAX_TEXT_LENGTH))
                    .maxCdataLength(o.get(Options.MAX_CDATA_LENGTH)).embeddedXml(o.get(Options.EMBEDDED_XML))
                    .mask(o.get(Options.MASK)).pseudonyms(o.get(Options.PSEUDONYMS));
            f.indent(o.get(Options.INDENT)); // checked even when payloads are not indented
            if (!o.get(Options.PRETTY)) {
                f.keepWhitespace();
            }
            long limit = o.get(Options.LIMIT);
            if (limit >= 0) {
                f.maxDocumentLength(limit);
            }
            if (o.get(Options.WS_SECURITY)) {
                f.wsSecurity();
            }
            f.detect(o.get(Options.DETECT).toArray(new ValueDetector[0]));
            List<String> names = new ArrayList<>(); // names given as names match in any letter case
            for (String name : secretNames(o)) {
                names.add("//" + name);
            }
            List<String> attributes = new ArrayList<>(o.get(Options.SENSITIVE_ATTRIBUTE_NAMES));
            if (o.get(Options.COMMON_NAMES)) {
                attributes.addAll(COMMON_SECRET_NAMES);
            }
            for (String name : attributes) {
                names.add("//@" + name);
            }
            f.anonymizeIgnoringCase(names);
            XmlFormatter formatter;
            try {
                formatter = f.anonymize(o.get(Options.ANONYMIZE)).prune(o.get(Options.PRUNE).toArray(new String[0]))
                        .build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad masking or pruning setting (anonymize, prune, "
                        + "sensitiveElementNames, sensitiveAttributeNames): " + e.getMessage(), e);
            }
            LogSink fallback = inSink != null && outSink != null ? null
                    : verbose ? Slf4jSink.text() : Slf4jSink.payloadOnly();
            LogSink in = inSink != null ? inSink : fallback;
            LogSink out = outSink != null ? outSink : fallback;
            return new MessageLogger(this, formatter, in, out, parent);
        }

        private static void checkExchangeOptions(Options o) {
            if (o.get(Options.STRATEGY) == Strategy.SLOW_ONLY && o.get(Options.SLOW_THRESHOLD) == null) {
                throw new IllegalArgumentException("strategy SLOW_ONLY needs slowThreshold");
            }
            if (o.get(Options.SAMPLE_ONE_IN) > 1 && o.get(Options.SAMPLE_RATE) < 1) {
                throw new IllegalArgumentException("sampling: sampleOneIn (was " + o.get(Options.SAMPLE_ONE_IN)
                        + ") and sampleRate (was " + o.get(Options.SAMPLE_RATE) + "), not both set");
            }
        }
    }
}
