package io.xmlformatter.mongo;

import java.util.concurrent.TimeUnit;

/**
 * The writer's circuit breaker: after a failed write it opens and the writer pauses, 250 ms by default, doubling
 * up to the maximum after each further failure; the first successful write closes it. Used by the one writer
 * thread only; the state is readable from any thread.
 */
final class CircuitBreaker {
    private final long initialBackoffMillis;
    private final long maxBackoffMillis;
    private volatile BreakerState state = BreakerState.CLOSED;
    private long backoffMillis;
    private long resumeAtNanos;
    private long openedAtNanos;

    CircuitBreaker(long initialBackoffMillis, long maxBackoffMillis) {
        this.initialBackoffMillis = initialBackoffMillis;
        this.maxBackoffMillis = maxBackoffMillis;
        this.resumeAtNanos = System.nanoTime();
    }

    /** The state now. */
    BreakerState state() {
        return state;
    }

    /** When the writer may try again (a {@link System#nanoTime()} value; in the past when closed). */
    long resumeAtNanos() {
        return resumeAtNanos;
    }

    /**
     * A write failed: opens the breaker, or lengthens its pause.
     *
     * @return true when this failure opened it (it was closed)
     */
    boolean failed() {
        long now = System.nanoTime();
        boolean opened = state == BreakerState.CLOSED;
        if (opened) {
            openedAtNanos = now;
        }
        backoffMillis = backoffMillis == 0 ? initialBackoffMillis : Math.min(backoffMillis * 2, maxBackoffMillis);
        resumeAtNanos = now + TimeUnit.MILLISECONDS.toNanos(backoffMillis);
        state = BreakerState.OPEN;
        return opened;
    }

    /**
     * A write went through: closes the breaker.
     *
     * @return how long it was open in ms, or -1 when it was closed already
     */
    long succeeded() {
        if (state == BreakerState.CLOSED) {
            return -1;
        }
        state = BreakerState.CLOSED;
        backoffMillis = 0;
        resumeAtNanos = System.nanoTime();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - openedAtNanos);
    }
}
