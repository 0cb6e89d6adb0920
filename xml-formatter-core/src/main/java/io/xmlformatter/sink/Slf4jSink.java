package io.xmlformatter.sink;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.record.RecordLayout;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.Marker;
import org.slf4j.MarkerFactory;
import org.slf4j.event.Level;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes records to SLF4J ({@code org.slf4j:slf4j-api} 1.7.15+ or 2.x on the class path).
 *
 * <p>The logger is named like CXF's: {@code <prefix>.<portType or service>.<TYPE>}. By default the prefix is
 * CXF's {@code org.apache.cxf.services} for the records of CXF and Mule (and those naming no integration), so
 * existing logging configuration keeps working, and {@code io.xmlformatter.<integration>} for the others
 * ({@link LogRecord#integration()}: {@code io.xmlformatter.jaxrs.Accounts.REQ_IN}); a prefix given to the constructor
 * names them all. During the
 * call the MDC holds {@code exchangeId}, {@code correlationId}, {@code messageType}, {@code service},
 * {@code operation}, {@code trace_id} and {@code span_id} (where known) and the record's attributes (e.g. Mule's
 * ids); what was there before is put back after.
 *
 * <p>Beside them, the MDC holds the keys CXF's {@code Slf4jEventSender} sets ({@code Type}, {@code Address},
 * {@code HttpMethod}, {@code Content-Type}, {@code ResponseCode}, {@code ExchangeId}, {@code MessageId},
 * {@code ServiceName}, {@code PortName}, {@code PortTypeName}, {@code Headers} (masked), and
 * {@code OperationName}), and each record is logged with CXF's marker: {@code SOAP} when the record names a WSDL
 * service port, {@code REST} otherwise. A log pipeline built on CXF's own logging keeps its fields.
 */
public final class Slf4jSink implements LogSink {
    /** CXF's logger name prefix. */
    public static final String CXF_LOGGER_PREFIX = "org.apache.cxf.services";
    private static final String[] MDC_KEYS = {"exchangeId", "correlationId", "messageType", "service", "operation",
        "trace_id", "span_id",
        "Type", "Address", "HttpMethod", "Content-Type", "ResponseCode", "ExchangeId", "MessageId", "ServiceName",
        "PortName", "PortTypeName", "OperationName", "Headers"};
    /** CXF's markers. */
    private static final Marker SOAP = MarkerFactory.getMarker("SOAP");
    private static final Marker REST = MarkerFactory.getMarker("REST");

    private final RecordLayout layout;
    private final String prefix;
    private final Level level;
    /** With structured fields: their names (the payload is the message); null: the layout makes the message. */
    private final FieldNames fieldNames;
    /** Structured fields in the MDC rather than as SLF4J 2 key-value pairs. */
    private final boolean fieldsInMdc;
    /** With structured fields: the payload as a field ({@code http.*.body.content}), the type as the message. */
    private final boolean bodyField;
    /** Per message type, the logger of each owner (as records name it; "" for none), resolved on first use. */
    private final Map<MessageType, Map<String, Logger>> loggers = new ConcurrentHashMap<>();
    /** As {@link #loggers}, per integration, for the records that name one (when no prefix was given). */
    private final Map<String, Map<MessageType, Map<String, Logger>>> byIntegration = new ConcurrentHashMap<>();

    /**
     * A sink with the given layout, logger-name prefix and level.
     *
     * @param layout {@link CxfTextLayout#INSTANCE}, {@link TextLayout#INSTANCE}, {@link JsonLayout#INSTANCE} or your
     *     own
     * @param loggerPrefix the logger name's prefix, e.g. {@link #CXF_LOGGER_PREFIX}
     * @param level the level records are logged at
     */
    public Slf4jSink(RecordLayout layout, String loggerPrefix, Level level) {
        this(layout, Objects.requireNonNull(loggerPrefix, "loggerPrefix"), level, null, false, false);
    }

    /** With a null prefix, loggers are named by the records' integration (see above). */
    private Slf4jSink(RecordLayout layout, String loggerPrefix, Level level, FieldNames names, boolean inMdc,
            boolean bodyField) {
        if ((layout == null && names == null) || level == null) {
            throw new IllegalArgumentException("layout, loggerPrefix and level are required");
        }
        this.layout = layout;
        this.prefix = loggerPrefix;
        this.level = level;
        this.fieldNames = names;
        this.fieldsInMdc = inMdc || !KeyValues.AVAILABLE;
        this.bodyField = bodyField;
    }

    /**
     * Records as structured fields, at INFO under CXF's logger names: the payload is the message (the type's name
     * when there is none), and every other field of the record is a field named by {@code names}, as an SLF4J 2
     * key-value pair (which logback's encoders, logstash-logback-encoder and Spring Boot's structured logging write
     * as JSON fields; with the SLF4J 1.7 API, in the MDC). A log pipeline indexes them without parsing the message.
     *
     * @param names the naming convention: {@link FieldNames#ECS}, {@link FieldNames#OTEL} or the project's own
     * @param level the level records are logged at unless they carry their own
     */
    public static Slf4jSink fields(FieldNames names, Level level) {
        return new Slf4jSink(null, null, level, names, false, false);
    }

    /** As {@link #fields}, with the fields in the MDC as text during the call, for encoders that read only it. */
    public static Slf4jSink fieldsInMdc(FieldNames names, Level level) {
        return new Slf4jSink(null, null, level, names, true, false);
    }

    /**
     * This sink of structured fields with the payload as a field too — {@code http.request.body.content} /
     * {@code http.response.body.content} (the ECS and OpenTelemetry name; {@code payload} with the project's names),
     * where Elasticsearch and OpenTelemetry pipelines index a body — and the record's type as the message.
     *
     * @throws IllegalStateException for a sink with a layout rather than fields
     */
    public Slf4jSink bodyAsField() {
        if (fieldNames == null) {
            throw new IllegalStateException("the body is a field only with structured fields (fields, fieldsInMdc)");
        }
        return new Slf4jSink(null, prefix, level, fieldNames, fieldsInMdc, true);
    }

    /**
     * CXF's own text layout ({@link CxfTextLayout}: the lines CXF's {@code Slf4jVerboseEventSender} writes) at INFO
     * under CXF's logger names: the default, so that log parsers built on CXF's lines keep working.
     */
    public static Slf4jSink text() {
        return new Slf4jSink(CxfTextLayout.INSTANCE, null, Level.INFO, null, false, false);
    }

    /**
     * What CXF's {@code Slf4jEventSender} writes ({@code verbose=false}): the payload as the message, the metadata in
     * the MDC under CXF's keys (see above), at INFO under CXF's logger names.
     */
    public static Slf4jSink payloadOnly() {
        return new Slf4jSink(LogRecord::payload, null, Level.INFO, null, false, false);
    }

    /** Every field of the record as text ({@link TextLayout}) at INFO under CXF's logger names. */
    public static Slf4jSink fullText() {
        return new Slf4jSink(TextLayout.INSTANCE, null, Level.INFO, null, false, false);
    }

    /** The JSON layout at INFO under CXF's logger names. */
    public static Slf4jSink json() {
        return new Slf4jSink(JsonLayout.INSTANCE, null, Level.INFO, null, false, false);
    }

    /**
     * Where records go, for a startup line: {@code SLF4J at INFO, loggers org.apache.cxf.services.<service>.<TYPE>}
     * (and the field names with structured fields).
     */
    @Override
    public String toString() {
        return "SLF4J at " + level + ", loggers " + (prefix != null ? prefix : CXF_LOGGER_PREFIX + " (CXF, Mule) or "
                + "io.xmlformatter.<integration>") + ".<service>.<TYPE>" + (fieldNames == null ? ""
                : ", fields " + fieldNames + (fieldsInMdc ? " in the MDC" : " as key-value pairs")
                + (bodyField ? ", the body as a field" : ""));
    }

    /** Whether the logger a record of this type and owner goes to is enabled at this sink's level. */
    @Override
    public boolean wouldWrite(MessageType type, String owner) {
        return enabled(logger(null, owner, type), level);
    }

    /** Whether the logger a record of this type and owner goes to is enabled at {@code recordLevel}. */
    @Override
    public boolean wouldWrite(MessageType type, String owner, LogLevel recordLevel) {
        return wouldWrite(type, null, owner, recordLevel);
    }

    /** Whether the logger a record of this integration, type and owner goes to is enabled at {@code recordLevel}. */
    @Override
    public boolean wouldWrite(MessageType type, String integration, String owner, LogLevel recordLevel) {
        return enabled(logger(integration, owner, type),
                recordLevel == null ? level : Level.valueOf(recordLevel.name()));
    }

    /** Logs at the record's level when it has one (chosen by its exchange's outcome), else at this sink's. */
    @Override
    public void write(LogRecord record) {
        Logger logger = logger(record.integration(), record.portType() != null ? record.portType() : record.service(),
                record.type());
        Level at = record.level() == null ? level : Level.valueOf(record.level().name());
        if (!enabled(logger, at)) {
            return;
        }
        if (fieldNames != null) { // the ids under the MDC's own keys too: as the record carries them, not as put
            String exchange = put(MDC_KEYS[0], record.exchangeId());
            String correlation = put(MDC_KEYS[1], record.correlationId());
            try {
                writeFields(logger, at, record);
            } finally {
                restore(MDC_KEYS[0], exchange);
                restore(MDC_KEYS[1], correlation);
            }
            return;
        }
        String[] values = new String[MDC_KEYS.length];
        mdcValues(record, values);
        Map<String, String> attributes = record.attributes();
        String[] previous = new String[MDC_KEYS.length + attributes.size()];
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                previous[i] = put(MDC_KEYS[i], values[i]);
            }
        }
        int a = MDC_KEYS.length;
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            previous[a++] = put(e.getKey(), e.getValue());
        }
        try {
            log(logger, at, record.port() != null ? SOAP : REST, layout.format(record));
        } finally {
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null) {
                    restore(MDC_KEYS[i], previous[i]);
                }
            }
            a = MDC_KEYS.length;
            for (Map.Entry<String, String> e : attributes.entrySet()) {
                restore(e.getKey(), previous[a++]);
            }
        }
    }

    /** The record's fields as structured fields, its payload as the message. */
    private void writeFields(Logger logger, Level at, LogRecord record) {
        Marker marker = record.port() != null ? SOAP : REST;
        boolean request = record.type().isRequest();
        String body = bodyField ? record.payload() : null;
        String bodyName = fieldNames == FieldNames.PROJECT ? "payload"
                : request ? "http.request.body.content" : "http.response.body.content";
        String message = record.payload() != null && !bodyField ? record.payload() : record.type().name();
        if (!fieldsInMdc) {
            KeyValues.log(logger, at, marker, message, record, fieldNames, request, bodyName, body);
            return;
        }
        Map<String, String> previous = new java.util.LinkedHashMap<>();
        if (body != null) {
            previous.put(bodyName, put(bodyName, body));
        }
        record.forEachField((field, value) -> {
            String name = fieldNames.of(field, request);
            if (name != null && !previous.containsKey(name)) {
                previous.put(name, put(name, String.valueOf(fieldNames.value(field, value))));
            }
        });
        try {
            log(logger, at, marker, message);
        } finally {
            for (Map.Entry<String, String> e : previous.entrySet()) {
                restore(e.getKey(), e.getValue());
            }
        }
    }

    /** SLF4J 2's fluent API with key-value pairs, when the API on the class path has it. */
    private static final class KeyValues {
        static final boolean AVAILABLE = present();

        private static boolean present() {
            try {
                Class.forName("org.slf4j.spi.LoggingEventBuilder");
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }

        static void log(Logger logger, Level at, Marker marker, String message, LogRecord record, FieldNames names,
                boolean request, String bodyName, String body) {
            org.slf4j.spi.LoggingEventBuilder[] b = {logger.atLevel(at).addMarker(marker).setMessage(message)};
            if (body != null) {
                b[0] = b[0].addKeyValue(bodyName, body);
            }
            record.forEachField((field, value) -> {
                String name = names.of(field, request);
                if (name != null) {
                    b[0] = b[0].addKeyValue(name, names.value(field, value));
                }
            });
            b[0].log();
        }
    }

    /** Puts a value into the MDC (a null value changes nothing) and returns what the key held before. */
    private static String put(String key, String value) {
        String before = MDC.get(key);
        if (value != null) {
            MDC.put(key, value);
        }
        return before;
    }

    /** Puts back what {@link #put} found. */
    private static void restore(String key, String previous) {
        if (previous != null) {
            MDC.put(key, previous);
        } else {
            MDC.remove(key);
        }
    }

    /** The values of {@link #MDC_KEYS}, in order (null: not put). */
    private static void mdcValues(LogRecord record, String[] values) {
        values[0] = record.exchangeId();
        values[1] = record.correlationId();
        values[2] = record.type().name();
        values[3] = record.service();
        values[4] = record.operation();
        values[5] = record.traceId();
        values[6] = record.spanId();
        values[7] = values[2];
        values[8] = record.address();
        values[9] = record.httpMethod();
        values[10] = record.contentType();
        values[11] = record.responseCode() == null ? null : record.responseCode().toString();
        values[12] = values[0];
        values[13] = record.messageId();
        values[14] = localName(record.service());
        values[15] = localName(record.port());
        values[16] = localName(record.portType());
        values[17] = CxfTextLayout.operationName(record);
        values[18] = CxfTextLayout.headers(record.headers()).toString(); // as CXF's sender: {} when none
    }

    private static boolean enabled(Logger logger, Level level) {
        switch (level) {
            case ERROR:
                return logger.isErrorEnabled();
            case WARN:
                return logger.isWarnEnabled();
            case INFO:
                return logger.isInfoEnabled();
            case DEBUG:
                return logger.isDebugEnabled();
            default:
                return logger.isTraceEnabled();
        }
    }

    private static void log(Logger logger, Level level, Marker marker, String text) {
        switch (level) {
            case ERROR:
                logger.error(marker, text);
                break;
            case WARN:
                logger.warn(marker, text);
                break;
            case INFO:
                logger.info(marker, text);
                break;
            case DEBUG:
                logger.debug(marker, text);
                break;
            default:
                logger.trace(marker, text);
        }
    }

    /** The logger of records of this integration, type and owner: its name is built and resolved once. */
    private Logger logger(String integration, String owner, MessageType type) {
        boolean cxf = prefix != null || integration == null;
        Map<String, Logger> byOwner = (cxf ? loggers : byIntegration.computeIfAbsent(integration,
                i -> new ConcurrentHashMap<>())).computeIfAbsent(type, t -> new ConcurrentHashMap<>());
        String key = owner == null ? "" : owner;
        Logger logger = byOwner.get(key);
        return logger != null ? logger : byOwner.computeIfAbsent(key, o -> LoggerFactory.getLogger(
                (prefix != null ? prefix : cxf ? CXF_LOGGER_PREFIX : "io.xmlformatter." + integration) + "."
                + (o.isEmpty() ? "unknown" : localName(o)) + "." + type));
    }

    /** The local part of "{urn:x}Name", as CXF takes it from a port type; a name without a namespace as it is. */
    static String localName(String qname) {
        if (qname == null) {
            return null;
        }
        int brace = qname.lastIndexOf('}');
        return brace >= 0 ? qname.substring(brace + 1) : qname;
    }
}
