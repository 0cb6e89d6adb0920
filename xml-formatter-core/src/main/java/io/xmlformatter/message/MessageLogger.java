package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

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
 * throws is counted ({@link #sinkFailures()}) and reported as a warning (SLF4J if present, else
 * {@code java.util.logging}). Built once by {@link #builder()}; immutable and thread-safe.
 */
public final class MessageLogger implements AutoCloseable {
    /** Media types (prefixes) suppressed unless {@code logBinary} is set. */
    public static final List<String> BINARY_TYPES = RecordMaker.BINARY_TYPES;
    /**
     * The names of secrets masked wherever they stand as an element, an attribute or a JSON key, in any letter case,
     * unless {@link Options#COMMON_NAMES} is off: a configuration that names nothing still masks
     * {@code <password>} and {@code "token"}.
     */
    public static final List<String> COMMON_SECRET_NAMES = RecordMaker.COMMON_SECRET_NAMES;
    /** The headers whose values are always masked (any letter case), besides those configured. */
    public static final List<String> SECRET_HEADER_NAMES = HeaderMasker.DEFAULTS;
    /** CXF's text for content that is not logged. */
    public static final String CONTENT_SUPPRESSED = BodyRenderer.CONTENT_SUPPRESSED;

    /** Makes a message's record: the engine, the maskers and the body rule this logger's options describe. */
    private final RecordMaker records;
    /** Whether the body of the message {@code facts} describe is left out as binary, whatever its bytes. */
    boolean suppressesBody(MessageFacts facts) {
        return records.suppressesBody(facts);
    }

    /** What this logger's options say about its exchanges. */
    private final ExchangePolicy policy;
    private final LogSink inSink;
    private final LogSink outSink;
    private final String correlationHeader;
    /** The rules, in order: a match and its logger (null: not logged). */
    private final List<Rule> rules;
    /** The chains, the held bound and the rules added while running: the root's, shared by those derived from it. */
    private final ExchangeRegistry registry;
    /** The rules added while running ({@link #addRule}), shared with the loggers derived from this one. */
    private final LiveRules<MessageLogger> live;
    /** This logger's configuration, to derive others from ({@link #derive}). */
    private final MessageLoggerBuilder configuration;
    /** The options this logger was built with. */
    private final Options options;
    /** The logger this one was derived from (it holds the chains and the held bound), or null. */
    private final MessageLogger parent;
    private final AtomicLong sinkFailures = new AtomicLong();
    private final AtomicLong recordFailures = new AtomicLong();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();

    /** @throws IllegalArgumentException naming the setting that is wrong */
    MessageLogger(MessageLoggerBuilder b, LogSink in, LogSink out, MessageLogger parent) {
        this.parent = parent;
        this.configuration = b.copy();
        options = b.options();
        policy = new ExchangePolicy(options);
        records = new RecordMaker(options);
        inSink = in;
        outSink = out;
        correlationHeader = options.get(Options.CORRELATION_HEADER);
        registry = parent != null ? parent.registry : new ExchangeRegistry(options);
        live = parent != null ? parent.live : new LiveRules<>(b.clock);
        rules = rules(b.rules);
        // OpenTelemetry's context storage is found by a ServiceLoader (jar reads) the first time it is asked for:
        // here, not in the first exchange on a reactive server's event loop
        OpenTelemetrySpan.currentSpan();
    }

    /** Each rule's logger, derived from this one with its override. */
    private List<Rule> rules(List<MessageLoggerBuilder.RuleSpec> specs) {
        List<Rule> built = new ArrayList<>();
        for (MessageLoggerBuilder.RuleSpec r : specs) {
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
     * logger's chains and held-bytes bound. Rules are not carried over. It masks at least what this one masks.
     *
     * @throws IllegalArgumentException naming the setting that is wrong, or an option the override would mask less
     *         with ({@link Option#masks()})
     */
    public MessageLogger derive(Consumer<MessageLoggerBuilder> override) {
        MessageLoggerBuilder b = configuration.copy();
        b.rules.clear();
        override.accept(b);
        options().refuseLessMasking(b.options());
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
    public MessageLoggerBuilder toBuilder() {
        return configuration.copy();
    }

    /** The logger that holds the chains and the held bound: the one this was derived from, or this. */
    MessageLogger root() {
        return parent != null ? parent : this;
    }

    /** A builder with the defaults: limit 48 KiB, WS-Security preset, whitespace as sent, SLF4J text. */
    public static MessageLoggerBuilder builder() {
        return new MessageLoggerBuilder();
    }

    /**
     * Whether a message of this type would be logged: ask before capturing its body (a sink switched off costs
     * nothing then).
     *
     * @param owner the port type or service name, or null when not known
     */
    public boolean wouldLog(MessageType type, String owner) {
        return wouldLog(type, null, owner);
    }

    /**
     * As {@link #wouldLog(MessageType, String)}, for a message of this integration
     * ({@link ExchangeLog.RequestStage#integration}).
     */
    public boolean wouldLog(MessageType type, String integration, String owner) {
        try {
            return sink(type).wouldWrite(type, integration, owner, policy.severestLevel());
        } catch (RuntimeException | LinkageError e) {
            failed(sinkFailures, e);
            return false;
        }
    }

    /** The {@code OpenTelemetry} given to the builder, or null. */
    Object openTelemetry() {
        return configuration.openTelemetry;
    }

    /** How many bytes of a body to capture for its record. */
    public int captureLimit() {
        return records.captureLimit();
    }

    /**
     * A new random id (a UUID) that this logger's records carry as they are, for an adapter that names exchanges or
     * messages itself: one its value detectors would mask in part (a card number's digits between the dashes) is
     * drawn again.
     */
    public String newId() {
        return fields().newId();
    }

    /** The header that carries the correlation id in and out. */
    public String correlationHeader() {
        return correlationHeader;
    }

    /**
     * The logger for an exchange with these facts (null where not known): the first rule's that matches
     * ({@link MessageLoggerBuilder#rule}), this one when none does, null when a rule excludes the exchange.
     *
     * @param service the port type or service name, the resource class's simple name, or the flow's name
     * @param operation the SOAP operation or the resource method's name
     * @param path the address path, without the query
     */
    public MessageLogger forExchange(String service, String operation, String path, String httpMethod,
            String soapAction) {
        MessageLogger added = live.find(service, operation, path, httpMethod, soapAction);
        if (added != null) {
            return added;
        }
        for (Rule r : rules) {
            if (r.match.matches(service, operation, path, httpMethod, soapAction)) {
                return r.logger;
            }
        }
        return this;
    }

    /**
     * Whether a rule (added or configured) that could match an exchange whose service or operation is not known yet
     * (null) captures bodies: an adapter that learns them after the bodies start captures them, in case.
     */
    boolean ruleMayCapture(String service, String operation, String path, String httpMethod, String soapAction) {
        if (live.anyCouldMatch(service, operation, path, httpMethod, soapAction, MessageLogger::capturesBodies)) {
            return true;
        }
        for (Rule r : rules) {
            if (r.match.couldMatch(service, operation, path, httpMethod, soapAction) && capturesBodies(r.logger)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code l} (null: a rule that leaves exchanges out) captures bodies by its strategy. */
    private static boolean capturesBodies(MessageLogger l) {
        return l != null && l.policy().strategy().capturesBodies();
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
        return live.add(match, o, lasting, root.derive(b -> b.overlay(o)));
    }

    /** Removes a rule added by {@link #addRule}; false when there is none of this id (or it has expired). */
    @Experimental
    public boolean removeRule(String id) {
        return live.remove(id);
    }

    /** The rules added by {@link #addRule} and in force now, the newest first. */
    @Experimental
    public List<LiveRule> liveRules() {
        return live.list();
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

    /** What this logger's options say about its exchanges. */
    ExchangePolicy policy() {
        return policy;
    }

    /** The gate for fields and ids. */
    RecordFields fields() {
        return records.fields();
    }

    /** What the exchanges of this logger and those derived from it share. */
    ExchangeRegistry registry() {
        return registry;
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
     * A line of free text (a log line that is no record, for a log scrubber) with what is sensitive in it masked:
     * JSON objects in it by key and value, as a body's; elsewhere sensitive {@code name=value} and
     * {@code "name": value} pairs, the user-info of addresses and what the detectors find. Nothing else changes
     * (no bound, no escapes); the text itself when nothing is found.
     */
    public String maskText(String text) {
        return records.maskText(text);
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
        return records.record(facts, body);
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
        return records.detectorFailures();
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
            Warnings.warn(MessageLogger.class, "xml-formatter: logging a message failed (failures so far: " + n
                    + "); the call went on", e);
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

    /** The options this logger was built with (rules and sinks aside). */
    public Options options() {
        return options;
    }
}
