package io.xmlformatter.message;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.xmlformatter.record.LogRecord;

/**
 * The current OpenTelemetry span, when the OpenTelemetry API ({@code io.opentelemetry:opentelemetry-api}, an
 * optional dependency) is on the class path and a valid span is current (an agent's server span, the caller's
 * span): its ids win over the trace headers, and with {@link Options#SPAN_ATTRIBUTES} the exchange's logged bodies
 * go onto it ({@link #annotate}). With {@link Options#START_SPANS}, an exchange none is current for gets a span of its
 * own ({@link #start}, {@link #finish}).
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

    /** Whether {@code value} is an {@code OpenTelemetry} (false without the API). */
    static boolean isOpenTelemetry(Object value) {
        return AVAILABLE && Tracing.isOpenTelemetry(value);
    }

    /**
     * Starts an exchange's own span (scope {@code io.xmlformatter}), SERVER or CLIENT, a child of {@code parent}
     * (the request's trace context, or for a client the caller's exchange's; a root when NONE), through
     * {@code openTelemetry}'s tracer (null: the global one). Not made current: the application's context is not
     * ours to change. Null when the API is absent, the tracer makes no valid span, or it fails.
     */
    static Object start(Object openTelemetry, boolean server, TraceContext parent) {
        if (!AVAILABLE) {
            return null;
        }
        try {
            return Tracing.start(openTelemetry, server, parent);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * Ends a span from {@link #start}: named {@code name} when known (the operation, or the method), the
     * response's status as {@code http.response.status_code}, an error status when the exchange failed. Never
     * throws.
     */
    static void finish(Object span, String name, Integer status, boolean failed) {
        if (!AVAILABLE || !(span instanceof Span)) {
            return;
        }
        try {
            Span s = (Span) span;
            if (name != null) {
                s.updateName(name);
            }
            if (status != null) {
                s.setAttribute("http.response.status_code", status.longValue());
            }
            if (failed) {
                s.setStatus(StatusCode.ERROR);
            }
            s.end();
        } catch (RuntimeException | LinkageError e) {
            // the span is the tracer's: a failure there changes nothing here
        }
    }

    /**
     * What needs the API's types to check (a span as a context's value): a class of its own, loaded only when the
     * API is there, so that verifying {@link OpenTelemetrySpan} never looks for it.
     */
    private static final class Tracing {
        private Tracing() {
        }

        static boolean isOpenTelemetry(Object value) {
            return value instanceof OpenTelemetry;
        }

        static Object start(Object openTelemetry, boolean server, TraceContext parent) {
            OpenTelemetry otel = openTelemetry instanceof OpenTelemetry ? (OpenTelemetry) openTelemetry
                    : GlobalOpenTelemetry.get();
            SpanBuilder b = otel.getTracer("io.xmlformatter").spanBuilder(server ? "HTTP server" : "HTTP client")
                    .setSpanKind(server ? SpanKind.SERVER : SpanKind.CLIENT);
            if (parent.traceId != null) {
                b.setParent(Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(parent.traceId,
                        parent.spanId, TraceFlags.getSampled(), TraceState.getDefault()))));
            } else {
                b.setNoParent();
            }
            Span span = b.startSpan();
            if (span.getSpanContext().isValid() && !span.getSpanContext().getSpanId().equals(parent.spanId)) {
                return span;
            }
            span.end(); // a tracer that records nothing hands back the parent
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
