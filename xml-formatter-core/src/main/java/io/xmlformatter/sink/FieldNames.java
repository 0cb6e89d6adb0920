package io.xmlformatter.sink;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogRecord;

import java.util.HashMap;
import java.util.Map;

/**
 * How a record's fields are named when a sink emits them as structured fields ({@link Slf4jSink#fields}): the
 * project's own names (those of {@link LogRecord#forEachField}), the Elastic Common Schema, or the OpenTelemetry
 * semantic conventions. Fields a convention has no name for go under {@code xmlformatter.}, in snake case.
 */
@Experimental
public enum FieldNames {
    /** The record's own names: {@code type}, {@code exchangeId}, {@code address}, {@code status}, ... */
    PROJECT,
    /**
     * Elastic Common Schema: {@code event.action}, {@code url.full}, {@code http.request.method},
     * {@code http.response.status_code}, {@code http.request.mime_type} / {@code http.response.mime_type},
     * {@code http.request.body.bytes} / {@code http.response.body.bytes}, {@code event.duration} (nanoseconds),
     * {@code user.name}, {@code trace.id}, {@code span.id}; the rest under {@code xmlformatter.}.
     */
    ECS,
    /**
     * OpenTelemetry semantic conventions: {@code url.full}, {@code http.request.method},
     * {@code http.response.status_code}, {@code http.request.body.size} / {@code http.response.body.size},
     * {@code rpc.service}, {@code rpc.method}, {@code enduser.id}, {@code trace_id}, {@code span_id}; the rest under
     * {@code xmlformatter.}.
     */
    OTEL;

    private static final Map<String, String> ECS_NAMES = new HashMap<>();
    private static final Map<String, String> OTEL_NAMES = new HashMap<>();

    static {
        String[][] common = {{"address", "url.full"}, {"httpMethod", "http.request.method"},
            {"status", "http.response.status_code"}};
        for (String[] n : common) {
            ECS_NAMES.put(n[0], n[1]);
            OTEL_NAMES.put(n[0], n[1]);
        }
        ECS_NAMES.put("type", "event.action");
        ECS_NAMES.put("traceId", "trace.id");
        ECS_NAMES.put("spanId", "span.id");
        ECS_NAMES.put("principal", "user.name");
        ECS_NAMES.put("durationMs", "event.duration");
        OTEL_NAMES.put("traceId", "trace_id");
        OTEL_NAMES.put("spanId", "span_id");
        OTEL_NAMES.put("principal", "enduser.id");
        OTEL_NAMES.put("service", "rpc.service");
        OTEL_NAMES.put("operation", "rpc.method");
    }

    /**
     * The name of a record's field under this convention, or null when it is not emitted as a field (the payload,
     * which is the message, the timestamp and the level, which the logging event has).
     *
     * @param field a name {@link LogRecord#forEachField} gives
     * @param request whether the record is about a request (some names differ by direction)
     */
    public String of(String field, boolean request) {
        if (field.equals("payload") || field.equals("ts") || field.equals("level")) {
            return null;
        }
        if (this == PROJECT) {
            return field;
        }
        String direction = request ? "http.request." : "http.response.";
        if (field.equals("contentType")) {
            return this == ECS ? direction + "mime_type" : direction + "header.content-type";
        }
        if (field.equals("originalSize")) {
            return direction + (this == ECS ? "body.bytes" : "body.size");
        }
        String name = (this == ECS ? ECS_NAMES : OTEL_NAMES).get(field);
        return name != null ? name : "xmlformatter." + snake(field);
    }

    /** The value of a field under this convention (ECS's {@code event.duration} is in nanoseconds). */
    Object value(String field, Object value) {
        if (this == ECS && field.equals("durationMs") && value instanceof Double) {
            return Math.round((Double) value * 1e6);
        }
        return value;
    }

    private static String snake(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                sb.append('_').append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
