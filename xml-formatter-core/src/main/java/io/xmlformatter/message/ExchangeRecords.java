package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.sink.DeduplicatingSink;

/**
 * An exchange's held records: the chain its records wait in for the outcome (its own, or the one its correlation id
 * shares with the chain option), the request record that waits for its response's (one record per exchange) under
 * the logger's held bound, and the bodies logged before in its correlation id (the duplicate option). It renders
 * and writes each record as the exchange's verdict says; it is the exchange as its chain sees it.
 *
 * <p>Locks: its own guards only the waiting request and the joining of a chain; it is never held while a chain's
 * lock is taken but to join one. A chain writes held records under its lock ({@link #write}) for any exchange in
 * it, so writing takes no lock of the exchange's stages.
 */
final class ExchangeRecords implements ExchangeChain.Member {
    private final ExchangeRegistry registry;
    private final ExchangeScope scope;
    private final ExchangeRoute route;
    private final ExchangeVerdict verdict;
    /** The bodies logged in the exchange's correlation id (the duplicate option), or null. */
    private final SeenBodies.Scope seen;
    /**
     * The chain the records wait in: the one the correlation id shares (joined at the start, with the chain option),
     * or the exchange's own, joined when a record first has to wait; null before.
     */
    private volatile ExchangeChain chain;
    /** With one record per exchange: the request's record, waiting for the response's. Guarded by this. */
    private LogRecord request;
    /** The logger that writes {@link #request}. Guarded by this. */
    private MessageLogger requestLogger;
    /** The held bytes {@link #request} reserved under the logger's bound. Guarded by this. */
    private long requestBytes;
    private volatile boolean ended;

    ExchangeRecords(ExchangeRegistry registry, ExchangeScope scope, ExchangeRoute route, ExchangeVerdict verdict) {
        this.registry = registry;
        this.scope = scope;
        this.route = route;
        this.verdict = verdict;
        seen = registry.seen() == null ? null : registry.seen().join(scope.correlationId);
        if (registry.sharesChains()) {
            chain = registry.joinChain(scope.correlationId, scope.id);
        }
    }

    /** Whether a chain holds (or may hold) the exchange's records: its outcome is then the chain's to apply. */
    boolean chained() {
        return chain != null;
    }

    /** A record waits in the chain for the outcome (the chain writes it through {@link #write}). */
    void hold(MessageFacts facts, CapturedBody body) {
        chain().add(this, facts, body);
    }

    /** Writes a record as the verdict says: with or without its body, or not at all. */
    @Override
    public void write(MessageFacts facts, CapturedBody body, boolean notable) {
        MessageLogger l = route.logger();
        ExchangeStrategy.Decision d = verdict.decide(l, facts, notable);
        if (d != ExchangeStrategy.Decision.NONE) {
            record(l, facts, d == ExchangeStrategy.Decision.WITH_BODY ? body : null);
        }
    }

    @Override
    public boolean outcomeKnown() {
        return verdict.known();
    }

    /** The outcome is known: a chain holding records writes them with bodies when {@code notable}, else as it says. */
    void settled(boolean notable) {
        ExchangeChain c = chain;
        if (c == null) {
            return;
        }
        if (notable) {
            c.notable();
        } else {
            c.wentWell();
        }
    }

    /**
     * Renders and writes one message's record (onto the exchange's span too); with one record per exchange, a
     * request's waits for its response's and the two are written as one (a second request, one whose response does
     * not come, or one the held bound has no room for, is written alone). A waiting request counts against the
     * logger's held bytes and waits in a chain, so that past the chain's age it is written alone even when its
     * exchange never ends.
     */
    private void record(MessageLogger l, MessageFacts facts, CapturedBody captured) {
        LogRecord r = l.render(facts, firstTime(l, facts, captured));
        Object span = scope.spanForRecords();
        if (span != null && l.options().get(Options.SPAN_ATTRIBUTES)) {
            OpenTelemetrySpan.annotate(span, r, l.options().get(Options.SPAN_ATTRIBUTE_LIMIT));
        }
        if (!l.options().get(Options.RECORD_PER_EXCHANGE)) {
            l.write(r);
            return;
        }
        LogRecord waiting = takeRequest();
        if (!r.type().isRequest()) {
            l.write(waiting == null ? r : l.fields().clean(SoapFacts.exchange(waiting, r)));
            return;
        }
        if (waiting != null) { // a second request: the first is written alone
            l.write(waiting);
        }
        long bytes = HeldSize.of(r);
        if (ended || !registry.held().reserve(bytes)) { // no response will come, or no room to wait for it
            if (!ended) {
                registry.held().overflowed();
            }
            l.write(r);
            return;
        }
        synchronized (this) {
            request = r;
            requestLogger = l;
            requestBytes = bytes;
        }
        // the chain is asked after the request waits, so that an expiry between the two finds it; a chain closed
        // already, or an end meanwhile, would never write it: it is written alone now
        if (!chain().waits(this) || ended) {
            writeLoneRequest();
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

    /** A request record still waiting for its response's is written alone. */
    @Override
    public void writeLoneRequest() {
        MessageLogger l;
        LogRecord waiting;
        synchronized (this) {
            l = requestLogger;
            waiting = takeRequest();
        }
        if (waiting != null) {
            l.write(waiting);
        }
    }

    /** The waiting request, taken, its held bytes released; null when none waits. */
    private synchronized LogRecord takeRequest() {
        LogRecord waiting = request;
        request = null;
        registry.held().released(requestBytes);
        requestBytes = 0;
        return waiting;
    }

    /** The exchange is over: it leaves its chain and its correlation id's bodies; a waiting request is written. */
    void end() {
        ExchangeChain leaving;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            leaving = chain;
        }
        if (seen != null) {
            seen.leave();
        }
        if (leaving != null) {
            leaving.leave();
        }
        writeLoneRequest();
    }

    private ExchangeChain chain() {
        ExchangeChain c = chain;
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (chain == null) {
                chain = registry.joinChain(scope.correlationId, scope.id);
            }
            return chain;
        }
    }
}
