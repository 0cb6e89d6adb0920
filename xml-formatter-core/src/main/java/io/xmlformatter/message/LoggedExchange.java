package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.DeduplicatingSink;

import java.time.Duration;
import java.util.function.Function;

/**
 * The records of one exchange, behind its protocol ({@link ExchangeLog}): each stage's calls check the stage, then
 * log through the exchange's logger by its strategy. An exchange that ends with records still held (no response
 * came) counts as failed: they are written with their bodies. Held records never outlive {@link #end}.
 * Thread-safe: a body may be finished on another thread.
 */
final class LoggedExchange {
    /** The chains and the held bound the exchange shares with the other exchanges of its root logger. */
    private final ExchangeRegistry registry;
    /** The bodies logged in this exchange's correlation id (the duplicate option), or null. */
    private final SeenBodies.Scope seen;
    /** This exchange as its chain sees it. */
    private final ExchangeChain.Member member = new ExchangeChain.Member() {
        @Override
        public void write(MessageFacts facts, CapturedBody body, boolean notable) {
            LoggedExchange.this.write(facts, body, notable);
        }

        @Override
        public boolean outcomeKnown() {
            return outcome != null;
        }

        @Override
        public void writeLoneRequest() {
            LoggedExchange.this.writeLoneRequest();
        }
    };
    /**
     * Where records wait for the outcome: shared by the correlation id (joined at the start, with the chain
     * option), or the exchange's own, made when a record first has to wait; null before. Guarded by this.
     */
    private ExchangeChain chain;
    /** Its ids, trace and span, and the thread MDC a server exchange holds. */
    private final ExchangeScope scope;
    /** Its logger, strategy and sampling, by the rules that match it. */
    private final ExchangeRoute route;
    /** The request's method and the response's status, for the span of our own. */
    private volatile String method;
    private volatile Integer status;
    private final long started = System.nanoTime();
    /** Where the protocol is: {@link #BEGUN}, {@link #REQUESTED}, {@link #ANSWERED}. Guarded by this. */
    private int stage;
    /** The request's body while it is being captured, or null. */
    private volatile BodyCapture requestBody;
    /** How many logged bodies are still being captured (the end waits for them). Guarded by this. */
    private int capturing;
    /** Whether the adapter has ended the exchange while a body was still being captured. Guarded by this. */
    private boolean endAsked;
    /** With one record per exchange: the request's record, waiting for the response's. Guarded by this. */
    private LogRecord request;
    /** The held bytes {@link #request} reserved under the logger's bound. Guarded by this. */
    private long requestBytes;
    /** The outcome, once known; null before. */
    private volatile Outcome outcome;
    /** Whether the exchange is notable by its strategy (known with the outcome). */
    private volatile boolean notable;
    private boolean ended;

    private static final int BEGUN = 0;
    private static final int REQUESTED = 1;
    private static final int ANSWERED = 2;
    private static final String[] STAGES = {"begun (the request comes next)",
        "requested (the response, failed() or accepted() comes next)", "answered (end() comes next)"};

    /** A server exchange begins ({@link ExchangeLog#server}). */
    static LoggedExchange server(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : idOf(h.apply(logger.correlationHeader()));
        return new LoggedExchange(logger, exchangeId, id, h, logger.policy().sampling().next(), true);
    }

    /** A client exchange begins ({@link ExchangeLog#client}). */
    static LoggedExchange client(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : idOf(h.apply(logger.correlationHeader()));
        if (id == null) {
            id = idOf(Mdc.get(Mdc.CORRELATION_ID));
        }
        return new LoggedExchange(logger, exchangeId, id, h, logger.policy().sampling().next(), false);
    }

    /**
     * @param headers the request's headers, for its trace context (the current OpenTelemetry span's wins; with
     *         {@link Options#START_SPANS} and none current, a span of our own is started as its child)
     */
    private LoggedExchange(MessageLogger logger, String exchangeId, String correlationId,
            Function<String, String> headers, boolean sampled, boolean server) {
        this.registry = logger.registry();
        this.scope = new ExchangeScope(logger, exchangeId, correlationId, headers, server, this::endNow);
        this.route = new ExchangeRoute(logger, sampled);
        registry.exchangeBegins();
        seen = registry.seen() == null ? null : registry.seen().join(scope.correlationId);
        if (registry.sharesChains()) {
            chain = registry.joinChain(scope.correlationId, scope.id);
        }
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
        return this;
    }

    synchronized LoggedExchange integration(String name) {
        expect(BEGUN, "integration(...)");
        route.integration(name);
        return this;
    }

    /** The value of a correlation header as an id: trimmed, null when blank. */
    static String idOf(String header) {
        return header == null || header.trim().isEmpty() ? null : header.trim();
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
        requested(facts, "request(facts, body)");
        if (logs(facts.type())) {
            log(facts, body);
        }
        return this;
    }

    LoggedExchange request(MessageFacts facts, BodyCapture body) {
        requested(facts, "request(facts, capture)");
        if (logs(facts.type())) {
            requestBody = body;
            logWhenDone(facts, body);
        }
        return this;
    }

    LoggedExchange noRequest() {
        moveOn(BEGUN, REQUESTED, "noRequest()");
        return this;
    }

    private void requested(MessageFacts facts, String call) {
        if (!facts.type().isRequest()) {
            throw new IllegalArgumentException("ExchangeLog: " + call + " takes a request's facts, not "
                    + facts.type());
        }
        moveOn(BEGUN, REQUESTED, call);
        method = facts.httpMethod();
    }

    LoggedExchange response(MessageFacts facts) {
        return response(facts, (CapturedBody) null);
    }

    LoggedExchange response(MessageFacts facts, CapturedBody body) {
        answered(facts, "response(facts, body)");
        if (logs(facts.type())) {
            log(facts, body);
        } else {
            outcomeOf(facts);
        }
        return this;
    }

    LoggedExchange response(MessageFacts facts, BodyCapture body) {
        answered(facts, "response(facts, capture)");
        if (logs(facts.type())) {
            logWhenDone(facts, body);
        } else {
            outcomeOf(facts);
        }
        return this;
    }

    /**
     * Logs the message when its body's capture is done (nothing taken of a body not known to be empty: none, but a
     * binary one's is suppressed, read or not, as CXF's event has it), then ends the exchange if its adapter ended it
     * meanwhile.
     */
    private void logWhenDone(MessageFacts facts, BodyCapture body) {
        synchronized (this) {
            capturing++;
        }
        body.whenDone(b -> {
            log(facts, b.isEmpty() && !b.complete() && !route.logger().suppressesBody(facts) ? null : b);
            boolean end;
            synchronized (this) {
                end = --capturing == 0 && endAsked;
            }
            if (end) {
                endNow();
            }
        });
    }

    /** The response comes: the request's record is made now if it is still to come (its body not read to its end). */
    private void answered(MessageFacts facts, String call) {
        if (facts.type().isRequest()) {
            throw new IllegalArgumentException("ExchangeLog: " + call + " takes a response's facts, not "
                    + facts.type());
        }
        moveOn(REQUESTED, ANSWERED, call);
        settleRequest();
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
     * Logs one message of the exchange by the strategy. A response's status at or above the logger's fault status
     * makes it a fault; a response settles the outcome and with it the records held. Never throws.
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
                outcomeOf(facts);
            }
            if (!route.strategy().waitsForOutcome()) {
                write(facts, body, false);
            } else if (chain == null && outcome != null) { // nothing waits on it: as the outcome says
                write(facts, body, notable);
            } else {
                if (chain == null) {
                    chain = registry.joinChain(scope.correlationId, scope.id);
                }
                chain.add(member, facts, body);
            }
        }
    }

    /**
     * A response's status at or above the logger's fault status makes it a fault; the first response settles the
     * outcome.
     */
    private synchronized void outcomeOf(MessageFacts facts) {
        MessageType type = facts.type();
        Integer status = facts.responseCode();
        if (this.status == null) {
            this.status = status;
        }
        MessageLogger logger = route.logger();
        if (status != null && status >= logger.options().get(Options.FAULT_STATUS) && !type.isFault()) {
            facts.type(type.isOutbound() ? MessageType.FAULT_OUT : MessageType.FAULT_IN);
        }
        if (outcome == null) {
            settle(Outcome.of(facts.type().isFault(), status, logger.options().get(Options.FAULT_STATUS)), facts);
        }
    }

    /**
     * Writes a record as the strategy says, with its body when {@code notable} (its exchange, or its chain,
     * failed or was slow); at the level of its exchange's outcome (a failure's when notable and not yet known).
     */
    private void write(MessageFacts facts, CapturedBody body, boolean notable) {
        Outcome o = outcome != null ? outcome : notable ? Outcome.FAILURE : Outcome.SUCCESS;
        MessageLogger l = route.logger();
        facts.level(l.policy().level(o));
        ExchangeStrategy.Decision d = route.strategy().decide(notable);
        if (d != ExchangeStrategy.Decision.NONE) {
            record(l, facts, d == ExchangeStrategy.Decision.WITH_BODY ? body : null);
        }
    }

    /**
     * Writes one message's record; with one record per exchange, a request's waits for its response's and the two
     * are written as one (a second request, one whose response does not come, or one the held bound has no room
     * for, is written alone). A waiting request counts against the logger's held bytes, and waits in a chain, so
     * that past the chain's age it is written alone even when its exchange never ends.
     */
    private void record(MessageLogger l, MessageFacts facts, CapturedBody captured) {
        CapturedBody body = firstTime(l, facts, captured);
        LogRecord r = l.render(facts, body);
        Object span = scope.spanForRecords();
        if (span != null && l.options().get(Options.SPAN_ATTRIBUTES)) {
            OpenTelemetrySpan.annotate(span, r, l.options().get(Options.SPAN_ATTRIBUTE_LIMIT));
        }
        if (!l.options().get(Options.RECORD_PER_EXCHANGE)) {
            l.write(r);
            return;
        }
        long bytes = HeldSize.of(r);
        LogRecord out;
        synchronized (this) {
            LogRecord waiting = takeRequest();
            if (!r.type().isRequest()) {
                out = waiting == null ? r : l.fields().clean(SoapFacts.exchange(waiting, r));
            } else if (!ended && registry.held().reserve(bytes)) {
                if (chain == null) {
                    chain = registry.joinChain(scope.correlationId, scope.id);
                }
                if (chain.waits(member)) { // written alone, its bytes back, past the chain's age if nothing comes
                    request = r;
                    requestBytes = bytes;
                    out = waiting;
                } else { // its chain is past its age already: nothing would write it later
                    registry.held().released(bytes);
                    if (waiting != null) {
                        l.write(waiting);
                    }
                    out = r;
                }
            } else if (ended) { // no response will come (a shared chain wrote it after this exchange ended)
                if (waiting != null) {
                    l.write(waiting);
                }
                out = r;
            } else {
                registry.held().overflowed();
                if (waiting != null) {
                    l.write(waiting);
                }
                out = r;
            }
        }
        if (out != null) {
            l.write(out);
        }
    }

    /**
     * The body, unless the same logger logged the same bytes already in this correlation id (the duplicate option:
     * a proxy's request in, then out): then it is not rendered again, and the record names the first instead.
     */
    private CapturedBody firstTime(MessageLogger l, MessageFacts facts, CapturedBody body) {
        if (seen == null || body == null || body.isEmpty() || !l.options().get(Options.SUPPRESS_DUPLICATES)) {
            return body;
        }
        // the name goes into the payload, which the field gate does not pass: an adapter's message id is cleaned here
        String first = seen.firstOf(l, facts, body, facts.type() + " " + (facts.messageId() != null
                ? l.fields().id(facts.messageId()) : scope.id));
        if (first == null) {
            return body;
        }
        String reference = "[SAME PAYLOAD AS " + first + "]";
        facts.record().payload(reference).loggedSize(reference.length()).originalSize(body.originalSize());
        facts.attribute(DeduplicatingSink.DUPLICATE_OF, first);
        return null;
    }

    /** The waiting request, taken, its held bytes released; null when none waits. Guarded by this. */
    private LogRecord takeRequest() {
        LogRecord waiting = request;
        request = null;
        registry.held().released(requestBytes);
        requestBytes = 0;
        return waiting;
    }

    /** With one record per exchange: a request still waiting for a response is written alone. */
    private void writeLoneRequest() {
        LogRecord waiting;
        synchronized (this) {
            waiting = takeRequest();
        }
        if (waiting != null) {
            route.logger().write(waiting);
        }
    }

    LoggedExchange failed() {
        moveOn(REQUESTED, ANSWERED, "failed()");
        synchronized (this) {
            if (outcome == null) {
                settle(Outcome.FAILURE, null);
            }
        }
        return this;
    }

    LoggedExchange accepted() {
        moveOn(REQUESTED, ANSWERED, "accepted()");
        synchronized (this) {
            if (outcome == null) {
                settle(Outcome.SUCCESS, null);
            }
        }
        return this;
    }

    /**
     * The outcome is known: the strategy says whether the exchange is notable, and its chain learns it.
     *
     * @param response the response's facts, or null when there is none
     */
    private void settle(Outcome o, MessageFacts response) {
        boolean slow = System.nanoTime() - started >= route.logger().policy().slowNanos();
        notable = route.strategy().notable(route.outcome(o == Outcome.FAILURE, response == null ? null
                : response.responseCode(), slow, response == null ? null : response.headers()));
        outcome = o;
        if (chain == null) {
            return;
        }
        if (notable) {
            chain.notable();
        } else {
            chain.wentWell();
        }
    }

    /** The request's record is made now if it is still to come, with what has arrived of its body. */
    private void settleRequest() {
        BodyCapture body = requestBody;
        if (body != null) {
            requestBody = null;
            body.settle();
        }
    }

    void end() {
        synchronized (this) {
            if (capturing > 0) {
                endAsked = true;
                return;
            }
        }
        endNow();
    }

    /**
     * The exchange is over: the request's record is settled, records still held are written (as failed when no
     * outcome is known) or dropped, and on this thread the MDC gets back what it held before the exchange entered
     * it (a thread it entered and left without ending it gets its MDC back when the next exchange begins there).
     * Later calls change nothing else.
     */
    void endNow() {
        settleRequest();
        ExchangeChain leaving = null;
        boolean ending = false;
        synchronized (this) {
            if (!ended) {
                ended = true;
                ending = true;
                if (outcome == null) {
                    settle(Outcome.FAILURE, null);
                }
                leaving = chain;
                if (seen != null) {
                    seen.leave();
                }
            }
        }
        if (leaving != null) {
            leaving.leave();
        }
        writeLoneRequest();
        leaveThread();
        if (ending) {
            scope.finishSpan(route.operation(), method, status, outcome == Outcome.FAILURE);
        }
    }
}
