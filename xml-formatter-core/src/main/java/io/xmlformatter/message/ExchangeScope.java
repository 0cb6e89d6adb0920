package io.xmlformatter.message;

import java.util.function.Function;

/**
 * An exchange's scope: its ids, its trace context and OpenTelemetry span, and — for a server — the thread's MDC it
 * holds while it runs there. A server exchange never ended here (or ended on another thread) is ended, and the MDC
 * restored, by the next one to begin on the thread.
 */
final class ExchangeScope {
    /** The server exchange whose ids are in this thread's MDC, and what the MDC held before. */
    private static final ThreadLocal<OnThread> ON_THREAD = new ThreadLocal<>();

    /** The exchange's own id. */
    final String id;
    /** What the MDC, the records and a client carry. */
    final String correlationId;
    final TraceContext trace;
    /**
     * The exchange's OpenTelemetry span (its trace is the exchange's), or null: the span current when a server
     * exchange began, or one of our own.
     */
    private final Object span;
    /** Whether {@link #span} is the exchange's own ({@link Options#START_SPANS}): it ends with the exchange. */
    private final boolean ownSpan;
    /** Whether the records go onto {@link #span}: never onto a client exchange's caller's span. */
    private final boolean bodiesOnSpan;
    /** Whether it is a server exchange (else a client's). */
    final boolean server;
    /** Ends the exchange when another begins on this thread before it ended. */
    private final Runnable endExchange;

    /**
     * @param headers the request's headers, for its trace context (the current OpenTelemetry span's wins; with
     *         {@link Options#START_SPANS} and none current, a span of our own is started as its child)
     * @param hostCorrelationId the host's correlation id, or null: then the correlation header's, else (for a
     *         client) the caller's in the MDC, else (by option) the trace id, else the exchange's id
     */
    ExchangeScope(MessageLogger logger, String exchangeId, String hostCorrelationId,
            Function<String, String> headers, boolean server, Runnable endExchange) {
        this.server = server;
        this.endExchange = endExchange;
        this.id = exchangeId != null ? logger.fields().id(exchangeId) : logger.newId();
        Object current = OpenTelemetrySpan.currentSpan();
        boolean own = false;
        boolean bodies = true;
        boolean start = logger.options().get(Options.START_SPANS);
        if (!server && (start || (current != null && logger.options().get(Options.SPAN_ATTRIBUTES)))) {
            // a CLIENT span of its own: a child of its caller's, or of a client instrumentation's (which can end
            // before the response's body is read); the caller's never gets the call's bodies
            Object child = OpenTelemetrySpan.start(logger.openTelemetry(), false,
                    TraceContext.find(OpenTelemetrySpan.traceOf(current), headers, true));
            own = child != null;
            bodies = own;
            current = own ? child : current;
        } else if (current == null && start) {
            current = OpenTelemetrySpan.start(logger.openTelemetry(), server,
                    TraceContext.find(null, headers, !server));
            own = current != null;
        }
        this.span = current;
        this.ownSpan = own;
        this.bodiesOnSpan = bodies;
        this.trace = TraceContext.find(OpenTelemetrySpan.traceOf(current), headers, !server);
        String given = hostCorrelationId != null ? hostCorrelationId
                : idOf(headers.apply(logger.correlationHeader()));
        if (given == null && !server) {
            given = idOf(Mdc.get(Mdc.CORRELATION_ID));
        }
        String correlation = logger.fields().id(given);
        if (correlation == null && logger.options().get(Options.CORRELATION_FROM_TRACE)) {
            correlation = trace.traceId;
        }
        this.correlationId = correlation != null ? correlation : id;
    }

    /** The value of a correlation header as an id: trimmed, null when blank. */
    private static String idOf(String header) {
        return header == null || header.trim().isEmpty() ? null : header.trim();
    }

    /** A server exchange's ids and trace go into this thread's MDC, if they are not there yet. */
    void enterThread() {
        OnThread here = ON_THREAD.get();
        if (!server || (here != null && here.scope == this)) {
            return;
        }
        if (here != null) {
            here.scope.endExchange.run();
            leave(here);
        }
        ON_THREAD.set(new OnThread(this, Mdc.replace(correlationId, id, trace.traceId, trace.spanId)));
    }

    /** This thread's MDC gets back what it held before the exchange entered it. */
    void leaveThread() {
        OnThread here = ON_THREAD.get();
        if (here != null && here.scope == this) {
            leave(here);
        }
    }

    private static void leave(OnThread here) {
        if (ON_THREAD.get() == here) {
            ON_THREAD.remove();
            Mdc.restore(here.before);
        }
    }

    /** The span the records go onto (with {@link Options#SPAN_ATTRIBUTES}), or null. */
    Object spanForRecords() {
        return bodiesOnSpan ? span : null;
    }

    /**
     * The exchange is over: a span of its own ends, named by the operation (a SOAP operation or a resource method:
     * an XML name), else the request's method (a token).
     */
    void finishSpan(String operation, String method, Integer status, boolean failed) {
        if (ownSpan) {
            OpenTelemetrySpan.finish(span, spanName(operation, method), status, failed);
        }
    }

    private static String spanName(String operation, String method) {
        if (operation != null && operation.length() <= 128) { // {ns}local, a name, or a REST form ("GET[/a/{id}]")
            String local = operation.substring(operation.lastIndexOf('}') + 1);
            if (SoapFacts.isName(local)) {
                return local;
            }
        }
        return method != null && method.length() <= 16 && method.chars().allMatch(c -> c >= 'A' && c <= 'Z')
                ? method : null;
    }

    /** A server exchange in a thread's MDC, and what the MDC held before it. */
    private static final class OnThread {
        final ExchangeScope scope;
        final String[] before;

        OnThread(ExchangeScope scope, String[] before) {
            this.scope = scope;
            this.before = before;
        }
    }
}
