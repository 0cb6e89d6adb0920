package io.xmlformatter.mongo;

/** The state of the Mongo sink's circuit breaker. */
public enum BreakerState {
    /** Writes go through. */
    CLOSED,
    /** The last write failed: the writer pauses (a doubling backoff) before it tries again. */
    OPEN
}
