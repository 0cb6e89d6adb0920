package io.xmlformatter.message;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rules added to a running logger, each until its expiry: tried before the configured rules, newest first. An
 * expired rule is dropped the next time the rules are read. Thread-safe; reading them takes no lock.
 */
final class LiveRules {
    /** The longest a rule may last: a rule forgotten must not change the logging for good. */
    static final Duration LONGEST = Duration.ofDays(1);

    private final List<LiveRule> rules = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final Clock clock;

    LiveRules(Clock clock) {
        this.clock = clock;
    }

    /**
     * Adds a rule.
     *
     * @throws IllegalArgumentException for a duration that is not positive or above a day
     */
    LiveRule add(ExchangeMatch match, Map<String, String> options, Duration lasting, MessageLogger logger) {
        if (lasting == null || lasting.isNegative() || lasting.isZero() || lasting.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("a live rule lasts more than nothing and at most " + LONGEST + ", not "
                    + lasting);
        }
        Instant now = clock.instant();
        rules.removeIf(r -> !r.expires().isAfter(now));
        LiveRule r = new LiveRule("rule-" + ids.incrementAndGet(), match,
                Collections.unmodifiableMap(new LinkedHashMap<>(options)), now.plus(lasting), logger);
        rules.add(0, r);
        return r;
    }

    boolean remove(String id) {
        for (LiveRule r : rules) {
            if (r.id().equals(id)) {
                return rules.remove(r);
            }
        }
        return false;
    }

    /** The rules in force, newest first. */
    List<LiveRule> list() {
        if (rules.isEmpty()) {
            return Collections.emptyList();
        }
        Instant now = clock.instant();
        rules.removeIf(r -> !r.expires().isAfter(now));
        return Collections.unmodifiableList(new ArrayList<>(rules));
    }

    /**
     * The first rule in force that matches, or null. Asked once per exchange on its thread: it copies nothing and
     * reads the clock only while some rule exists (expired ones are dropped by {@link #add} and {@link #list}).
     */
    LiveRule find(String service, String operation, String path, String httpMethod, String soapAction) {
        if (rules.isEmpty()) {
            return null;
        }
        Instant now = clock.instant();
        for (LiveRule r : rules) {
            if (r.expires().isAfter(now) && r.match().matches(service, operation, path, httpMethod, soapAction)) {
                return r;
            }
        }
        return null;
    }
}
