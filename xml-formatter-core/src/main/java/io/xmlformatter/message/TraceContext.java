package io.xmlformatter.message;

import java.util.function.Function;

/**
 * The trace and span id a message carries: the W3C {@code traceparent} header, else the {@code b3} single header.
 * Only well-formed values are taken (lower-case hex of the right lengths, not all zeros, a known version); anything
 * else is ignored, so a header cannot put arbitrary text into a record or the MDC. Immutable.
 */
final class TraceContext {
    static final TraceContext NONE = new TraceContext(null, null);

    final String traceId;
    final String spanId;

    private TraceContext(String traceId, String spanId) {
        this.traceId = traceId;
        this.spanId = spanId;
    }

    /** The context given by the headers ({@code header} answers a header's first value, any case, or null). */
    static TraceContext of(Function<String, String> header) {
        TraceContext t = traceparent(header.apply("traceparent"));
        return t != null ? t : b3(header.apply("b3"));
    }

    /**
     * An exchange's context, first that applies: the current OpenTelemetry span's ({@code spans}, from
     * {@code OpenTelemetrySpan.traceOf}, or null); the headers'; for a client, the
     * caller's exchange's from the MDC ({@code trace_id}); the one a tracer put in the MDC for log correlation
     * (Micrometer Tracing with Brave or OpenTelemetry, Sleuth: {@code traceId}, {@code spanId}); NONE.
     */
    static TraceContext find(TraceContext spans, Function<String, String> header, boolean client) {
        TraceContext t = spans;
        if (t == null) {
            t = of(header);
        }
        if (t == NONE && client) {
            t = ofIds(Mdc.get(Mdc.TRACE_ID), Mdc.get(Mdc.SPAN_ID));
        }
        return t != NONE ? t : ofIds(widened(Mdc.get(Mdc.TRACING_TRACE_ID)), Mdc.get(Mdc.TRACING_SPAN_ID));
    }

    /** A context from ids already checked (e.g. the caller's, from the MDC); NONE when either is not well-formed. */
    static TraceContext ofIds(String traceId, String spanId) {
        return hex(traceId, 32) && hex(spanId, 16) ? new TraceContext(traceId, spanId) : NONE;
    }

    /** {@code version-traceid-parentid-flags}; version ff is invalid, a later version may carry more fields. */
    static TraceContext traceparent(String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        if (v.length() < 55 || v.charAt(2) != '-' || v.charAt(35) != '-' || v.charAt(52) != '-'
                || !hex(v.substring(0, 2), 2) || v.startsWith("ff") || !hex(v.substring(53, 55), 2)
                || (v.length() > 55 && (v.startsWith("00") || v.charAt(55) != '-'))) {
            return null;
        }
        TraceContext t = ofIds(v.substring(3, 35), v.substring(36, 52));
        return t == NONE ? null : t;
    }

    /** {@code traceid-spanid[-sampling[-parentspanid]]}, a 64-bit trace id widened to 128 bits as B3 says. */
    static TraceContext b3(String value) {
        if (value == null) {
            return NONE;
        }
        String[] parts = value.trim().split("-", -1);
        if (parts.length < 2 || parts.length > 4) {
            return NONE;
        }
        return ofIds(widened(parts[0]), parts[1]);
    }

    /** A 64-bit trace id widened to 128 bits, as B3 says; any other as it is. */
    private static String widened(String traceId) {
        return traceId != null && traceId.length() == 16 ? "0000000000000000" + traceId : traceId;
    }

    /** Lower-case hex of this length, not all zeros. */
    private static boolean hex(String s, int length) {
        if (s == null || s.length() != length) {
            return false;
        }
        boolean nonZero = false;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero || length == 2;
    }
}
