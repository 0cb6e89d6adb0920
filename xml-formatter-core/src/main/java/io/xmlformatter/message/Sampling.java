package io.xmlformatter.message;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Which exchanges are sampled: one in n (counted), or at a rate (random). Thread-safe. */
final class Sampling {
    private final int oneIn;
    private final double rate;
    private final AtomicLong exchanges = new AtomicLong();

    Sampling(int oneIn, double rate) {
        this.oneIn = oneIn;
        this.rate = rate;
    }

    /** Whether the next exchange is sampled. */
    boolean next() {
        if (oneIn > 1) {
            return exchanges.getAndIncrement() % oneIn == 0;
        }
        return rate >= 1 || ThreadLocalRandom.current().nextDouble() < rate;
    }
}
