package io.xmlformatter.message;

import io.xmlformatter.Experimental;

/**
 * Which records of an exchange are written, and with or without their bodies: the five built-in ones are the
 * constants of {@link Strategy}; your own plugs in through {@code MessageLoggerBuilder#strategy} the same way. The
 * exchange asks it, in this order: whether bodies are captured at all; whether a record waits for the exchange's
 * outcome or is written as it is made; once the outcome is known, whether the exchange is notable (its records — and
 * with the chain option, those of every exchange sharing its correlation id — are then written as notable); and for
 * each record what it becomes. An exchange that ends with no outcome (no response came) failed.
 *
 * <pre>{@code
 * // bodies only for operation "pay", when its answer is a client error or says X-Debug: true
 * ExchangeStrategy payDebugging = new ExchangeStrategy() {
 *     public boolean waitsForOutcome() { return true; }
 *     public boolean notable(ExchangeOutcome o) {
 *         return "pay".equals(o.operation()) && (o.clientError() || "true".equals(o.responseHeader("X-Debug")));
 *     }
 *     public Decision decide(boolean notable) { return notable ? Decision.WITH_BODY : Decision.WITHOUT_BODY; }
 * };
 * }</pre>
 */
@Experimental
public interface ExchangeStrategy {
    /** What becomes of one record. */
    enum Decision {
        /** Written with its body. */
        WITH_BODY,
        /** Written with facts and headers only. */
        WITHOUT_BODY,
        /** Not written. */
        NONE
    }

    /** Whether bodies are captured at all; false: none is, and no record has one. Default true. */
    default boolean capturesBodies() {
        return true;
    }

    /**
     * Whether a record waits, with its captured body, for its exchange's outcome (bounded by the logger's held
     * bytes); false: it is written as it is made, as {@link #decide decide(false)} says.
     */
    boolean waitsForOutcome();

    /** Whether an exchange that went so is notable: its records are written as {@link #decide decide(true)} says. */
    boolean notable(ExchangeOutcome outcome);

    /** What a record becomes, its exchange (or its chain) notable or not. */
    Decision decide(boolean notable);
}
