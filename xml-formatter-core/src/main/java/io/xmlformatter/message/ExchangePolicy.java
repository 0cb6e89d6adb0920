package io.xmlformatter.message;

import io.xmlformatter.record.LogLevel;

import java.time.Duration;
import java.util.List;

/**
 * What a logger's options make for its exchanges, beyond the values themselves: the strategy checked against the
 * slow threshold, the slow threshold in nanoseconds, the sampling, the levels by outcome. Made from the options
 * once, when the logger is built (its checks fail the build); {@link LoggedExchange} asks it. An exchange option
 * used as it is (the fault status, one record per exchange, ...) is read where it is used, from
 * {@link MessageLogger#options()}.
 */
final class ExchangePolicy {
    private final ExchangeStrategy strategy;
    private final long slowNanos;
    private final Sampling sampling;
    /** The level for a success, a client error and a failure; null: the sink's own. */
    private final LogLevel[] levels;
    /** The severest of {@link #levels} (what a sink is asked whether it would write), or null. */
    private final LogLevel severestLevel;

    /** @throws IllegalArgumentException when two of the options do not go together, naming them */
    ExchangePolicy(Options o) {
        strategy = o.get(Options.STRATEGY);
        Duration slow = o.get(Options.SLOW_THRESHOLD);
        if (strategy == Strategy.SLOW_ONLY && slow == null) {
            throw new IllegalArgumentException("strategy SLOW_ONLY needs slowThreshold");
        }
        slowNanos = slow == null ? Long.MAX_VALUE : slow.toNanos();
        int oneIn = o.get(Options.SAMPLE_ONE_IN);
        double rate = o.get(Options.SAMPLE_RATE);
        if (oneIn > 1 && rate < 1) {
            throw new IllegalArgumentException("sampling: sampleOneIn (was " + oneIn + ") and sampleRate (was "
                    + rate + "), not both set");
        }
        sampling = new Sampling(oneIn, rate);
        List<LogLevel> l = o.get(Options.LEVELS);
        levels = l.isEmpty() ? null : l.toArray(new LogLevel[0]);
        severestLevel = levels == null ? null : severest(levels);
    }

    private static LogLevel severest(LogLevel[] levels) {
        LogLevel l = levels[0];
        for (LogLevel x : levels) {
            l = x.compareTo(l) > 0 ? x : l;
        }
        return l;
    }

    ExchangeStrategy strategy() {
        return strategy;
    }

    long slowNanos() {
        return slowNanos;
    }

    /** The sampling of the logger's exchanges. */
    Sampling sampling() {
        return sampling;
    }

    /** The level of a record of an exchange with this outcome; null: the sink's own. */
    LogLevel level(Outcome outcome) {
        if (levels == null) {
            return null;
        }
        switch (outcome) {
            case FAILURE:
                return levels[2];
            case CLIENT_ERROR:
                return levels[1];
            default:
                return levels[0];
        }
    }

    /** The severest level a record can have, or null when records have the sink's level. */
    LogLevel severestLevel() {
        return severestLevel;
    }
}
