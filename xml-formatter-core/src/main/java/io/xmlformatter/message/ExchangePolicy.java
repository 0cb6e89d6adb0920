package io.xmlformatter.message;

import io.xmlformatter.record.LogLevel;

import java.time.Duration;
import java.util.List;

/**
 * What a logger's options say about its exchanges rather than its records: the strategy, when an exchange is slow
 * or failed, sampling, the levels by outcome, one record per exchange and duplicates. Read from the options once,
 * when the logger is built; {@link LoggedExchange} asks it.
 */
final class ExchangePolicy {
    private final ExchangeStrategy strategy;
    private final long slowNanos;
    private final int faultStatus;
    private final Sampling sampling;
    private final boolean sampleKeepsFailures;
    private final boolean correlationFromTrace;
    /** The level for a success, a client error and a failure; null: the sink's own. */
    private final LogLevel[] levels;
    /** The severest of {@link #levels} (what a sink is asked whether it would write), or null. */
    private final LogLevel severestLevel;
    private final boolean recordPerExchange;
    private final boolean suppressesDuplicates;

    /** @throws IllegalArgumentException when two of the options do not go together, naming them */
    ExchangePolicy(Options o) {
        strategy = o.get(Options.STRATEGY);
        Duration slow = o.get(Options.SLOW_THRESHOLD);
        if (strategy == Strategy.SLOW_ONLY && slow == null) {
            throw new IllegalArgumentException("strategy SLOW_ONLY needs slowThreshold");
        }
        slowNanos = slow == null ? Long.MAX_VALUE : slow.toNanos();
        faultStatus = o.get(Options.FAULT_STATUS);
        int oneIn = o.get(Options.SAMPLE_ONE_IN);
        double rate = o.get(Options.SAMPLE_RATE);
        if (oneIn > 1 && rate < 1) {
            throw new IllegalArgumentException("sampling: sampleOneIn (was " + oneIn + ") and sampleRate (was "
                    + rate + "), not both set");
        }
        sampling = new Sampling(oneIn, rate);
        sampleKeepsFailures = o.get(Options.SAMPLE_KEEPS_FAILURES);
        correlationFromTrace = o.get(Options.CORRELATION_FROM_TRACE);
        List<LogLevel> l = o.get(Options.LEVELS);
        levels = l.isEmpty() ? null : l.toArray(new LogLevel[0]);
        severestLevel = levels == null ? null : severest(levels);
        recordPerExchange = o.get(Options.RECORD_PER_EXCHANGE);
        suppressesDuplicates = o.get(Options.SUPPRESS_DUPLICATES);
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

    int faultStatus() {
        return faultStatus;
    }

    /** The sampling of the logger's exchanges. */
    Sampling sampling() {
        return sampling;
    }

    boolean sampleKeepsFailures() {
        return sampleKeepsFailures;
    }

    boolean correlationFromTrace() {
        return correlationFromTrace;
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

    /** Whether an exchange's request and response make one record (the record-per-exchange option). */
    boolean recordPerExchange() {
        return recordPerExchange;
    }

    /** Whether a body logged already in a correlation id is not rendered again (the duplicate option). */
    boolean suppressesDuplicates() {
        return suppressesDuplicates;
    }
}
