package io.xmlformatter.message;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.xmlformatter.record.LogRecord;

/**
 * The current OpenTelemetry span, when the OpenTelemetry API ({@code io.opentelemetry:opentelemetry-api}, an
 * optional dependency) is on the class path and a valid span is current (an agent's server span, the caller's
 * span): its ids win over the trace headers, and with {@link Options#SPAN_ATTRIBUTES} the exchange's logged bodies
 * go onto it ({@link #annotate}).
 */
final class OpenTelemetrySpan {
    private static final boolean AVAILABLE = OptionalApi.present("io.opentelemetry.api.trace.Span");

    private OpenTelemetrySpan() {
    }

    /** The trace context of a span from {@link #currentSpan}, or null for none. */
    static TraceContext traceOf(Object span) {
        if (!AVAILABLE || !(span instanceof Span)) {
            return null;
        }
        try {
            SpanContext c = ((Span) span).getSpanContext();
            TraceContext t = c.isValid() ? TraceContext.ofIds(c.getTraceId(), c.getSpanId()) : TraceContext.NONE;
            return t == TraceContext.NONE ? null : t;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The current span (a {@code Span}, typed as an object so that callers need no API), or null. */
    static Object currentSpan() {
        if (!AVAILABLE) {
            return null;
        }
        try {
            Span span = Span.current();
            return span.getSpanContext().isValid() ? span : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * Puts a written record's body (already masked and capped; cut again at {@code limit} characters) on the span,
     * as the semantic conventions' {@code http.request.body.content} / {@code http.response.body.content}, and its
     * facts under {@code xmlformatter.}: the masked count, whether it was cut and its original size by direction,
     * the operation, a SOAP fault's code. A record written without its body puts only the facts. Never throws.
     */
    static void annotate(Object span, LogRecord record, int limit) {
        if (!AVAILABLE || !(span instanceof Span)) {
            return;
        }
        try {
            Span s = (Span) span;
            if (!s.isRecording()) {
                return;
            }
            String direction = record.type().isRequest() ? "request" : "response";
            String payload = record.payload();
            if (payload != null) {
                s.setAttribute("http." + direction + ".body.content", payload.length() <= limit ? payload
                        : payload.substring(0, limit) + "...[TRUNCATED AT " + limit + " CHARS]");
            }
            s.setAttribute("xmlformatter." + direction + ".masked_count", record.maskedCount());
            s.setAttribute("xmlformatter." + direction + ".truncated", record.truncated());
            if (record.originalSize() >= 0) {
                s.setAttribute("xmlformatter." + direction + ".original_size", record.originalSize());
            }
            if (record.operation() != null) {
                s.setAttribute("xmlformatter.operation", record.operation());
            }
            String fault = record.type().isFault() ? faultCode(payload) : null;
            if (fault != null) {
                s.setAttribute("xmlformatter.soap.fault_code", fault);
            }
        } catch (RuntimeException | LinkageError e) {
            // the span is the tracer's: a failure there changes nothing here
        }
    }

    /** A SOAP 1.1 {@code faultcode}, else a SOAP 1.2 {@code Code/Value}, as logged; null for none. */
    private static String faultCode(String payload) {
        String code = SoapFacts.text(payload, "faultcode");
        return code != null ? code : SoapFacts.text(payload, "Value");
    }
}
