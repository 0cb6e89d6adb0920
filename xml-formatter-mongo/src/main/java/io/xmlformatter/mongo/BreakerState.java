package io.xmlformatter.mongo;

import io.xmlformatter.Experimental;

/** The state of the Mongo sink's circuit breaker. */
@Experimental
public enum BreakerState {
    /** Writes go through. */
    CLOSED,
    /** The last write failed: the writer pauses (a doubling backoff) before it tries again. */
    OPEN
}
