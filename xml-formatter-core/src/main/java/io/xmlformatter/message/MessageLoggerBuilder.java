package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.Slf4jSink;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Configures a {@link MessageLogger}: its {@link Options} (one table: CXF's LoggingFeature properties with CXF's
 * meaning, the engine's options, the exchange's), its sinks and rules. Each typed method sets one option; any
 * option can also be set by name from text ({@link #set(String, String)}). Not thread-safe; {@link #build()}
 * makes the immutable logger and may be called again.
 */
public final class MessageLoggerBuilder {
    private Options options = Options.defaults();
    private boolean verbose = true;
    LogSink inSink;
    LogSink outSink;
    Clock clock = Clock.systemUTC();
    /** The {@code OpenTelemetry} spans are started with ({@link Options#START_SPANS}), or null: the global one. */
    Object openTelemetry;
    /** Rules in order. */
    final List<RuleSpec> rules = new ArrayList<>();

    MessageLoggerBuilder() {
    }

    /** A new builder with this one's settings (the same sinks and rules). */
    MessageLoggerBuilder copy() {
        MessageLoggerBuilder b = new MessageLoggerBuilder();
        b.options = options;
        b.verbose = verbose;
        b.inSink = inSink;
        b.outSink = outSink;
        b.clock = clock;
        b.openTelemetry = openTelemetry;
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
    public <T> MessageLoggerBuilder set(Option<T> option, T value) {
        options = options.with(option, value);
        return this;
    }

    /**
     * Sets the option named {@code key} (its name, property or CXF name, see {@link Options#named}) from its text
     * form: {@code set("exchange.slow-threshold", "2s")}.
     *
     * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
     */
    public MessageLoggerBuilder set(String key, String text) {
        options = options.with(key, text);
        return this;
    }

    /** Replaces every option with those of {@code all} (sinks and rules stay). */
    public MessageLoggerBuilder options(Options all) {
        options = Objects.requireNonNull(all, "options");
        return this;
    }

    /**
     * Changes the options as a rule or an annotation does ({@link Options#overlay}): names and paths masked or
     * pruned are added to, every other option replaced.
     *
     * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
     */
    public MessageLoggerBuilder overlay(Map<String, String> overlay) {
        options = options.overlay(overlay);
        return this;
    }

    /** Adds {@code values} to a list option (names or paths masked or pruned, media types). */
    public MessageLoggerBuilder add(Option<List<String>> option, Collection<String> values) {
        return set(option, option.widen(options.get(option), OptionType.list(values)));
    }

    /** {@link Options#LIMIT}: the most payload logged, in bytes (-1: no limit). Default 48 KiB. */
    public MessageLoggerBuilder limit(int bytes) {
        return set(Options.LIMIT, (long) bytes);
    }

    /** {@link Options#PRETTY}: indent payloads (otherwise whitespace stays as sent). */
    public MessageLoggerBuilder pretty(boolean on) {
        return set(Options.PRETTY, on);
    }

    /** {@link Options#LOG_BINARY}: log binary bodies; suppressed by default. */
    public MessageLoggerBuilder logBinary(boolean on) {
        return set(Options.LOG_BINARY, on);
    }

    /**
     * Adds to {@link Options#SENSITIVE_ELEMENT_NAMES}: elements masked wherever they are, names in any case. Like
     * every method of this builder that names what is masked, pruned or detected, it adds, as
     * {@link XmlFormatter.Builder}'s do; {@link #set(Option, Object)} replaces.
     */
    public MessageLoggerBuilder sensitiveElementNames(Collection<String> names) {
        return add(Options.SENSITIVE_ELEMENT_NAMES, names);
    }

    /** Adds to {@link Options#ANONYMIZE}: paths masked (see {@link XmlFormatter.Builder#anonymize}). */
    public MessageLoggerBuilder anonymize(Collection<String> paths) {
        return add(Options.ANONYMIZE, paths);
    }

    /** Adds to {@link Options#PRUNE}: paths pruned (see {@link XmlFormatter.Builder#prune}). */
    public MessageLoggerBuilder prune(Collection<String> paths) {
        return add(Options.PRUNE, paths);
    }

    /**
     * Adds to {@link Options#DETECT}: masks what these detectors find by its value, wherever it stands (card
     * numbers, IBANs and credentials in URLs by default; {@code set(Options.DETECT, List.of())} switches them off).
     */
    @Experimental
    public MessageLoggerBuilder detect(ValueDetector... values) {
        List<ValueDetector> all = new ArrayList<>(options.get(Options.DETECT));
        for (ValueDetector d : values) {
            if (!all.contains(d)) {
                all.add(d);
            }
        }
        return set(Options.DETECT, Collections.unmodifiableList(all));
    }

    /** {@link Options#PSEUDONYMS}: masked values written as their keyed pseudonyms instead of the mask. */
    @Experimental
    public MessageLoggerBuilder pseudonyms(Pseudonyms value) {
        return set(Options.PSEUDONYMS, value);
    }

    /**
     * {@link Options#STRATEGY}: which records of an exchange are written, with or without bodies: a
     * {@link Strategy}, or your own {@link ExchangeStrategy}.
     */
    public MessageLoggerBuilder strategy(ExchangeStrategy value) {
        return set(Options.STRATEGY, value);
    }

    /** {@link Options#SLOW_THRESHOLD}: an exchange that takes at least this long is slow. */
    public MessageLoggerBuilder slowThreshold(Duration value) {
        return set(Options.SLOW_THRESHOLD, value);
    }

    /** {@link Options#LEVELS}: the level of records by outcome; all three null: the sink's level. */
    public MessageLoggerBuilder levels(LogLevel success, LogLevel clientError, LogLevel failure) {
        return set(Options.LEVELS, success == null && clientError == null && failure == null
                ? Collections.<LogLevel>emptyList() : Arrays.asList(success, clientError, failure));
    }

    /** Sets {@link Options#IN_MEM_THRESHOLD}. */
    public MessageLoggerBuilder inMemThreshold(long bytes) {
        return set(Options.IN_MEM_THRESHOLD, bytes);
    }

    /** Sets {@link Options#INDENT}. */
    public MessageLoggerBuilder indent(int spaces) {
        return set(Options.INDENT, spaces);
    }

    /** Sets {@link Options#LOG_MULTIPART}. */
    public MessageLoggerBuilder logMultipart(boolean on) {
        return set(Options.LOG_MULTIPART, on);
    }

    /** Sets {@link Options#MAX_TEXT_LENGTH}. */
    public MessageLoggerBuilder maxTextLength(int chars) {
        return set(Options.MAX_TEXT_LENGTH, chars);
    }

    /** Sets {@link Options#MAX_CDATA_LENGTH}. */
    public MessageLoggerBuilder maxCdataLength(int chars) {
        return set(Options.MAX_CDATA_LENGTH, chars);
    }

    /** Sets {@link Options#EMBEDDED_XML}. */
    public MessageLoggerBuilder embeddedXml(boolean on) {
        return set(Options.EMBEDDED_XML, on);
    }

    /** Sets {@link Options#WS_SECURITY}. */
    public MessageLoggerBuilder wsSecurity(boolean on) {
        return set(Options.WS_SECURITY, on);
    }

    /** Sets {@link Options#MASK}. */
    public MessageLoggerBuilder mask(String value) {
        return set(Options.MASK, value);
    }

    /** Adds to {@link Options#SENSITIVE_ATTRIBUTE_NAMES}. */
    public MessageLoggerBuilder sensitiveAttributeNames(Collection<String> names) {
        return add(Options.SENSITIVE_ATTRIBUTE_NAMES, names);
    }

    /** Adds to {@link Options#SENSITIVE_HEADER_NAMES}. */
    public MessageLoggerBuilder sensitiveHeaderNames(Collection<String> names) {
        return add(Options.SENSITIVE_HEADER_NAMES, names);
    }

    /** Adds to {@link Options#SENSITIVE_PARAMETER_NAMES}. */
    public MessageLoggerBuilder sensitiveParameterNames(Collection<String> names) {
        return add(Options.SENSITIVE_PARAMETER_NAMES, names);
    }

    /** Adds to {@link Options#ANONYMIZE_JSON}. */
    public MessageLoggerBuilder anonymizeJson(Collection<String> paths) {
        return add(Options.ANONYMIZE_JSON, paths);
    }

    /** Adds to {@link Options#PRUNE_JSON}. */
    public MessageLoggerBuilder pruneJson(Collection<String> paths) {
        return add(Options.PRUNE_JSON, paths);
    }

    /** Sets {@link Options#CORRELATION_HEADER}. */
    public MessageLoggerBuilder correlationHeader(String header) {
        return set(Options.CORRELATION_HEADER, header);
    }

    /** Sets {@link Options#SUPPRESS_DUPLICATES}. */
    public MessageLoggerBuilder suppressDuplicates(boolean on) {
        return set(Options.SUPPRESS_DUPLICATES, on);
    }

    /** Sets {@link Options#FAULT_STATUS}. */
    public MessageLoggerBuilder faultStatus(int status) {
        return set(Options.FAULT_STATUS, status);
    }

    /** Sets {@link Options#SAMPLE_ONE_IN}. */
    public MessageLoggerBuilder sampleOneIn(int n) {
        return set(Options.SAMPLE_ONE_IN, n);
    }

    /** Sets {@link Options#SAMPLE_RATE}. */
    public MessageLoggerBuilder sampleRate(double rate) {
        return set(Options.SAMPLE_RATE, rate);
    }

    /** Sets {@link Options#SAMPLE_KEEPS_FAILURES}. */
    public MessageLoggerBuilder sampleKeepsFailures(boolean on) {
        return set(Options.SAMPLE_KEEPS_FAILURES, on);
    }

    /** Sets {@link Options#CORRELATION_FROM_TRACE}. */
    public MessageLoggerBuilder correlationFromTrace(boolean on) {
        return set(Options.CORRELATION_FROM_TRACE, on);
    }

    /** Sets {@link Options#MAX_HELD_BYTES}. */
    public MessageLoggerBuilder maxHeldBytes(long bytes) {
        return set(Options.MAX_HELD_BYTES, bytes);
    }

    /** Sets {@link Options#CHAIN}. */
    public MessageLoggerBuilder chain(boolean on) {
        return set(Options.CHAIN, on);
    }

    /** Sets {@link Options#RECORD_PER_EXCHANGE}. */
    public MessageLoggerBuilder recordPerExchange(boolean on) {
        return set(Options.RECORD_PER_EXCHANGE, on);
    }

    /** Sets {@link Options#CHAIN_MAX_RECORDS}. */
    public MessageLoggerBuilder chainMaxRecords(int maxRecords) {
        return set(Options.CHAIN_MAX_RECORDS, maxRecords);
    }

    /** Sets {@link Options#CHAIN_MAX_AGE}. */
    public MessageLoggerBuilder chainMaxAge(Duration maxAge) {
        return set(Options.CHAIN_MAX_AGE, maxAge);
    }

    /**
     * With no sink set, as CXF's {@code verbose}: CXF's text layout (true, default; {@link Slf4jSink#text()}), or
     * the payload as the message and the metadata in the MDC (false; {@link Slf4jSink#payloadOnly()}).
     */
    public MessageLoggerBuilder verbose(boolean on) {
        verbose = on;
        return this;
    }

    /** Where records go, both directions (default: SLF4J under CXF's logger names). */
    public MessageLoggerBuilder sink(LogSink sink) {
        inSink = sink;
        outSink = sink;
        return this;
    }

    /** Where records of inbound messages go. */
    public MessageLoggerBuilder inSink(LogSink sink) {
        inSink = sink;
        return this;
    }

    /** Where records of outbound messages go. */
    public MessageLoggerBuilder outSink(LogSink sink) {
        outSink = sink;
        return this;
    }

    /**
     * The OpenTelemetry instance ({@code io.opentelemetry.api.OpenTelemetry}, e.g. Boot's bean; typed as an object
     * so that the builder needs no OpenTelemetry API) whose tracer starts the spans of
     * {@link Options#START_SPANS}; without one, {@code GlobalOpenTelemetry}'s.
     *
     * @throws IllegalArgumentException when {@code value} is not an {@code OpenTelemetry}
     */
    public MessageLoggerBuilder openTelemetry(Object value) {
        if (value != null && !OpenTelemetrySpan.isOpenTelemetry(value)) {
            throw new IllegalArgumentException("openTelemetry: expected an io.opentelemetry.api.OpenTelemetry, got "
                    + value.getClass().getName());
        }
        openTelemetry = value;
        return this;
    }

    /** The clock rules added while running expire by (default the system's); for tests and simulations. */
    @Experimental
    public MessageLoggerBuilder clock(Clock value) {
        clock = Objects.requireNonNull(value, "clock");
        return this;
    }

    /**
     * Exchanges that {@code match} are logged with this configuration changed by {@code override} (a limit,
     * masking or pruning paths, indentation, the strategy, ...; sinks stay shared). Rules are tried in the
     * order they were added; the first that matches applies, else this configuration. For example:
     * {@code rule(ExchangeMatch.any().operation("upload"), b -> b.limit(1024).strategy(Strategy.WITHOUT_BODY))}.
     */
    public MessageLoggerBuilder rule(ExchangeMatch match, Consumer<MessageLoggerBuilder> override) {
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
    public MessageLoggerBuilder rule(ExchangeMatch match, Map<String, String> overlay) {
        Map<String, String> o = Collections.unmodifiableMap(new LinkedHashMap<>(overlay));
        Options.defaults().overlay(o); // a wrong key or value is told now
        return rule(match, b -> b.overlay(o));
    }

    /** Exchanges that {@code match} are not logged (a rule, tried in order with the others). */
    public MessageLoggerBuilder exclude(ExchangeMatch match) {
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

    /** The logger, sharing {@code parent}'s chains, held bound and live rules when not null. */
    MessageLogger build(MessageLogger parent) {
        LogSink fallback = inSink != null && outSink != null ? null : defaultSink();
        return new MessageLogger(this, inSink != null ? inSink : fallback, outSink != null ? outSink : fallback,
                parent);
    }

    /** SLF4J in CXF's layout; without SLF4J (an optional dependency) an error that says what to do. */
    private LogSink defaultSink() {
        try {
            Class.forName("org.slf4j.LoggerFactory", false, MessageLoggerBuilder.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("xml-formatter: no sink is set and SLF4J is not on the class path: add "
                    + "org.slf4j:slf4j-api (with a provider such as logback-classic), or set a sink", e);
        }
        return verbose ? Slf4jSink.text() : Slf4jSink.payloadOnly();
    }

    /** A rule as configured: its match and its override (null: excluded). */
    static final class RuleSpec {
        final ExchangeMatch match;
        final Consumer<MessageLoggerBuilder> override;

        RuleSpec(ExchangeMatch match, Consumer<MessageLoggerBuilder> override) {
            this.match = match;
            this.override = override;
        }
    }
}
