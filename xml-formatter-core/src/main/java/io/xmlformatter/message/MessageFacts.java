package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an adapter knows about one message, as the transport gave it: type, ids, address, HTTP method and status,
 * headers, content type, service names, duration, further attributes. Nothing here is masked yet, and there is no
 * way to set a payload: {@link MessageLogger#log} masks the address and the headers and makes the payload from the
 * captured body. Made and filled by one thread for one message; not thread-safe.
 */
@Experimental
public final class MessageFacts {
    private String messageId;
    private final LogRecord.Builder record;
    private MessageType type;
    private String operation;
    private String address;
    private String contentType;
    private String httpMethod;
    private String encoding;
    private Integer responseCode;
    private final Map<String, List<String>> headers = new LinkedHashMap<>();

    private MessageFacts(MessageType type) {
        this.type = type;
        this.record = LogRecord.builder(type);
    }

    /** Facts of a message of this type. */
    public static MessageFacts of(MessageType type) {
        return new MessageFacts(type);
    }

    /** The message's type. */
    public MessageType type() {
        return type;
    }

    /** Changes the type (e.g. a response an adapter learns is a fault). */
    public MessageFacts type(MessageType v) {
        record.type(v);
        type = v;
        return this;
    }

    /** The exchange's id (request and response share it). */
    public MessageFacts exchangeId(String v) {
        record.exchangeId(v);
        return this;
    }

    /** The correlation id (shared across the services one call passes through). */
    public MessageFacts correlationId(String v) {
        record.correlationId(v);
        return this;
    }

    /** The trace id (32 lower-case hex digits); the exchange sets it from the trace context. */
    MessageFacts traceId(String v) {
        record.traceId(v);
        return this;
    }

    /** The span id (16 lower-case hex digits); the exchange sets it from the trace context. */
    MessageFacts spanId(String v) {
        record.spanId(v);
        return this;
    }

    /** The record's level, chosen by the exchange's outcome. */
    MessageFacts level(LogLevel v) {
        record.level(v);
        return this;
    }

    /** The message's own id. */
    public MessageFacts messageId(String v) {
        record.messageId(v);
        messageId = v;
        return this;
    }

    String messageId() {
        return messageId;
    }

    /** The address with its query string, as sent: query parameters are masked by name when logged. */
    public MessageFacts address(String v) {
        address = v;
        return this;
    }

    /** The HTTP method. */
    public MessageFacts httpMethod(String v) {
        record.httpMethod(v);
        httpMethod = v;
        return this;
    }

    String httpMethod() {
        return httpMethod;
    }

    /** The HTTP status. */
    public MessageFacts responseCode(Integer v) {
        responseCode = v;
        record.responseCode(v);
        return this;
    }

    /** The Content-Type, with its parameters ({@code charset}, {@code boundary}). */
    public MessageFacts contentType(String v) {
        contentType = v;
        record.contentType(v);
        return this;
    }

    /**
     * The charset the transport says the body is in (when not in the content type), e.g. CXF's message encoding.
     * A label that does not fit the bytes is flagged and the body is not shown.
     */
    public MessageFacts encoding(String v) {
        encoding = v;
        record.encoding(v);
        return this;
    }

    /** The authenticated user. */
    public MessageFacts principal(String v) {
        record.principal(v);
        return this;
    }

    /** The integration that logs the message ({@link io.xmlformatter.record.LogRecord#integration()}). */
    public MessageFacts integration(String v) {
        record.integration(v);
        return this;
    }

    /** The service's name. */
    public MessageFacts service(String v) {
        record.service(v);
        return this;
    }

    /** The port's (endpoint's) name. */
    public MessageFacts port(String v) {
        record.port(v);
        return this;
    }

    /** The port type's (interface's) name. */
    public MessageFacts portType(String v) {
        record.portType(v);
        return this;
    }

    /** The operation (or resource method). */
    public MessageFacts operation(String v) {
        record.operation(v);
        operation = v;
        return this;
    }

    /** The operation given, or null. */
    String operation() {
        return operation;
    }

    /**
     * The operation of a SOAP message read from its body: the local name of the first element in the envelope's
     * Body; nothing changes when the body is no SOAP envelope (an adapter that sees no operation calls it once the
     * request's body is captured).
     */
    public MessageFacts operationOf(CapturedBody body) {
        String root = body == null ? null : SoapFacts.payloadRoot(body.bytes(), body.length());
        return root == null ? this : operation(root);
    }

    /** How long the exchange took until this message. */
    public MessageFacts duration(Duration v) {
        record.duration(v);
        return this;
    }

    /** A further fact (e.g. a host runtime's ids); the SLF4J sink puts it into the MDC. */
    public MessageFacts attribute(String name, String value) {
        record.attribute(name, value);
        return this;
    }

    /** Adds a header's values as received; sensitive ones are masked when logged. */
    public MessageFacts header(String name, List<String> values) {
        if (name != null) {
            headers.put(name, values == null ? Collections.<String>emptyList() : new ArrayList<>(values));
        }
        return this;
    }

    /**
     * Adds every header of {@code all} (null: none), values as strings (a runtime may hold them as objects). A null
     * value is no value, and a header with none is left out (CXF holds {@code Content-Type: null} for a GET).
     */
    public MessageFacts headers(Map<String, ? extends List<?>> all) {
        if (all != null) {
            for (Map.Entry<String, ? extends List<?>> e : all.entrySet()) {
                List<String> values = new ArrayList<>();
                if (e.getValue() != null) {
                    for (Object v : e.getValue()) {
                        if (v != null) {
                            values.add(v.toString());
                        }
                    }
                }
                if (!values.isEmpty()) {
                    header(e.getKey(), values);
                }
            }
        }
        return this;
    }

    /** The first value of a header, any case, or null. */
    public String header(String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
                return e.getValue().get(0);
            }
        }
        return null;
    }

    String address() {
        return address;
    }

    /** The HTTP status, or null when not known. */
    public Integer responseCode() {
        return responseCode;
    }

    /** The content type, lower case, or "" when unknown. */
    String contentTypeLower() {
        String ct = contentType != null ? contentType : header("Content-Type");
        return ct == null ? "" : ct.toLowerCase(Locale.ROOT);
    }

    String contentType() {
        return contentType != null ? contentType : header("Content-Type");
    }

    String encoding() {
        return encoding;
    }

    Map<String, List<String>> headers() {
        return headers;
    }

    /** The message's body is not logged: its record says why instead ({@code [body not logged: why]}). */
    public MessageFacts bodyNotLogged(String why) {
        record.payload("[body not logged: " + why + "]");
        return this;
    }

    LogRecord.Builder record() {
        return record;
    }
}
