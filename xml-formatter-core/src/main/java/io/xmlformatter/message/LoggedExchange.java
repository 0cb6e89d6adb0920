package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;

import java.time.Duration;
import java.util.function.Function;

/**
 * The stage machine of one exchange, behind its protocol ({@link ExchangeLog}): each call checks the stage, then
 * sequences the exchange's parts — its scope (ids, trace, span, MDC), its route (logger, rules, sampling, strategy,
 * the sink check), its verdict (outcome, notable, level), its bodies in flight and its held records (chain, the
 * request waiting for its response, duplicates). An exchange that ends with records still held (no response came)
 * counts as failed: they are written with their bodies. Held records never outlive {@link #end}. Thread-safe: a
 * body may be finished on another thread.
 */
final class LoggedExchange {
    private static final int BEGUN = 0;
    private static final int REQUESTED = 1;
    private static final int ANSWERED = 2;
    private static final String[] STAGES = {"begun (the request comes next)",
        "requested (the response, failed() or accepted() comes next)", "answered (end() comes next)"};

    private final long started = System.nanoTime();
    private final ExchangeScope scope;
    private final ExchangeRoute route;
    private final ExchangeVerdict verdict;
    private final BodiesInFlight bodies = new BodiesInFlight();
    private final ExchangeRecords records;
    /** The request's method, for the span of our own. */
    private volatile String method;
    /** Where the protocol is: {@link #BEGUN}, {@link #REQUESTED}, {@link #ANSWERED}. Guarded by this. */
    private int stage;
    private boolean ended;

    /** A server exchange begins ({@link ExchangeLog#server}). */
    static LoggedExchange server(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        return new LoggedExchange(logger, headers, hostCorrelationId, exchangeId, true);
    }

    /** A client exchange begins ({@link ExchangeLog#client}). */
    static LoggedExchange client(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        return new LoggedExchange(logger, headers, hostCorrelationId, exchangeId, false);
    }

    /**
     * @param headers the request's headers, for its correlation id and trace context, or null
     * @param hostCorrelationId the host's correlation id (else the header's, else a client's caller's), or null
     */
    private LoggedExchange(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId, boolean server) {
        logger.registry().exchangeBegins();
        scope = new ExchangeScope(logger, exchangeId, hostCorrelationId, headers != null ? headers : name -> null,
                server, this::endNow);
        route = new ExchangeRoute(logger, logger.policy().sampling().next());
        verdict = new ExchangeVerdict(route, started);
        records = new ExchangeRecords(logger.registry(), scope, route, verdict);
        scope.enterThread();
    }

    void enterThread() {
        scope.enterThread();
    }

    void leaveThread() {
        scope.leaveThread();
    }

    synchronized LoggedExchange operation(String serviceName, String operationName, String path,
            String httpMethod, String soapAction) {
        expect(BEGUN, "operation(...)");
        route.operation(serviceName, operationName, path, httpMethod, soapAction);
        if (!scope.server && ClientCalls.running(route.address())) {
            route.leftToTheCallAround();
        }
        return this;
    }

    /** A client's call runs on this thread until closed ({@link ClientCalls}); a server's: none (null). */
    ClientCalls.Call callOnThisThread() {
        return scope.server ? null : ClientCalls.open(route.address());
    }

    synchronized LoggedExchange integration(String name) {
        expect(BEGUN, "integration(...)");
        route.integration(name);
        return this;
    }

    String id() {
        return scope.id;
    }

    String correlationId() {
        return scope.correlationId;
    }

    boolean logs(MessageType type) {
        return route.logs(type);
    }

    boolean capturesBody(MessageType type) {
        return route.capturesBody(type);
    }

    int captureLimit() {
        return route.logger().captureLimit();
    }

    String correlationHeader() {
        return route.logger().correlationHeader();
    }

    MessageFacts facts(MessageType type) {
        MessageFacts f = route.names(MessageFacts.of(type).exchangeId(scope.id).correlationId(scope.correlationId)
                .traceId(scope.trace.traceId).spanId(scope.trace.spanId));
        if (!type.isRequest()) {
            f.duration(Duration.ofNanos(System.nanoTime() - started));
        }
        return f;
    }

    LoggedExchange request(MessageFacts facts) {
        return request(facts, (CapturedBody) null);
    }

    LoggedExchange request(MessageFacts facts, CapturedBody body) {
        next(facts, true, "request(facts, body)");
        if (logs(facts.type())) {
            log(facts, body);
        }
        return this;
    }

    LoggedExchange request(MessageFacts facts, PendingBody body) {
        next(facts, true, "request(facts, capture)");
        if (logs(facts.type())) {
            bodies.request(body);
            logWhenDone(facts, body);
        }
        return this;
    }

    LoggedExchange noRequest() {
        moveOn(BEGUN, REQUESTED, "noRequest()");
        return this;
    }

    /**
     * Checks the facts' direction and the stage, then moves on; when the response comes, the request's record is made
     * now if it is still to come (its body not read to its end).
     */
    private void next(MessageFacts facts, boolean request, String call) {
        if (facts.type().isRequest() != request) {
            throw new IllegalArgumentException("ExchangeLog: " + call + " takes a " + (request ? "request" : "response")
                    + "'s facts, not " + facts.type());
        }
        if (request) {
            moveOn(BEGUN, REQUESTED, call);
            method = facts.httpMethod();
        } else {
            moveOn(REQUESTED, ANSWERED, call);
            bodies.settleRequest();
        }
    }

    LoggedExchange response(MessageFacts facts) {
        return response(facts, (CapturedBody) null);
    }

    LoggedExchange response(MessageFacts facts, CapturedBody body) {
        next(facts, false, "response(facts, body)");
        if (logs(facts.type())) {
            log(facts, body);
        } else {
            settle(facts);
        }
        return this;
    }

    LoggedExchange response(MessageFacts facts, PendingBody body) {
        next(facts, false, "response(facts, capture)");
        if (logs(facts.type())) {
            logWhenDone(facts, body);
        } else {
            settle(facts);
        }
        return this;
    }

    /**
     * Logs the message when its body's capture is done (nothing taken of a body not known to be empty: none, but a
     * binary one's is suppressed, read or not, as CXF's event has it), then ends the exchange if its adapter ended it
     * meanwhile.
     */
    private void logWhenDone(MessageFacts facts, PendingBody body) {
        bodies.whenDone(body, b -> log(facts, b.isEmpty() && !b.complete()
                && !route.logger().suppressesBody(facts) ? null : b), this::endNow);
    }

    /** Checks the stage is {@code now} (nothing after the end), then moves to {@code next}. */
    private synchronized void moveOn(int now, int next, String call) {
        expect(now, call);
        stage = next;
    }

    private synchronized void expect(int now, String call) {
        if (stage != now && !ended) {
            throw new IllegalStateException("ExchangeLog: " + call + " called when the exchange is "
                    + STAGES[stage] + "; the order is server()/client(), request(...) or noRequest(), "
                    + "response(...), failed() or accepted(), then end()");
        }
    }

    /**
     * Logs one message of the exchange by the strategy: a response settles the outcome (a status at or above the
     * fault status makes it a fault) and with it the records held. Never throws.
     *
     * @param body the captured body, or null when the message has none
     */
    void log(MessageFacts facts, CapturedBody body) {
        route.operationOf(facts);
        if (route.off()) {
            return;
        }
        synchronized (this) {
            if (!facts.type().isRequest()) {
                settle(facts);
            }
            if (!route.strategy().waitsForOutcome()) {
                records.write(facts, body, false);
            } else if (!records.chained() && verdict.known()) { // nothing waits on it: as the outcome says
                records.write(facts, body, verdict.notable());
            } else {
                records.hold(facts, body);
            }
        }
    }

    LoggedExchange failed() {
        moveOn(REQUESTED, ANSWERED, "failed()");
        settle(Outcome.FAILURE);
        return this;
    }

    LoggedExchange accepted() {
        moveOn(REQUESTED, ANSWERED, "accepted()");
        settle(Outcome.SUCCESS);
        return this;
    }

    /** The outcome is {@code o}, unless known already; the held records learn it with the verdict. */
    private synchronized void settle(Outcome o) {
        if (verdict.settle(o, null)) {
            records.settled(verdict.notable());
        }
    }

    /** A response settles the outcome, unless known already; the held records learn it with the verdict. */
    private synchronized void settle(MessageFacts response) {
        if (verdict.response(response)) {
            records.settled(verdict.notable());
        }
    }

    void end() {
        if (!bodies.endWaits()) {
            endNow();
        }
    }

    /**
     * The exchange is over: the request's record is settled, records still held are written (as failed when no
     * outcome is known) or dropped, and on this thread the MDC gets back what it held before the exchange entered
     * it (a thread it entered and left without ending it gets its MDC back when the next exchange begins there).
     * Later calls change nothing else.
     */
    void endNow() {
        bodies.settleRequest();
        boolean ending;
        synchronized (this) {
            ending = !ended;
            ended = true;
            if (ending) {
                settle(Outcome.FAILURE);
            }
        }
        if (ending) {
            records.end();
        }
        leaveThread();
        if (ending) {
            scope.finishSpan(route.operation(), method, verdict.status(), verdict.failed());
        }
    }
}
