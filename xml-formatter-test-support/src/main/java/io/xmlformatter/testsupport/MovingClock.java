package io.xmlformatter.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock a test moves on, so that what expires by it expires without waiting. */
public final class MovingClock extends Clock {
    private volatile Instant now = Instant.parse("2026-11-27T10:00:00Z");

    /** Moves the clock on by {@code d}. */
    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
