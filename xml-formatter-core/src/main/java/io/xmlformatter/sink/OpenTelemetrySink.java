package io.xmlformatter.sink;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.logs.LogRecordBuilder;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;

import java.util.Locale;
import java.util.Map;

/**
 * A sink that emits each record through the OpenTelemetry Logs API ({@code io.opentelemetry:opentelemetry-api}, an
 * optional dependency), no logging framework between: in the trace context of its exchange (its trace and span ids),
 * with the severity of its level, its fields as attributes under the OpenTelemetry semantic conventions' names
 * ({@link FieldNames#OTEL}; headers, masked, as {@code http.request.header.<name>}), and its payload — masked as always — as the log record's body, or by
 * {@link #bodyAsAttribute()} as {@code http.request.body.content} / {@code http.response.body.content}. Records
 * come from the instrumentation scope {@code io.xmlformatter}. Thread-safe.
 *
 * <pre>{@code
 * MessageLogger logger = MessageLogger.builder().sink(OpenTelemetrySink.of(openTelemetry)).build();
 * }</pre>
 */
@Experimental
public final class OpenTelemetrySink implements LogSink {
    /** The instrumentation scope records are emitted under. */
    public static final String SCOPE = "io.xmlformatter";
    private final Logger logger;
    private final boolean bodyAsAttribute;

    private OpenTelemetrySink(Logger logger, boolean bodyAsAttribute) {
        this.logger = logger;
        this.bodyAsAttribute = bodyAsAttribute;
    }

    /** Emits through {@code openTelemetry}'s logs bridge ({@code GlobalOpenTelemetry.get()} for the agent's). */
    public static OpenTelemetrySink of(OpenTelemetry openTelemetry) {
        return new OpenTelemetrySink(openTelemetry.getLogsBridge().get(SCOPE), false);
    }

    /** The same sink, the payload as an attribute ({@code http.*.body.content}) instead of the body. */
    public OpenTelemetrySink bodyAsAttribute() {
        return new OpenTelemetrySink(logger, true);
    }

    @Override
    public void write(LogRecord record) {
        LogRecordBuilder b = logger.logRecordBuilder().setTimestamp(record.timestamp());
        LogLevel level = record.level() != null ? record.level() : LogLevel.INFO;
        b.setSeverity(severity(level)).setSeverityText(level.name());
        if (record.traceId() != null && record.spanId() != null) {
            SpanContext span = SpanContext.create(record.traceId(), record.spanId(), TraceFlags.getSampled(),
                    TraceState.getDefault());
            if (span.isValid()) {
                b.setContext(Context.root().with(Span.wrap(span)));
            }
        }
        boolean request = record.type().isRequest();
        record.forEachField((field, value) -> {
            String name = FieldNames.OTEL.of(field, request);
            if (name != null && !(value instanceof Map) && !(value instanceof LogRecord)) {
                attribute(b, name, FieldNames.OTEL.value(field, value));
            }
        });
        String headers = request ? "http.request.header." : "http.response.header.";
        record.headers().forEach((header, values) -> b.setAttribute(AttributeKey.stringArrayKey(headers
                + header.toLowerCase(Locale.ROOT)), values));
        String payload = record.payload();
        if (payload != null && bodyAsAttribute) {
            b.setAttribute(AttributeKey.stringKey(request ? "http.request.body.content"
                    : "http.response.body.content"), payload);
        } else if (payload != null) {
            b.setBody(payload);
        }
        b.emit();
    }

    private static void attribute(LogRecordBuilder b, String name, Object value) {
        if (value instanceof Boolean) {
            b.setAttribute(AttributeKey.booleanKey(name), (Boolean) value);
        } else if (value instanceof Integer || value instanceof Long) {
            b.setAttribute(AttributeKey.longKey(name), ((Number) value).longValue());
        } else if (value instanceof Number) {
            b.setAttribute(AttributeKey.doubleKey(name), ((Number) value).doubleValue());
        } else {
            b.setAttribute(AttributeKey.stringKey(name), String.valueOf(value));
        }
    }

    private static Severity severity(LogLevel level) {
        switch (level) {
            case TRACE:
                return Severity.TRACE;
            case DEBUG:
                return Severity.DEBUG;
            case WARN:
                return Severity.WARN;
            case ERROR:
                return Severity.ERROR;
            default:
                return Severity.INFO;
        }
    }

    @Override
    public String toString() {
        return "OpenTelemetry logs (" + SCOPE + (bodyAsAttribute ? ", body as attribute)" : ")");
    }
}
