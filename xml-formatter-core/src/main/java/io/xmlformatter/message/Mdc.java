package io.xmlformatter.message;

import org.slf4j.MDC;

/**
 * The MDC keys an exchange puts (the only place they are named) and SLF4J's MDC when it is on the class path;
 * without SLF4J every call does nothing and {@link #get} answers null.
 */
final class Mdc {
    /** The correlation id: the caller's, a header's, or the exchange id. */
    static final String CORRELATION_ID = "correlationId";
    /** The exchange's own id. */
    static final String EXCHANGE_ID = "exchangeId";
    /** The trace id, with OpenTelemetry's MDC name. */
    static final String TRACE_ID = "trace_id";
    /** The span id, with OpenTelemetry's MDC name. */
    static final String SPAN_ID = "span_id";
    static final String[] KEYS = {CORRELATION_ID, EXCHANGE_ID, TRACE_ID, SPAN_ID};
    /** The trace id as Micrometer Tracing (Brave or OpenTelemetry bridge) and Sleuth put it: read, never put. */
    static final String TRACING_TRACE_ID = "traceId";
    /** The span id as Micrometer Tracing and Sleuth put it: read, never put. */
    static final String TRACING_SPAN_ID = "spanId";
    private static final boolean AVAILABLE = OptionalApi.present("org.slf4j.MDC");

    private Mdc() {
    }

    static String get(String key) {
        return AVAILABLE ? MDC.get(key) : null;
    }

    /** Puts {@code values} under {@link #KEYS} (a null value removes the key) and returns what was there. */
    static String[] replace(String... values) {
        if (!AVAILABLE) {
            return null;
        }
        String[] previous = new String[KEYS.length];
        for (int i = 0; i < KEYS.length; i++) {
            previous[i] = MDC.get(KEYS[i]);
            set(KEYS[i], values[i]);
        }
        return previous;
    }

    /** Puts back what {@link #replace} returned. */
    static void restore(String[] previous) {
        if (previous != null) {
            for (int i = 0; i < KEYS.length; i++) {
                set(KEYS[i], previous[i]);
            }
        }
    }

    private static void set(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
