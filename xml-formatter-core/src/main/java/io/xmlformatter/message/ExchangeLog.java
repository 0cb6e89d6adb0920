package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.MessageType;

import java.util.function.Function;

/**
 * The protocol between an adapter and core for one exchange — a request and its response, on a server or a client.
 * Its order is in its types: {@link #server} or {@link #client} begins an exchange ({@link RequestStage}); the
 * request is given once ({@link RequestStage#request}, giving a {@link ResponseStage}); then the response, or the
 * failure, or the acceptance of a one-way call (giving an {@link EndStage}); then {@link EndStage#end} (which every
 * stage has: an exchange ended before its outcome was given failed).
 * Spring-WS's interceptor callbacks map onto it one to one: {@code handleRequest} → {@code request},
 * {@code handleResponse}/{@code handleFault} → {@code response}, {@code afterCompletion} → ({@code failed} when it
 * has an exception, then) {@code end}.
 *
 * <p>Core owns everything else: the exchange and correlation ids, the trace context, the MDC of a server exchange
 * (set when it begins, restored at its end), the duration, the rules matched by {@link RequestStage#operation},
 * sampling, whether each message is logged at all (its sink is asked once per message, by
 * {@link Stage#logs}), the fault rule, and the strategy: a record whose outcome is still unknown is held, with its
 * body, until the response tells it, then written (with or without its body) or dropped.
 *
 * <p>A body is given either now ({@link CapturedBody}, or null for none) or as a capture still going on
 * ({@link PendingBody}: a {@link BodyTee} as the application reads it, a {@link WrittenBody} as it writes it): its
 * record is made when the capture is done. A request body still being read when the response comes is settled then,
 * with what has arrived of it within the limit; an exchange whose response body is still being captured ends when
 * that capture is done (a body never read to its end is taken when the exchange is ended by another beginning on
 * its thread). The facts of a message whose body is a capture may still be added to until it is done.
 *
 * <p>A call out of order (a second request, a response before the request) throws
 * {@link IllegalStateException} naming the call and the stage. Calls after the exchange ended (a server exchange is
 * ended by the next one to begin on its thread if its adapter did not end it) change nothing. Thread-safe: a body
 * may be done on another thread.
 */
@Experimental
public final class ExchangeLog {
    private ExchangeLog() {
    }

    /**
     * A server exchange begins: its correlation id is the host's, else the correlation header's, else (by option)
     * the trace id, else its own id; its trace context is the current OpenTelemetry span's (when the OpenTelemetry
     * API is on the class path), else the {@code traceparent} (or {@code b3}) header's, else the one a tracer put in
     * the MDC ({@code traceId}, {@code spanId}: Micrometer Tracing with Brave, Sleuth). Ids and trace go into this
     * thread's MDC until {@link EndStage#end}.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request (e.g. Mule's), or null
     * @param exchangeId the runtime's id of the exchange (CXF's, shared with its own logging), or null for a new one
     */
    public static RequestStage server(MessageLogger logger, Function<String, String> headers,
            String hostCorrelationId, String exchangeId) {
        return new Begun(LoggedExchange.server(logger, headers, hostCorrelationId, exchangeId));
    }

    /**
     * A client exchange begins, on the caller's thread: its correlation id is the host's, else the request's
     * correlation header, else the caller's (from the MDC), else its own id (the adapter sends it on in
     * {@link RequestStage#correlationHeader}); its trace context is the current OpenTelemetry span's, else the
     * request's {@code traceparent}/{@code b3} header, else the caller's from the MDC. The MDC is not changed.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request, or null
     * @param exchangeId the runtime's id of the exchange, or null for a new one
     */
    public static RequestStage client(MessageLogger logger, Function<String, String> headers,
            String hostCorrelationId, String exchangeId) {
        return new Begun(LoggedExchange.client(logger, headers, hostCorrelationId, exchangeId));
    }

    /**
     * The stages are objects of their own over the one exchange ({@link LoggedExchange}, which checks the order):
     * a later stage is never an instance of an earlier one.
     */
    private abstract static class Common implements Stage {
        final LoggedExchange exchange;

        Common(LoggedExchange exchange) {
            this.exchange = exchange;
        }

        @Override
        public String id() {
            return exchange.id();
        }

        @Override
        public String correlationId() {
            return exchange.correlationId();
        }

        @Override
        public boolean logs(MessageType type) {
            return exchange.logs(type);
        }

        @Override
        public boolean capturesBody(MessageType type) {
            return exchange.capturesBody(type);
        }

        @Override
        public int captureLimit() {
            return exchange.captureLimit();
        }

        @Override
        public MessageFacts facts(MessageType type) {
            return exchange.facts(type);
        }

        @Override
        public void enterThread() {
            exchange.enterThread();
        }

        @Override
        public void leaveThread() {
            exchange.leaveThread();
        }

        @Override
        public void end() {
            exchange.end();
        }
    }

    /** The exchange has begun. */
    private static final class Begun extends Common implements RequestStage {
        Begun(LoggedExchange exchange) {
            super(exchange);
        }

        @Override
        public String correlationHeader() {
            return exchange.correlationHeader();
        }

        @Override
        public RequestStage operation(String service, String operation, String path, String httpMethod,
                String soapAction) {
            exchange.operation(service, operation, path, httpMethod, soapAction);
            return this;
        }

        @Override
        public RequestStage integration(String name) {
            exchange.integration(name);
            return this;
        }

        @Override
        public ResponseStage request(MessageFacts facts) {
            return new Requested(exchange.request(facts));
        }

        @Override
        public ResponseStage request(MessageFacts facts, CapturedBody body) {
            return new Requested(exchange.request(facts, body));
        }

        @Override
        public ResponseStage request(MessageFacts facts, PendingBody body) {
            return new Requested(exchange.request(facts, body));
        }

        @Override
        public ResponseStage noRequest() {
            return new Requested(exchange.noRequest());
        }
    }

    /** The request was given. */
    private static final class Requested extends Common implements ResponseStage {
        Requested(LoggedExchange exchange) {
            super(exchange);
        }

        @Override
        public EndStage response(MessageFacts facts) {
            return new Answered(exchange.response(facts));
        }

        @Override
        public EndStage response(MessageFacts facts, CapturedBody body) {
            return new Answered(exchange.response(facts, body));
        }

        @Override
        public EndStage response(MessageFacts facts, PendingBody body) {
            return new Answered(exchange.response(facts, body));
        }

        @Override
        public EndStage failed() {
            return new Answered(exchange.failed());
        }

        @Override
        public CallOnThread callOnThisThread() {
            ClientCalls.Call call = exchange.callOnThisThread();
            return call == null ? () -> { } : call::close;
        }

        @Override
        public EndStage accepted() {
            return new Answered(exchange.accepted());
        }
    }

    /** The outcome was given. */
    private static final class Answered implements EndStage {
        private final LoggedExchange exchange;

        Answered(LoggedExchange exchange) {
            this.exchange = exchange;
        }

        @Override
        public void end() {
            exchange.end();
        }
    }

    /** What every stage answers; an exchange may end at any stage (before its outcome was given: as failed). */
    public interface Stage extends EndStage {
        /** The exchange's own id (a request and its response share it). */
        String id();

        /** The correlation id: the host's, the correlation header's, the caller's (a client), or the exchange id. */
        String correlationId();

        /**
         * Whether a message of this type is logged: its sink would write it (asked once per type and exchange),
         * sampling and the rules have not left the exchange out. An adapter asks before it captures anything.
         */
        boolean logs(MessageType type);

        /** Whether a message of this type is logged with its body (the strategy shows bodies): capture it then. */
        boolean capturesBody(MessageType type);

        /** How many bytes of a body to capture. */
        int captureLimit();

        /** The facts every record of this exchange shares: ids, trace, names, and a response's duration so far. */
        MessageFacts facts(MessageType type);

        /**
         * The exchange goes on on this thread (CXF runs a one-way call's service on a work queue): a server
         * exchange's ids and trace go into this thread's MDC until {@link EndStage#end}, if they are not there yet.
         */
        void enterThread();

        /**
         * The exchange goes on elsewhere (CXF answers a one-way call with 202 before running its service on a work
         * queue): this thread's MDC gets back what it held before the exchange entered it. The exchange goes on.
         */
        void leaveThread();
    }

    /** The exchange has begun; its request comes next. */
    public interface RequestStage extends Stage {
        /** The header the correlation id travels in: a client sends {@link #correlationId} in it. */
        String correlationHeader();

        /**
         * The exchange's operation (null where not known): its records carry the service and operation names, and
         * the first of the logger's rules that matches applies to them (one that excludes the exchange leaves it
         * unlogged). A server knows it once the request is dispatched; call before {@link #request}.
         *
         * @param service the port type or service name, the resource class's simple name, or the flow's name
         * @param operation the SOAP operation or the resource method's name
         * @param path the address path, without the query
         */
        RequestStage operation(String service, String operation, String path, String httpMethod, String soapAction);

        /**
         * Names the integration that logs this exchange ({@code jaxrs}): its records carry it
         * ({@link io.xmlformatter.record.LogRecord#integration()}) and a sink may name its loggers by it (the SLF4J
         * sink: {@code io.xmlformatter.<integration>.<owner>.<TYPE>}). CXF's and Mule's adapters name none: their
         * records keep CXF's logger names. Call it right after the exchange begins.
         */
        RequestStage integration(String name);

        /**
         * The request, without a body; logged at once if {@link #logs} says so for its type.
         *
         * @param facts from {@link #facts} with a request type, and what the adapter knows of the message
         */
        ResponseStage request(MessageFacts facts);

        /** The request, with its body now; logged at once if {@link #logs} says so for its type. */
        ResponseStage request(MessageFacts facts, CapturedBody body);

        /**
         * The request, with its body as it is captured: logged when the capture is done, or when the response
         * comes (with what has arrived of it within the limit). A capture that took nothing of a body not known to
         * be empty is no body.
         */
        ResponseStage request(MessageFacts facts, PendingBody body);

        /** The request is not logged here (the adapter sees none, or does not log its type); the response comes. */
        ResponseStage noRequest();
    }

    /** The request was given; the response, the failure or the acceptance of a one-way call comes next. */
    public interface ResponseStage extends Stage {
        /**
         * The response, without a body. Its status at or above the fault status makes it a fault; it settles the
         * outcome, and with it the records held; a request body still being captured is settled first.
         *
         * @param facts from {@link #facts} with a response or fault type, and what the adapter knows of it
         */
        EndStage response(MessageFacts facts);

        /** The response, with its body now. */
        EndStage response(MessageFacts facts, CapturedBody body);

        /** The response, with its body as it is captured: logged when the capture is done. */
        EndStage response(MessageFacts facts, PendingBody body);

        /**
         * The exchange failed with an exception and no response tells (the exception's message is not logged: it
         * may hold secrets): held records are written with bodies.
         */
        EndStage failed();

        /** A one-way call was accepted: no response record comes, and the exchange succeeded. */
        EndStage accepted();

        /**
         * A synchronous client adapter's call runs on this thread until the returned call is closed (open it
         * around sending the request and receiving the response, in try-with-resources): a client exchange begun
         * meanwhile on this thread for the same address (host, path, method) is the same call seen by a second
         * integration — a {@code RestClient} interceptor over an HTTP client that logs too — and logs nothing, so
         * that the call is logged once, by the outer adapter. A server exchange's call: nothing.
         */
        CallOnThread callOnThisThread();
    }

    /** A client call running on its thread, from {@link ResponseStage#callOnThisThread} until closed. */
    public interface CallOnThread extends AutoCloseable {
        /** The call is over on this thread (closing it on another thread, or again, changes nothing). */
        @Override
        void close();
    }

    /** The outcome is given; the exchange ends next. */
    public interface EndStage {
        /**
         * The exchange is over, now or once the bodies still being captured for its records are done: records still
         * held are written (as failed when no outcome was given) or dropped, and on the thread that began a server
         * exchange the MDC gets back what it held before. Later calls change nothing.
         */
        void end();
    }
}
