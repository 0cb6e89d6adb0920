package io.xmlformatter.record;


import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * One logged message: what every adapter (CXF, Mule, JAX-RS) produces and every sink consumes. Immutable;
 * made with {@link #builder(MessageType)}. Fields an adapter does not know are null (or -1 for sizes).
 */
public final class LogRecord {
    /** Fields a request shares with the record of its whole exchange, not repeated in its {@code request} map. */
    private static final Set<String> EXCHANGE_FIELDS = new HashSet<>(Arrays.asList("exchangeId", "correlationId",
            "traceId", "spanId", "level", "service", "port", "portType", "operation"));
    private final MessageType type;
    private final Instant timestamp;
    private final String exchangeId;
    private final String correlationId;
    private final String traceId;
    private final String spanId;
    private final LogLevel level;
    private final String messageId;
    private final String address;
    private final String httpMethod;
    private final Integer responseCode;
    private final String contentType;
    private final String encoding;
    private final String principal;
    private final String integration;
    private final String service;
    private final String port;
    private final String portType;
    private final String operation;
    private final Map<String, List<String>> headers;
    private final String payload;
    private final Duration duration;
    private final long originalSize;
    private final long loggedSize;
    private final boolean truncated;
    private final int maskedCount;
    private final boolean wellFormed;
    private final boolean binaryContent;
    private final boolean multipartContent;
    private final Map<String, String> attributes;
    private final String soapAction;
    private final String action;
    private final String relatesTo;
    private final String faultCode;
    private final String faultString;
    private final LogRecord request;

    private LogRecord(Builder b) {
        type = b.type;
        timestamp = b.timestamp != null ? b.timestamp : Instant.now();
        exchangeId = b.exchangeId;
        correlationId = b.correlationId;
        traceId = b.traceId;
        spanId = b.spanId;
        level = b.level;
        messageId = b.messageId;
        address = b.address;
        httpMethod = b.httpMethod;
        responseCode = b.responseCode;
        contentType = b.contentType;
        encoding = b.encoding;
        principal = b.principal;
        integration = b.integration;
        service = b.service;
        port = b.port;
        portType = b.portType;
        operation = b.operation;
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
        payload = b.payload;
        duration = b.duration;
        originalSize = b.originalSize;
        loggedSize = b.loggedSize >= 0 || payload == null ? b.loggedSize : payload.length();
        truncated = b.truncated;
        maskedCount = b.maskedCount;
        wellFormed = b.wellFormed;
        binaryContent = b.binaryContent;
        multipartContent = b.multipartContent;
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.attributes));
        soapAction = b.soapAction;
        action = b.action;
        relatesTo = b.relatesTo;
        faultCode = b.faultCode;
        faultString = b.faultString;
        request = b.request;
    }

    /**
     * Calls {@code field} with each field's name and value, in a fixed order, skipping the unknown ones. The
     * names are those of the JSON layout and the MongoDB document: {@code ts} (an {@link Instant}), {@code type},
     * {@code level} (a {@link LogLevel}'s name), {@code exchangeId}, {@code correlationId}, {@code traceId},
     * {@code spanId}, {@code messageId}, {@code address}, {@code httpMethod},
     * {@code status}, {@code contentType}, {@code encoding}, {@code principal}, {@code service}, {@code port},
     * {@code portType}, {@code operation}, {@code durationMs} (a {@link Double}), {@code originalSize},
     * {@code loggedSize}, {@code truncated}, {@code maskedCount}, {@code wellFormed}, {@code binary},
     * {@code multipart}, {@code soapAction}, {@code action}, {@code relatesTo}, {@code faultCode},
     * {@code faultString}, {@code headers} (a map of lists), {@code attributes} (a map), {@code request} (a map of
     * the request's own fields, when the record is a whole exchange), {@code payload}.
     */
    public void forEachField(BiConsumer<String, Object> field) {
        field.accept("ts", timestamp);
        field.accept("type", type.name());
        optional(field, "level", level == null ? null : level.name());
        optional(field, "exchangeId", exchangeId);
        optional(field, "correlationId", correlationId);
        optional(field, "traceId", traceId);
        optional(field, "spanId", spanId);
        optional(field, "messageId", messageId);
        optional(field, "address", address);
        optional(field, "httpMethod", httpMethod);
        optional(field, "status", responseCode);
        optional(field, "contentType", contentType);
        optional(field, "encoding", encoding);
        optional(field, "principal", principal);
        optional(field, "service", service);
        optional(field, "port", port);
        optional(field, "portType", portType);
        optional(field, "operation", operation);
        optional(field, "durationMs", duration == null ? null : duration.toNanos() / 1e6);
        if (originalSize >= 0) {
            field.accept("originalSize", originalSize);
        }
        if (loggedSize >= 0) {
            field.accept("loggedSize", loggedSize);
        }
        field.accept("truncated", truncated);
        field.accept("maskedCount", maskedCount);
        field.accept("wellFormed", wellFormed);
        if (binaryContent) {
            field.accept("binary", true);
        }
        if (multipartContent) {
            field.accept("multipart", true);
        }
        optional(field, "soapAction", soapAction);
        optional(field, "action", action);
        optional(field, "relatesTo", relatesTo);
        optional(field, "faultCode", faultCode);
        optional(field, "faultString", faultString);
        if (!headers.isEmpty()) {
            field.accept("headers", headers);
        }
        if (!attributes.isEmpty()) {
            field.accept("attributes", attributes);
        }
        if (request != null) {
            field.accept("request", request.ownFields());
        }
        optional(field, "payload", payload);
    }

    /** The request's fields within a record of its whole exchange: those the exchange's record does not repeat. */
    private Map<String, Object> ownFields() {
        Map<String, Object> own = new LinkedHashMap<>();
        forEachField((name, value) -> {
            if (!EXCHANGE_FIELDS.contains(name)) {
                own.put(name, value);
            }
        });
        return own;
    }

    private static void optional(BiConsumer<String, Object> field, String name, Object value) {
        if (value != null) {
            field.accept(name, value);
        }
    }

    /** A builder holding this record's fields, to make a changed copy. */
    public Builder toBuilder() {
        Builder b = new Builder(type);
        b.timestamp = timestamp;
        b.exchangeId = exchangeId;
        b.correlationId = correlationId;
        b.traceId = traceId;
        b.spanId = spanId;
        b.level = level;
        b.messageId = messageId;
        b.address = address;
        b.httpMethod = httpMethod;
        b.responseCode = responseCode;
        b.contentType = contentType;
        b.encoding = encoding;
        b.principal = principal;
        b.integration = integration;
        b.service = service;
        b.port = port;
        b.portType = portType;
        b.operation = operation;
        b.headers.putAll(headers);
        b.payload = payload;
        b.duration = duration;
        b.originalSize = originalSize;
        b.loggedSize = loggedSize;
        b.truncated = truncated;
        b.maskedCount = maskedCount;
        b.wellFormed = wellFormed;
        b.binaryContent = binaryContent;
        b.multipartContent = multipartContent;
        b.attributes.putAll(attributes);
        b.soapAction = soapAction;
        b.action = action;
        b.relatesTo = relatesTo;
        b.faultCode = faultCode;
        b.faultString = faultString;
        b.request = request;
        return b;
    }

    /** A builder for a record of this type. */
    public static Builder builder(MessageType type) {
        return new Builder(type);
    }

    /** The message's direction and kind. */
    public MessageType type() {
        return type;
    }

    /** When the message was seen. */
    public Instant timestamp() {
        return timestamp;
    }

    /** The id shared by a request and its response (CXF's exchange id). */
    public String exchangeId() {
        return exchangeId;
    }

    /** The id that follows the whole conversation across hops (from a header, or the exchange id). */
    public String correlationId() {
        return correlationId;
    }

    /** The W3C trace id (32 lower-case hex digits) the exchange ran in, or null. */
    public String traceId() {
        return traceId;
    }

    /** The span id (16 lower-case hex digits) the exchange ran in, or null. */
    public String spanId() {
        return spanId;
    }

    /** The level chosen by the exchange's outcome, or null: the sink's own. */
    public LogLevel level() {
        return level;
    }

    /** The message's own id. */
    public String messageId() {
        return messageId;
    }

    /** The endpoint address or request URI. */
    public String address() {
        return address;
    }

    /** The HTTP method. */
    public String httpMethod() {
        return httpMethod;
    }

    /** The HTTP status of a response, or null. */
    public Integer responseCode() {
        return responseCode;
    }

    /** The Content-Type. */
    public String contentType() {
        return contentType;
    }

    /** The character encoding. */
    public String encoding() {
        return encoding;
    }

    /** The authenticated principal's name. */
    public String principal() {
        return principal;
    }

    /**
     * The integration that logged the message ({@code jaxrs}, ...; null: CXF, Mule, or a record made by hand): the
     * SLF4J sink names its logger by it. Not a field of the layouts.
     */
    public String integration() {
        return integration;
    }

    /** The service name. */
    public String service() {
        return service;
    }

    /** The port (endpoint) name. */
    public String port() {
        return port;
    }

    /** The port type (interface) name. */
    public String portType() {
        return portType;
    }

    /** The operation name. */
    public String operation() {
        return operation;
    }

    /** The protocol headers, already masked; never null. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The formatted, masked payload, or null when none is logged. */
    public String payload() {
        return payload;
    }

    /** Time from request to this response, or null for requests and when unknown. */
    public Duration duration() {
        return duration;
    }

    /** Size of the payload as received or sent (bytes or chars, as the adapter had it), or -1. */
    public long originalSize() {
        return originalSize;
    }

    /** Length of the logged payload in chars, or -1. */
    public long loggedSize() {
        return loggedSize;
    }

    /** Whether the logged payload was cut. */
    public boolean truncated() {
        return truncated;
    }

    /** How many values were masked in payload and headers. */
    public int maskedCount() {
        return maskedCount;
    }

    /** Whether the payload was seen to be well-formed XML (true when no XML was formatted). */
    public boolean wellFormed() {
        return wellFormed;
    }

    /** Whether the body's content type is binary (its payload is a marker unless binary bodies are logged). */
    public boolean binaryContent() {
        return binaryContent;
    }

    /** Whether the payload is multipart. */
    public boolean multipartContent() {
        return multipartContent;
    }

    /** Further facts an adapter adds (for example Mule's flow name); never null. */
    public Map<String, String> attributes() {
        return attributes;
    }

    /** The SOAPAction of the exchange's request (a record per exchange). */
    public String soapAction() {
        return soapAction;
    }

    /** WS-Addressing's Action of the exchange's request (a record per exchange). */
    public String action() {
        return action;
    }

    /** WS-Addressing's RelatesTo of the exchange's response (a record per exchange). */
    public String relatesTo() {
        return relatesTo;
    }

    /** The fault's code, when the exchange ended in a SOAP fault (a record per exchange). */
    public String faultCode() {
        return faultCode;
    }

    /** The fault's reason, when the exchange ended in a SOAP fault (a record per exchange). */
    public String faultString() {
        return faultString;
    }

    /** The exchange's request, when this record is its whole exchange (one record per exchange); else null. */
    public LogRecord request() {
        return request;
    }

    /** Builds {@link LogRecord}s; not thread-safe. */
    public static final class Builder {
        private MessageType type;
        private Instant timestamp;
        private String exchangeId;
        private String correlationId;
        private String traceId;
        private String spanId;
        private LogLevel level;
        private String messageId;
        private String address;
        private String httpMethod;
        private Integer responseCode;
        private String contentType;
        private String encoding;
        private String principal;
        private String integration;
        private String service;
        private String port;
        private String portType;
        private String operation;
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private String payload;
        private Duration duration;
        private long originalSize = -1;
        private long loggedSize = -1;
        private boolean truncated;
        private int maskedCount;
        private boolean wellFormed = true;
        private boolean binaryContent;
        private boolean multipartContent;
        private final Map<String, String> attributes = new LinkedHashMap<>();
        private String soapAction;
        private String action;
        private String relatesTo;
        private String faultCode;
        private String faultString;
        private LogRecord request;

        private Builder(MessageType type) {
            if (type == null) {
                throw new IllegalArgumentException("type is required");
            }
            this.type = type;
        }

        /** When the message was seen; now by default. */
        public Builder timestamp(Instant v) {
            timestamp = v;
            return this;
        }

        /** See {@link LogRecord#exchangeId()}. */
        public Builder exchangeId(String v) {
            exchangeId = v;
            return this;
        }

        /** See {@link LogRecord#correlationId()}. */
        public Builder correlationId(String v) {
            correlationId = v;
            return this;
        }

        /** See {@link LogRecord#traceId()}. */
        public Builder traceId(String v) {
            traceId = v;
            return this;
        }

        /** See {@link LogRecord#spanId()}. */
        public Builder spanId(String v) {
            spanId = v;
            return this;
        }

        /** See {@link LogRecord#level()}. */
        public Builder level(LogLevel v) {
            level = v;
            return this;
        }

        /** See {@link LogRecord#messageId()}. */
        public Builder messageId(String v) {
            messageId = v;
            return this;
        }

        /** See {@link LogRecord#address()}. */
        public Builder address(String v) {
            address = v;
            return this;
        }

        /** See {@link LogRecord#httpMethod()}. */
        public Builder httpMethod(String v) {
            httpMethod = v;
            return this;
        }

        /** See {@link LogRecord#responseCode()}. */
        public Builder responseCode(Integer v) {
            responseCode = v;
            return this;
        }

        /** See {@link LogRecord#contentType()}. */
        public Builder contentType(String v) {
            contentType = v;
            return this;
        }

        /** See {@link LogRecord#encoding()}. */
        public Builder encoding(String v) {
            encoding = v;
            return this;
        }

        /** See {@link LogRecord#principal()}. */
        public Builder principal(String v) {
            principal = v;
            return this;
        }

        /** See {@link LogRecord#integration()}. */
        public Builder integration(String v) {
            integration = v;
            return this;
        }

        /** See {@link LogRecord#service()}. */
        public Builder service(String v) {
            service = v;
            return this;
        }

        /** See {@link LogRecord#port()}. */
        public Builder port(String v) {
            port = v;
            return this;
        }

        /** See {@link LogRecord#portType()}. */
        public Builder portType(String v) {
            portType = v;
            return this;
        }

        /** See {@link LogRecord#operation()}. */
        public Builder operation(String v) {
            operation = v;
            return this;
        }

        /** Removes every header added so far (to add them again changed, after {@link LogRecord#toBuilder()}). */
        public Builder clearHeaders() {
            headers.clear();
            return this;
        }

        /** Adds a header's values (already masked). */
        public Builder header(String name, List<String> values) {
            headers.put(name, Collections.unmodifiableList(new java.util.ArrayList<>(values)));
            return this;
        }

        /** See {@link LogRecord#payload()}. */
        public Builder payload(String v) {
            payload = v;
            return this;
        }

        /** See {@link LogRecord#duration()}. */
        public Builder duration(Duration v) {
            duration = v;
            return this;
        }

        /** See {@link LogRecord#originalSize()}. */
        public Builder originalSize(long v) {
            originalSize = v;
            return this;
        }

        /** See {@link LogRecord#loggedSize()}; the payload's length by default. */
        public Builder loggedSize(long v) {
            loggedSize = v;
            return this;
        }

        /** See {@link LogRecord#truncated()}. */
        public Builder truncated(boolean v) {
            truncated = v;
            return this;
        }

        /** See {@link LogRecord#maskedCount()}. */
        public Builder maskedCount(int v) {
            maskedCount = v;
            return this;
        }

        /** Adds {@code n} to {@link LogRecord#maskedCount()} (masks from headers, parts, ...). */
        public Builder addMaskedCount(int n) {
            maskedCount += n;
            return this;
        }

        /** See {@link LogRecord#wellFormed()}. */
        public Builder wellFormed(boolean v) {
            wellFormed = v;
            return this;
        }

        /** See {@link LogRecord#binaryContent()}. */
        public Builder binaryContent(boolean v) {
            binaryContent = v;
            return this;
        }

        /** See {@link LogRecord#multipartContent()}. */
        public Builder multipartContent(boolean v) {
            multipartContent = v;
            return this;
        }

        /** See {@link LogRecord#soapAction()}. */
        public Builder soapAction(String v) {
            soapAction = v;
            return this;
        }

        /** See {@link LogRecord#action()}. */
        public Builder action(String v) {
            action = v;
            return this;
        }

        /** See {@link LogRecord#relatesTo()}. */
        public Builder relatesTo(String v) {
            relatesTo = v;
            return this;
        }

        /** See {@link LogRecord#faultCode()}. */
        public Builder faultCode(String v) {
            faultCode = v;
            return this;
        }

        /** See {@link LogRecord#faultString()}. */
        public Builder faultString(String v) {
            faultString = v;
            return this;
        }

        /** See {@link LogRecord#request()}. */
        public Builder request(LogRecord v) {
            request = v;
            return this;
        }

        /** Changes the type (e.g. a response an adapter learns is a fault). */
        public Builder type(MessageType v) {
            if (v == null) {
                throw new IllegalArgumentException("type is required");
            }
            type = v;
            return this;
        }

        /** Removes every attribute added so far (to add them again changed, after {@link LogRecord#toBuilder()}). */
        public Builder clearAttributes() {
            attributes.clear();
            return this;
        }

        /** Adds a further fact (see {@link LogRecord#attributes()}). */
        public Builder attribute(String name, String value) {
            attributes.put(name, value);
            return this;
        }

        /** The record. */
        public LogRecord build() {
            return new LogRecord(this);
        }
    }
}
