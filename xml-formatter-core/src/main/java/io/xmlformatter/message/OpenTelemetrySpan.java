package io.xmlformatter.message;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;

/**
 * The current OpenTelemetry span's ids, when the OpenTelemetry API ({@code io.opentelemetry:opentelemetry-api}, an
 * optional dependency) is on the class path and a valid span is current (an agent's server span, the caller's
 * span); it wins over the trace headers.
 */
final class OpenTelemetrySpan {
    private static final boolean AVAILABLE = OptionalApi.present("io.opentelemetry.api.trace.Span");

    private OpenTelemetrySpan() {
    }

    /** The current span's trace context, or null when there is none (or no OpenTelemetry API). */
    static TraceContext current() {
        if (!AVAILABLE) {
            return null;
        }
        try {
            SpanContext c = Span.current().getSpanContext();
            TraceContext t = c.isValid() ? TraceContext.ofIds(c.getTraceId(), c.getSpanId()) : TraceContext.NONE;
            return t == TraceContext.NONE ? null : t;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
