package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;

/**
 * What an exchange's strategy makes of how it went: the outcome (settled by the first response, a failure or an
 * acceptance, else as failed at the end), whether that makes the exchange notable (failed or slow, as the strategy
 * judges), the status for its span, and per record the level and whether it is written with or without its body.
 * Thread-safe.
 */
final class ExchangeVerdict {
    private final ExchangeRoute route;
    private final long started;
    /** The outcome, once known; null before. */
    private volatile Outcome outcome;
    /** Whether the exchange is notable by its strategy (known with the outcome). */
    private volatile boolean notable;
    /** The first response's status, for the span of our own. */
    private volatile Integer status;

    ExchangeVerdict(ExchangeRoute route, long started) {
        this.route = route;
        this.started = started;
    }

    /**
     * A response: a status at or above the logger's fault status makes it a fault (its facts say so); the first
     * settles the outcome.
     *
     * @return whether the outcome was settled now
     */
    synchronized boolean response(MessageFacts facts) {
        MessageType type = facts.type();
        Integer code = facts.responseCode();
        if (status == null) {
            status = code;
        }
        int faultStatus = route.logger().options().get(Options.FAULT_STATUS);
        if (code != null && code >= faultStatus && !type.isFault()) {
            facts.type(type.isOutbound() ? MessageType.FAULT_OUT : MessageType.FAULT_IN);
        }
        return settle(Outcome.of(facts.type().isFault(), code, faultStatus), facts);
    }

    /**
     * The outcome is {@code o}, unless it is known already; the strategy says whether the exchange is notable.
     *
     * @param response the response's facts, or null when there is none
     * @return whether the outcome was settled now
     */
    synchronized boolean settle(Outcome o, MessageFacts response) {
        if (outcome != null) {
            return false;
        }
        boolean slow = System.nanoTime() - started >= route.logger().policy().slowNanos();
        notable = route.strategy().notable(route.outcome(o == Outcome.FAILURE, response == null ? null
                : response.responseCode(), slow, response == null ? null : response.headers()));
        outcome = o;
        return true;
    }

    boolean known() {
        return outcome != null;
    }

    /** Whether the settled outcome makes the exchange notable; false while it is not known. */
    boolean notable() {
        return notable;
    }

    boolean failed() {
        return outcome == Outcome.FAILURE;
    }

    Integer status() {
        return status;
    }

    /**
     * How a record of the exchange is written, as the strategy says: with its body when {@code notable} (its
     * exchange, or its chain, failed or was slow), at the level of the exchange's outcome (a failure's when notable
     * and not yet known), which goes into {@code facts}.
     */
    ExchangeStrategy.Decision decide(MessageLogger l, MessageFacts facts, boolean notable) {
        Outcome o = outcome;
        facts.level(l.policy().level(o != null ? o : notable ? Outcome.FAILURE : Outcome.SUCCESS));
        return route.strategy().decide(notable);
    }
}
