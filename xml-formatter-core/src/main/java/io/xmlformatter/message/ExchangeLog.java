package io.xmlformatter.message;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.time.Duration;
import java.util.UUID;
import java.util.function.Function;

/**
 * The records of one exchange — a request and its response, on a server or a client — from its start to its end,
 * made by {@link #server} or {@link #client}. It owns what every adapter
 * would otherwise write again: the exchange and correlation ids, the trace context, the MDC of a server exchange
 * (set at the start, restored at the end), the duration, the outcome (the fault rule) and the logger's
 * {@link ExchangeStrategy}: a record whose outcome is still unknown is held, with its captured body, until the response
 * tells it, and then written (with or without its body) or dropped.
 *
 * <p>An adapter calls, in this order: {@link #facts} and {@link #log} for the request; {@link #settleRequest} when
 * the response starts; {@link #facts} and {@link #log} for the response (or {@link #failed}, or
 * {@link #accepted} for a one-way call); then {@link #end}, on the thread that started a server exchange. An
 * exchange that ends with records still held (no response came) counts as failed: they are written with their
 * bodies. Held records never outlive {@link #end}. Thread-safe: a body may be finished on another thread.
 */
@Experimental
public final class ExchangeLog {
    /**
     * The server exchange whose ids are in this thread's MDC, and what the MDC held before; an exchange that was
     * never ended here (or ended on another thread) is ended, and the MDC restored, by the next one to begin here.
     */
    private static final ThreadLocal<OnThread> ON_THREAD = new ThreadLocal<>();

    /** The logger the exchange's logger derives from (or it): it has the rules. */
    private final MessageLogger root;
    /** The chains and the held bound the exchange shares with the other exchanges of its root logger. */
    private final ExchangeRegistry registry;
    /** This exchange as its chain sees it. */
    private final ExchangeChain.Member member = new ExchangeChain.Member() {
        @Override
        public void write(MessageFacts facts, CapturedBody body, boolean notable) {
            ExchangeLog.this.write(facts, body, notable);
        }

        @Override
        public boolean outcomeKnown() {
            return outcome != null;
        }

        @Override
        public void writeLoneRequest() {
            ExchangeLog.this.writeLoneRequest();
        }
    };
    /** The logger for this exchange: the root's, or a rule's ({@link #forOperation}). */
    private volatile MessageLogger logger;
    /**
     * Where records wait for the outcome: shared by the correlation id (joined at the start, with the chain
     * option), or the exchange's own, made when a record first has to wait; null before. Guarded by this.
     */
    private ExchangeChain chain;
    private final boolean sampled;
    private final String id;
    private final String correlationId;
    private final TraceContext trace;
    private final long started = System.nanoTime();
    /** The strategy for this exchange (an exchange left out by sampling holds its records for failures only). */
    private volatile ExchangeStrategy strategy;
    /** Left out by sampling (failures not kept) or by a rule: nothing is logged. */
    private boolean off;
    private String service;
    private String operation;
    private final boolean server;
    private BodyTee requestBody;
    /** The facts of a message whose body is being written, or null. */
    private MessageFacts pending;
    /** With one record per exchange: the request's record, waiting for the response's. Guarded by this. */
    private LogRecord request;
    /** The held bytes {@link #request} reserved under the logger's bound. Guarded by this. */
    private long requestBytes;
    /** The outcome, once known; null before. */
    private volatile Outcome outcome;
    /** Whether the exchange is notable by its strategy (known with the outcome). */
    private volatile boolean notable;
    private boolean ended;

    /**
     * A server exchange begins: its correlation id is the host's, else the correlation header's, else (by option)
     * the trace id, else its own id; its trace context is the current OpenTelemetry span's (when the OpenTelemetry
     * API is on the class path), else the {@code traceparent} (or {@code b3}) header's, else the one a tracer put in
     * the MDC ({@code traceId}, {@code spanId}: Micrometer Tracing with Brave, Sleuth).
     * Ids and trace go into the MDC until {@link #end}.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request (e.g. Mule's), or null
     * @param exchangeId the runtime's id of the exchange (CXF's, shared with its own logging), or null for a new one
     */
    public static ExchangeLog server(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : idOf(h.apply(logger.correlationHeader()));
        return new ExchangeLog(logger, exchangeId, id, TraceContext.find(h, false), logger.sampling().next(), true);
    }

    /**
     * A client exchange begins, on the caller's thread: its correlation id is the host's, else the request's
     * correlation header, else the caller's (from the MDC), else its own id (the adapter sends it on in the
     * correlation header); its trace context is the current OpenTelemetry span's, else the request's
     * {@code traceparent}/{@code b3} header, else the caller's from the MDC (an exchange's {@code trace_id}, else a
     * tracer's {@code traceId}). The MDC is not changed.
     *
     * @param headers the request's header values by name (any case; the first value), or null
     * @param hostCorrelationId the correlation id the host runtime gives the request, or null
     * @param exchangeId the runtime's id of the exchange, or null for a new one
     */
    public static ExchangeLog client(MessageLogger logger, Function<String, String> headers, String hostCorrelationId,
            String exchangeId) {
        Function<String, String> h = headers != null ? headers : name -> null;
        String id = hostCorrelationId != null ? hostCorrelationId : idOf(h.apply(logger.correlationHeader()));
        if (id == null) {
            id = idOf(Mdc.get(Mdc.CORRELATION_ID));
        }
        return new ExchangeLog(logger, exchangeId, id, TraceContext.find(h, true), logger.sampling().next(), false);
    }

    private ExchangeLog(MessageLogger logger, String exchangeId, String correlationId, TraceContext trace,
            boolean sampled, boolean server) {
        this.root = logger.root();
        this.registry = logger.registry();
        this.sampled = sampled;
        this.id = exchangeId != null ? logger.fields().id(exchangeId) : UUID.randomUUID().toString();
        this.trace = trace;
        String correlation = logger.fields().id(correlationId); // what the MDC, the records and a client carry
        if (correlation == null && logger.correlationFromTrace()) {
            correlation = trace.traceId;
        }
        this.correlationId = correlation != null ? correlation : id;
        use(logger);
        registry.exchangeBegins();
        if (registry.sharesChains()) {
            chain = registry.joinChain(this.correlationId, id);
        }
        this.server = server;
        if (server) {
            enterThread();
        }
    }

    /**
     * The exchange goes on on this thread (CXF runs a one-way call's service on a work queue): its ids and trace
     * go into this thread's MDC until {@link #end}, if they are not there yet. Only a server exchange uses the MDC.
     */
    public void enterThread() {
        OnThread here = ON_THREAD.get();
        if (!server || (here != null && here.exchange == this)) {
            return;
        }
        if (here != null) {
            here.exchange.end();
            leave(here);
        }
        ON_THREAD.set(new OnThread(this, Mdc.replace(correlationId, id, trace.traceId, trace.spanId)));
    }

    private static void leave(OnThread here) {
        if (ON_THREAD.get() == here) {
            ON_THREAD.remove();
            Mdc.restore(here.before);
        }
    }

    /** A server exchange in a thread's MDC, and what the MDC held before it. */
    private static final class OnThread {
        final ExchangeLog exchange;
        final String[] before;

        OnThread(ExchangeLog exchange, String[] before) {
            this.exchange = exchange;
            this.before = before;
        }
    }

    /** Logs with {@code l}: its strategy, unless sampling left the exchange out; null: nothing is logged. */
    private void use(MessageLogger l) {
        if (l == null) {
            off = true;
            return;
        }
        logger = l;
        ExchangeStrategy s = l.strategy();
        strategy = sampled || !s.capturesBodies() ? s : Strategy.FAILED_ONLY;
        off = !sampled && !l.sampleKeepsFailures();
    }

    /**
     * The exchange's operation is known now (a CXF server knows it once the request is dispatched): the first
     * rule of the logger that matches these facts applies to the records to come ({@link MessageLogger#forExchange});
     * a rule that excludes the exchange leaves it unlogged. Call before the first record.
     */
    public ExchangeLog forOperation(String serviceName, String operationName, String path, String httpMethod,
            String soapAction) {
        MessageLogger l = root.forExchange(serviceName, operationName, path, httpMethod, soapAction);
        if (l != root) { // a rule matched (or excluded); else the logger stays (e.g. an annotation's)
            use(l);
        }
        return this;
    }

    /** The value of a correlation header as an id: trimmed, null when blank. */
    static String idOf(String header) {
        return header == null || header.trim().isEmpty() ? null : header.trim();
    }

    /** The exchange's own id (a request and its response share it). */
    public String id() {
        return id;
    }

    /** The correlation id: the host's, the correlation header's, the caller's (a client), or the exchange id. */
    public String correlationId() {
        return correlationId;
    }

    /** Names the service (port type, resource class) and operation (resource method) every record carries. */
    public ExchangeLog names(String serviceName, String operationName) {
        this.service = serviceName;
        this.operation = operationName;
        return this;
    }

    /** Whether a message of this type is logged: its sink would write it, and sampling has not left it out. */
    public boolean wouldLog(MessageType type, String owner) {
        return !off && logger.wouldLog(type, owner);
    }

    /**
     * Whether a message of this type should be captured: logged, and with a body to show (the strategy captures
     * bodies: not {@link Strategy#WITHOUT_BODY}).
     */
    public boolean capturesBody(MessageType type, String owner) {
        return strategy.capturesBodies() && wouldLog(type, owner);
    }

    /** How many bytes of a body to capture. */
    public int captureLimit() {
        return logger.captureLimit();
    }

    /** The header the correlation id travels in. */
    public String correlationHeader() {
        return logger.correlationHeader();
    }

    /** The facts every record of this exchange shares: ids, trace, names, and a response's duration so far. */
    public MessageFacts facts(MessageType type) {
        MessageFacts f = MessageFacts.of(type).exchangeId(id).correlationId(correlationId).traceId(trace.traceId)
                .spanId(trace.spanId).service(service).operation(operation);
        if (!type.isRequest()) {
            f.duration(Duration.ofNanos(System.nanoTime() - started));
        }
        return f;
    }

    /**
     * Logs one message of the exchange by the strategy. A response's status at or above the logger's fault status
     * makes it a fault; a response settles the outcome and with it the records held. Never throws.
     *
     * @param body the captured body, or null when the message has none
     */
    public void log(MessageFacts facts, CapturedBody body) {
        if (off) {
            return;
        }
        synchronized (this) {
            MessageType type = facts.type();
            if (!type.isRequest()) {
                Integer status = facts.responseCode();
                if (status != null && status >= logger.faultStatus() && !type.isFault()) {
                    facts.type(type.isOutbound() ? MessageType.FAULT_OUT : MessageType.FAULT_IN);
                }
                if (outcome == null) {
                    settle(Outcome.of(facts.type().isFault(), status, logger.faultStatus()), facts);
                }
            }
            if (!strategy.waitsForOutcome()) {
                write(facts, body, false);
            } else if (chain == null && outcome != null) { // nothing waits on it: as the outcome says
                write(facts, body, notable);
            } else {
                if (chain == null) {
                    chain = registry.joinChain(correlationId, id);
                }
                chain.add(member, facts, body);
            }
        }
    }

    /**
     * Logs a message whose body is not captured, saying why in its payload ({@code [body not logged: why]}), by
     * the strategy.
     */
    public void logWithoutBody(MessageFacts facts, String why) {
        facts.record().payload("[body not logged: " + why + "]");
        log(facts, null);
    }

    /**
     * Writes a record as the strategy says, with its body when {@code notable} (its exchange, or its chain,
     * failed or was slow); at the level of its exchange's outcome (a failure's when notable and not yet known).
     */
    private void write(MessageFacts facts, CapturedBody body, boolean notable) {
        Outcome o = outcome != null ? outcome : notable ? Outcome.FAILURE : Outcome.SUCCESS;
        MessageLogger l = logger;
        facts.level(l.level(o));
        ExchangeStrategy.Decision d = strategy.decide(notable);
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
    private void record(MessageLogger l, MessageFacts facts, CapturedBody body) {
        if (!l.recordPerExchange()) {
            l.log(facts, body);
            return;
        }
        LogRecord r = l.render(facts, body);
        long bytes = HeldSize.of(r);
        LogRecord out;
        synchronized (this) {
            LogRecord waiting = takeRequest();
            if (!r.type().isRequest()) {
                out = waiting == null ? r : l.fields().clean(SoapFacts.exchange(waiting, r));
            } else if (!ended && registry.held().reserve(bytes)) {
                if (chain == null) {
                    chain = registry.joinChain(correlationId, id);
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
            logger.write(waiting);
        }
    }

    /**
     * The exchange failed with an exception (no response will tell; the exception's message is not logged, as it
     * may hold secrets): held records are written with bodies.
     */
    public synchronized void failed() {
        if (outcome == null) {
            settle(Outcome.FAILURE, null);
        }
    }

    /** A one-way call was accepted: no response record comes, and the exchange succeeded. */
    public synchronized void accepted() {
        if (outcome == null) {
            settle(Outcome.SUCCESS, null);
        }
    }

    /**
     * The outcome is known: the strategy says whether the exchange is notable, and its chain learns it.
     *
     * @param response the response's facts, or null when there is none
     */
    private void settle(Outcome o, MessageFacts response) {
        boolean slow = System.nanoTime() - started >= logger.slowNanos();
        notable = strategy.notable(new ExchangeOutcome(o == Outcome.FAILURE, response == null ? null
                : response.responseCode(), slow, service, operation, response == null ? null : response.headers()));
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

    /**
     * The facts of a message whose body is still being written (a client's request entity, a server's response
     * entity): its record is made by {@link #logPending} once the body is written.
     */
    public void bodyFollows(MessageFacts facts) {
        pending = facts;
    }

    /** The facts given to {@link #bodyFollows} and not logged yet, or null. */
    public MessageFacts pending() {
        return pending;
    }

    /** Logs the pending message with what was written of its body (nothing when none is pending). */
    public void logPending(CapturedBody body) {
        MessageFacts f = pending;
        pending = null;
        if (f != null) {
            log(f, body);
        }
    }

    /** The request's body as the application reads it, settled by {@link #settleRequest}. */
    public void requestBody(BodyTee tee) {
        requestBody = tee;
    }

    /**
     * A server's response is on its way: the request's record is made now if it is still to come (its body not
     * read to its end), with what has arrived of the rest within the limit.
     */
    public void settleRequest() {
        BodyTee tee = requestBody;
        if (tee != null) {
            tee.drainAndFinish();
        }
    }

    /**
     * The exchange is over: the request's record is settled, records still held are written (as failed when no
     * outcome is known) or dropped, and on this thread the MDC gets back what it held before the exchange entered
     * it (a thread it entered and left without ending it gets its MDC back when the next exchange begins there).
     * Later calls change nothing else.
     */
    public void end() {
        settleRequest();
        ExchangeChain leaving = null;
        synchronized (this) {
            if (!ended) {
                ended = true;
                if (outcome == null) {
                    settle(Outcome.FAILURE, null);
                }
                leaving = chain;
            }
        }
        if (leaving != null) {
            leaving.leave();
        }
        writeLoneRequest();
        OnThread here = ON_THREAD.get();
        if (here != null && here.exchange == this) {
            leave(here);
        }
    }
}
