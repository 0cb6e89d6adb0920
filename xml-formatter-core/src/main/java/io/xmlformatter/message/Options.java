package io.xmlformatter.message;

import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogLevel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.xmlformatter.message.Option.Overlaid.KEPT;
import static io.xmlformatter.message.Option.Overlaid.RAISED;
import static io.xmlformatter.message.Option.Overlaid.REPLACED;
import static io.xmlformatter.message.Option.Overlaid.WIDENED;

/**
 * The options of the message logger: the one table of them (each constant below is a row, {@link #all()} lists
 * them in order) and an immutable value holding one value for each. The builder, {@code BaseXmlLoggingFeature}, rules,
 * annotations and the Spring Boot properties all read and write options through this table: an option is added as
 * its row and its use.
 *
 * <pre>{@code
 * Options o = Options.defaults().with("exchange.strategy", "body-on-failure").with(Options.LIMIT, 4096L);
 * o.get(Options.STRATEGY); // BODY_ON_FAILURE
 * }</pre>
 */
public final class Options {
    private static final List<Option<?>> ROWS = new ArrayList<>();
    private static final int NO_MAX = Integer.MAX_VALUE - 8;

    // ---- the body
    /** CXF's {@code limit}: the most payload logged per message (-1: no limit, see {@link #IN_MEM_THRESHOLD}). */
    public static final Option<Long> LIMIT = row("limit", "body.limit", "limit", OptionType.size(-1, NO_MAX),
            48L * 1024, "The most payload logged per message; -1: no limit", REPLACED);
    /** CXF's {@code inMemThreshold}: with limit -1, how much of a body is kept for its record (-1: 128KB). */
    public static final Option<Long> IN_MEM_THRESHOLD = row("inMemThreshold", "body.in-mem-threshold",
            "inMemThreshold", OptionType.size(-1, NO_MAX), -1L,
            "With limit -1, how much of a body is kept in memory for its record; -1: 128KB", REPLACED);
    /** CXF's {@code prettyLogging}: indent XML and JSON payloads (otherwise whitespace stays as sent). */
    public static final Option<Boolean> PRETTY = row("pretty", "body.pretty", "prettyLogging", OptionType.bool(),
            false, "Indent XML and JSON payloads; false: whitespace as sent", REPLACED);
    /** Whitespace between XML elements and between JSON tokens dropped (not with {@link #PRETTY}). */
    public static final Option<Boolean> COMPACT = row("compact", "body.compact", null, OptionType.bool(), false,
            "Drop whitespace-only text between XML elements and whitespace between JSON tokens (not with pretty)",
            REPLACED);
    /** Spaces per level when pretty. */
    public static final Option<Integer> INDENT = row("indent", "body.indent", null, OptionType.integer(0, 16), 2,
            "Spaces per level when pretty", REPLACED);
    /** CXF's {@code logBinary}: log binary bodies (through the engine, as any text). */
    public static final Option<Boolean> LOG_BINARY = row("logBinary", "body.log-binary", "logBinary",
            OptionType.bool(), false, "Log binary bodies; false: a marker instead", REPLACED);
    /** CXF's {@code logMultipart}: log multipart bodies part by part (attachments are never dumped). */
    public static final Option<Boolean> LOG_MULTIPART = row("logMultipart", "body.log-multipart", "logMultipart",
            OptionType.bool(), true, "Log multipart bodies part by part, never their attachments", REPLACED);
    /** Media types (prefixes) treated as binary in inbound messages, besides {@link MessageLogger#BINARY_TYPES}. */
    public static final Option<List<String>> IN_BINARY_MEDIA_TYPES = row("inBinaryMediaTypes",
            "body.in-binary-media-types", null, OptionType.names("media types"),
            Collections.<String>emptyList(), "Media types also treated as binary in inbound messages", REPLACED);
    /** Media types (prefixes) treated as binary in outbound messages, besides {@link MessageLogger#BINARY_TYPES}. */
    public static final Option<List<String>> OUT_BINARY_MEDIA_TYPES = row("outBinaryMediaTypes",
            "body.out-binary-media-types", null, OptionType.names("media types"),
            Collections.<String>emptyList(), "Media types also treated as binary in outbound messages", REPLACED);
    /** The cap of each XML text node and JSON string, in chars, with a visible marker (-1: none). */
    public static final Option<Integer> MAX_TEXT_LENGTH = row("maxTextLength", "body.max-text-length", null,
            OptionType.integer(-1, NO_MAX), -1, "Cap of each XML text node and JSON string, in chars; -1: none",
            REPLACED);
    /** The cap of each CDATA section, in chars (-1: none). */
    public static final Option<Integer> MAX_CDATA_LENGTH = row("maxCdataLength", "body.max-cdata-length", null,
            OptionType.integer(-1, NO_MAX), -1, "Cap of each CDATA section, in chars; -1: none", REPLACED);
    /** Re-format XML embedded in text or CDATA (masking reaches inside it either way). */
    public static final Option<Boolean> EMBEDDED_XML = row("embeddedXml", "body.embedded-xml", null,
            OptionType.bool(), false, "Re-format XML embedded in text or CDATA (masked inside either way)", REPLACED);

    // ---- masking
    /** The WS-Security/SAML masking preset (passwords, nonces, keys, assertions). */
    public static final Option<Boolean> WS_SECURITY = row("wsSecurity", "masking.ws-security", null,
            OptionType.bool(), true, "The WS-Security/SAML preset: passwords, nonces, keys, assertions", RAISED);
    /** The text written in place of a secret. */
    public static final Option<String> MASK = row("mask", "masking.mask", null, OptionType.text(false),
            XmlFormatter.DEFAULT_MASK, "The text written in place of a secret", REPLACED);
    /** Value detectors: what they find is masked wherever it stands; card numbers, IBANs and URL credentials unless set. */
    public static final Option<List<ValueDetector>> DETECT = row("detect", "masking.detect", null,
            OptionType.detectors(), Collections.unmodifiableList(Arrays.asList(ValueDetector.cardNumbers(),
                    ValueDetector.ibans(), ValueDetector.urlCredentials())), "Value detectors: what they find is"
            + " masked wherever it stands (XML, JSON, form values, the address, headers); card numbers, IBANs and"
            + " credentials in URLs by default, none: off", WIDENED);
    /** Keyed pseudonyms written instead of the mask (as text: the secret key, never shown). */
    public static final Option<Pseudonyms> PSEUDONYMS = row("pseudonyms", "masking.pseudonym-key", null,
            OptionType.pseudonyms(), null, "A secret key (at least 16 bytes): masked values are written as their"
            + " keyed pseudonyms ([h:3f9a2c1e]) instead of the mask; never logged", KEPT);
    /** The common secret names masked as elements, attributes and JSON keys ({@link MessageLogger#COMMON_SECRET_NAMES}). */
    public static final Option<Boolean> COMMON_NAMES = row("commonNames", "masking.common-names", null,
            OptionType.bool(), true, "Mask elements, attributes, JSON keys, parameters and headers whose names hold"
            + " password, passwd, pwd, passphrase, secret, client_secret, access_token, refresh_token, id_token,"
            + " api_key, apikey or private_key as words (oldPassword, X-Api-Key), or are named token;"
            + " false: only the names configured", RAISED);
    /** CXF's {@code sensitiveElementNames}: elements masked wherever they are, any letter case. */
    public static final Option<List<String>> SENSITIVE_ELEMENT_NAMES = row("sensitiveElementNames",
            "masking.element-names", "sensitiveElementNames", OptionType.names("names"),
            Collections.<String>emptyList(), "Elements masked wherever they are, any letter case (also JSON fields"
            + " and URL, form and text parameters of these names)", WIDENED);
    /** CXF's {@code sensitiveAttributeNames}: attributes masked wherever they are. */
    public static final Option<List<String>> SENSITIVE_ATTRIBUTE_NAMES = row("sensitiveAttributeNames",
            "masking.attribute-names", null, OptionType.names("names"),
            Collections.<String>emptyList(), "Attributes masked wherever they are, any letter case", WIDENED);
    /** CXF's {@code sensitiveProtocolHeaderNames}: headers masked, on top of {@link HeaderMasker#DEFAULTS}. */
    public static final Option<List<String>> SENSITIVE_HEADER_NAMES = row("sensitiveHeaderNames",
            "masking.header-names", "sensitiveProtocolHeaderNames", OptionType.names("names"),
            Collections.<String>emptyList(), "Headers masked (any case), on top of the defaults (Authorization, ...)",
            WIDENED);
    /** URL query and form parameters masked, on top of the defaults and the sensitive element names. */
    public static final Option<List<String>> SENSITIVE_PARAMETER_NAMES = row("sensitiveParameterNames",
            "masking.parameter-names", null, OptionType.names("names"), Collections.<String>emptyList(),
            "URL query and form parameters masked (any case), on top of the defaults (password, access_token, ...)",
            WIDENED);
    /** Element and attribute paths masked ({@link XmlFormatter.Builder#anonymize}). */
    public static final Option<List<String>> ANONYMIZE = row("anonymize", "masking.paths", null,
            OptionType.names("paths"), Collections.<String>emptyList(),
            "Element and attribute paths masked, e.g. /Envelope/Body/login/pin or //card/@number", WIDENED);
    /** Element paths whose subtrees are left out, with a marker ({@link XmlFormatter.Builder#prune}). */
    public static final Option<List<String>> PRUNE = row("prune", "masking.prune", null, OptionType.names("paths"),
            Collections.<String>emptyList(), "Element paths whose subtrees are left out, with a marker", WIDENED);
    /** JSON values masked by path: a JSONPath subset or a JSON Pointer, keys in any case. */
    public static final Option<List<String>> ANONYMIZE_JSON = row("anonymizeJson", "masking.json-paths", null,
            OptionType.jsonPaths(), Collections.<String>emptyList(), "JSON values masked by path: "
            + "$.payment.card.number, $..password, $.items[*].iban or a JSON Pointer /payment/card/number", WIDENED);
    /** JSON values pruned by path, written as {@link JsonMasker#PRUNED}. */
    public static final Option<List<String>> PRUNE_JSON = row("pruneJson", "masking.json-prune", null,
            OptionType.jsonPaths(), Collections.<String>emptyList(),
            "JSON values pruned by path (written as \"[SUBTREE REMOVED]\"), paths as json-paths", WIDENED);

    // ---- the exchange
    /** Which records of an exchange are written, with or without bodies: a {@link Strategy}, or your own. */
    public static final Option<ExchangeStrategy> STRATEGY = row("strategy", "exchange.strategy", null,
            OptionType.strategy(), Strategy.ALWAYS,
            "Which records of an exchange are written, with or without bodies", REPLACED);
    /** An exchange taking at least this long is slow (counts as failed under the strategies that hold records). */
    public static final Option<Duration> SLOW_THRESHOLD = row("slowThreshold", "exchange.slow-threshold", null,
            OptionType.duration(false, true), null,
            "An exchange taking at least this long is slow (SLOW_ONLY needs it; slow counts as failed)", REPLACED);
    /** The HTTP status at or above which a response is a failure. */
    public static final Option<Integer> FAULT_STATUS = row("faultStatus", "exchange.fault-status", null,
            OptionType.integer(100, 599), 500, "The HTTP status at or above which a response is a failure", REPLACED);
    /** The levels of records by outcome: success, client error (4xx), failure; none: the sink's level. */
    public static final Option<List<LogLevel>> LEVELS = row("levels", "exchange.levels", null, OptionType.levels(),
            Collections.<LogLevel>emptyList(), "The levels of records by outcome, e.g. DEBUG,WARN,ERROR: success,"
            + " client error (4xx), failure; none: the sink's level", REPLACED);
    /** Log one exchange in this many (counted). */
    public static final Option<Integer> SAMPLE_ONE_IN = row("sampleOneIn", "exchange.sample-one-in", null,
            OptionType.integer(1, Integer.MAX_VALUE), 1, "Log one exchange in this many (counted); 1: all", REPLACED);
    /** Log exchanges at this rate, chosen at random, instead of one in n. */
    public static final Option<Double> SAMPLE_RATE = row("sampleRate", "exchange.sample-rate", null,
            OptionType.fraction(0, true, 1), 1.0, "Log exchanges at this rate, 0 to 1 (random), instead of"
            + " sample-one-in", REPLACED);
    /** An exchange left out by sampling is still logged when it fails (its records are held until then). */
    public static final Option<Boolean> SAMPLE_KEEPS_FAILURES = row("sampleKeepsFailures",
            "exchange.sample-keeps-failures", null, OptionType.bool(), true,
            "An exchange left out by sampling is still logged, with bodies, when it fails", REPLACED);
    /** Hold the exchanges of one correlation id together; all written with bodies when one fails. */
    public static final Option<Boolean> CHAIN = row("chain", "exchange.chain", null, OptionType.bool(), false,
            "Hold every exchange of one correlation id together and write them all with bodies when one fails",
            REPLACED);
    /** The most records one chain holds; past it a record is written at once without its body. */
    public static final Option<Integer> CHAIN_MAX_RECORDS = row("chainMaxRecords", "exchange.chain-max-records",
            null, OptionType.integer(1, Integer.MAX_VALUE), 256, "The most records held per chain", REPLACED);
    /** The longest a chain is held; then it is written as failed. */
    public static final Option<Duration> CHAIN_MAX_AGE = row("chainMaxAge", "exchange.chain-max-age", null,
            OptionType.duration(true, false), Duration.ofMinutes(2),
            "How long a chain is held at most, then written as failed", REPLACED);
    /** The most bytes of bodies held for exchanges whose outcome is not known yet. */
    public static final Option<Long> MAX_HELD_BYTES = row("maxHeldBytes", "exchange.max-held-bytes", null,
            OptionType.size(0, Long.MAX_VALUE), 32L * 1024 * 1024,
            "The most bytes of bodies held for exchanges whose outcome is not known yet", REPLACED);
    /** Within one correlation id, a payload seen again is logged once. */
    public static final Option<Boolean> SUPPRESS_DUPLICATES = row("suppressDuplicates",
            "exchange.suppress-duplicates", null, OptionType.bool(), false,
            "Within one correlation id, log a payload seen again (a proxy's request in, then out) once", REPLACED);
    /** The header that carries the correlation id in and out. */
    public static final Option<String> CORRELATION_HEADER = row("correlationHeader", "exchange.correlation-header",
            null, OptionType.text(true), "X-Correlation-ID", "The header that carries the correlation id in and out",
            REPLACED);
    /** Use the trace id as the correlation id when no correlation header came. */
    public static final Option<Boolean> CORRELATION_FROM_TRACE = row("correlationFromTrace",
            "exchange.correlation-from-trace", null, OptionType.bool(), false,
            "Use the trace id as the correlation id when no correlation header came", REPLACED);
    /** An exchange's request and response written as one record. */
    public static final Option<Boolean> RECORD_PER_EXCHANGE = row("recordPerExchange",
            "exchange.record-per-exchange", null, OptionType.bool(), false,
            "Write an exchange's request and response as one record", REPLACED);

    /** Each logged body also on the exchange's OpenTelemetry span (the OpenTelemetry API on the class path). */
    public static final Option<Boolean> SPAN_ATTRIBUTES = row("spanAttributes", "otel.span-attributes", null,
            OptionType.bool(), false, "Put each logged body, masked and capped, on the exchange's OpenTelemetry span"
            + " (http.request.body.content, http.response.body.content), with xmlformatter.* facts", REPLACED);
    /** The most characters of a body put on a span. */
    public static final Option<Integer> SPAN_ATTRIBUTE_LIMIT = row("spanAttributeLimit",
            "otel.span-attribute-limit", null, OptionType.integer(0, Integer.MAX_VALUE), 8192,
            "The most characters of a body put on a span (cut with a marker)", REPLACED);
    /** A span of our own for an exchange no OpenTelemetry span is current for. */
    public static final Option<Boolean> START_SPANS = row("startSpans", "otel.start-spans", null, OptionType.bool(),
            false, "Start an OpenTelemetry span (SERVER or CLIENT, the request's trace its parent) for an exchange no"
            + " span is current for: the builder's OpenTelemetry, else the global one", REPLACED);

    private static final List<Option<?>> ALL = Collections.unmodifiableList(new ArrayList<>(ROWS));
    private static final Map<String, Option<?>> BY_KEY = keys();
    private static final Options DEFAULTS = new Options(defaultValues());

    private final Object[] values;

    private Options(Object[] values) {
        this.values = values;
    }

    private static <T> Option<T> row(String name, String property, String cxfName, OptionType<T> type,
            T defaultValue, String description, Option.Overlaid overlaid) {
        Option<T> o = new Option<>(ROWS.size(), name, property, cxfName, type, defaultValue, description, overlaid);
        ROWS.add(o);
        return o;
    }

    /** Every option, in the table's order. */
    public static List<Option<?>> all() {
        return ALL;
    }

    /**
     * The option of this key: its name ({@code maxHeldBytes}), property ({@code exchange.max-held-bytes}) or CXF
     * name ({@code prettyLogging}); letter case and {@code -} do not matter.
     *
     * @throws IllegalArgumentException for a key that names no option, listing them
     */
    public static Option<?> named(String key) {
        Option<?> o = key == null ? null : BY_KEY.get(normal(key));
        if (o == null) {
            List<String> names = new ArrayList<>();
            for (Option<?> x : ALL) {
                names.add(x.property());
            }
            throw new IllegalArgumentException("no option named '" + key + "'; the options are " + names);
        }
        return o;
    }

    /**
     * Options as text in one string, {@code property=value} pairs separated by {@code ;} (a value may hold
     * {@code ,} and {@code =}): {@code "exchange.strategy=ALWAYS; masking.paths=//pin,//card"}.
     *
     * @throws IllegalArgumentException for a pair without {@code =}
     */
    public static Map<String, String> pairs(String text) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String pair : OptionType.split(text == null ? "" : text, ';')) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + pair + "' is not property=value");
            }
            pairs.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return pairs;
    }

    /**
     * A duration written as the options write them ({@code 500ms}, {@code 10m}, {@code PT2S}).
     *
     * @throws IllegalArgumentException for text that is no positive duration
     */
    public static Duration duration(String text) {
        OptionType<Duration> type = OptionType.duration(true, false);
        Duration d = type.parse(text == null ? "" : text.trim());
        if (type.problem(d) != null) {
            throw new IllegalArgumentException("'" + text + "' is not " + type.accepted());
        }
        return d;
    }

    /** Every option at its default. */
    public static Options defaults() {
        return DEFAULTS;
    }

    /** This option's value. */
    public <T> T get(Option<T> option) {
        return option.cast(values[option.index()]);
    }

    /**
     * These options with {@code option} set to {@code value}.
     *
     * @throws IllegalArgumentException when the option does not take the value, naming it
     */
    public <T> Options with(Option<T> option, T value) {
        Object[] v = values.clone();
        v[option.index()] = option.check(value);
        return new Options(v);
    }

    /**
     * These options with the option named {@code key} ({@link #named}) set to {@code text} in its text form.
     *
     * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
     */
    public Options with(String key, String text) {
        return parsed(named(key), text);
    }

    private <T> Options parsed(Option<T> option, String text) {
        return with(option, option.parse(text));
    }

    /**
     * These options changed by {@code overlay} (keys as {@link #named}, values as text), as a rule or an annotation
     * changes them: an option that {@link Option#widens() widens} (names and paths masked or pruned, detectors)
     * is added to, every other replaced; an overlay can mask more, never less ({@link Option#masks()}): it cannot
     * switch the WS-Security preset or the common names off, nor set the pseudonyms' key.
     *
     * @throws IllegalArgumentException for an unknown option, a value it does not take, or one that would mask
     *         less, naming it
     */
    public Options overlay(Map<String, String> overlay) {
        Options o = this;
        for (Map.Entry<String, String> e : overlay.entrySet()) {
            o = o.overlaid(named(e.getKey()), e.getValue());
        }
        return o;
    }

    /** {@code option} set from {@code text} as an overlay sets it: widened, or refused when it would mask less. */
    private <T> Options overlaid(Option<T> option, String text) {
        T value = option.checkOverlay(option.parse(text));
        return with(option, option.widens() ? option.widen(get(option), value) : value);
    }

    /**
     * {@code derived} (these options changed by a rule, an annotation or a derived logger's override) when it masks
     * at least what these options mask.
     *
     * @throws IllegalArgumentException naming the first option that {@code derived} masks less with
     */
    Options refuseLessMasking(Options derived) {
        for (Option<?> o : ALL) {
            refuseLessMasking(o, derived);
        }
        return derived;
    }

    private <T> void refuseLessMasking(Option<T> o, Options derived) {
        if (o.lowers(get(o), derived.get(o))) {
            throw new IllegalArgumentException(o.name() + " (" + o.property() + "): a rule, annotation or derived"
                    + " logger can mask more, never less; it would change " + o.text(get(o)) + " to "
                    + o.text(derived.get(o)) + " (set it in the base configuration)");
        }
    }

    /** The value of each option that is not at its default, by property, as text (a secret as {@code [hidden]}). */
    public Map<String, String> changed() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Option<?> o : ALL) {
            addIfChanged(m, o);
        }
        return Collections.unmodifiableMap(m);
    }

    private <T> void addIfChanged(Map<String, String> m, Option<T> o) {
        T v = get(o);
        T d = o.defaultValue();
        if (v == null ? d != null : !v.equals(d)) {
            m.put(o.property(), o.text(v));
        }
    }

    /** The options not at their default, by property, as text; secrets hidden. */
    @Override
    public String toString() {
        return "Options" + changed();
    }

    private static Object[] defaultValues() {
        Object[] v = new Object[ALL.size()];
        for (Option<?> o : ALL) {
            v[o.index()] = o.defaultValue();
        }
        return v;
    }

    private static Map<String, Option<?>> keys() {
        Map<String, Option<?>> m = new LinkedHashMap<>();
        for (Option<?> o : ALL) {
            for (String k : Arrays.asList(o.name(), o.property(), o.cxfName())) {
                if (k != null) {
                    Option<?> before = m.put(normal(k), o);
                    if (before != null && before != o) {
                        throw new IllegalStateException("two options named " + k);
                    }
                }
            }
        }
        return Collections.unmodifiableMap(m);
    }

    private static String normal(String key) {
        return key.trim().replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }
}
