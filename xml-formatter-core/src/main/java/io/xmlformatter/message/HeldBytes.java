package io.xmlformatter.message;

import java.util.concurrent.atomic.AtomicLong;

/** The bound on what records held for their outcome may hold ({@link HeldSize}), and what went past it. Thread-safe. */
final class HeldBytes {
    private final long max;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong overflows = new AtomicLong();

    HeldBytes(long max) {
        this.max = max;
    }

    /** Reserves room for a held record; false when the held records would pass the bound. */
    boolean reserve(long bytes) {
        long now = held.addAndGet(bytes);
        if (now > max) {
            held.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    /** Gives back what a record reserved. */
    void released(long bytes) {
        if (bytes != 0) {
            held.addAndGet(-bytes);
        }
    }

    /** Counts a record written without its body because the held records were over the bound. */
    void overflowed() {
        overflows.incrementAndGet();
    }

    long bytes() {
        return held.get();
    }

    long overflows() {
        return overflows.get();
    }
}
