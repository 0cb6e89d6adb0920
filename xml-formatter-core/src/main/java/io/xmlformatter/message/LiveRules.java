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
import java.util.function.Predicate;

/**
 * The rules added to a running logger, each until its expiry, with the logger each applies ({@code L}: the rules
 * know nothing of loggers): tried before the configured rules, newest first. An expired rule is dropped the next
 * time the rules are read. Thread-safe; reading them takes no lock.
 */
final class LiveRules<L> {
    /** The longest a rule may last: a rule forgotten must not change the logging for good. */
    static final Duration LONGEST = Duration.ofDays(1);

    private final List<Added<L>> rules = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final Clock clock;

    LiveRules(Clock clock) {
        this.clock = clock;
    }

    /** A rule and the logger it applies. */
    private static final class Added<L> {
        final LiveRule rule;
        final L logger;

        Added(LiveRule rule, L logger) {
            this.rule = rule;
            this.logger = logger;
        }

        boolean inForce(Instant now) {
            return rule.expires().isAfter(now);
        }
    }

    /**
     * Adds a rule that applies {@code logger}.
     *
     * @throws IllegalArgumentException for a duration that is not positive or above a day
     */
    LiveRule add(ExchangeMatch match, Map<String, String> options, Duration lasting, L logger) {
        if (lasting == null || lasting.isNegative() || lasting.isZero() || lasting.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("a live rule lasts more than nothing and at most " + LONGEST + ", not "
                    + lasting);
        }
        Instant now = clock.instant();
        rules.removeIf(r -> !r.inForce(now));
        LiveRule r = new LiveRule("rule-" + ids.incrementAndGet(), match,
                Collections.unmodifiableMap(new LinkedHashMap<>(options)), now.plus(lasting));
        rules.add(0, new Added<>(r, logger));
        return r;
    }

    boolean remove(String id) {
        for (Added<L> r : rules) {
            if (r.rule.id().equals(id)) {
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
        rules.removeIf(r -> !r.inForce(now));
        List<LiveRule> in = new ArrayList<>(rules.size());
        for (Added<L> r : rules) {
            in.add(r.rule);
        }
        return Collections.unmodifiableList(in);
    }

    /**
     * The logger of the first rule in force that matches, or null. Asked once per exchange on its thread: it copies
     * nothing and reads the clock only while some rule exists (expired ones are dropped by {@link #add} and
     * {@link #list}).
     */
    L find(String service, String operation, String path, String httpMethod, String soapAction) {
        if (rules.isEmpty()) {
            return null;
        }
        Instant now = clock.instant();
        for (Added<L> r : rules) {
            if (r.inForce(now) && r.rule.match().matches(service, operation, path, httpMethod, soapAction)) {
                return r.logger;
            }
        }
        return null;
    }

    /**
     * Whether a rule in force that could match once the service and operation are known ({@code null}: not yet)
     * applies a logger that passes {@code test}.
     */
    boolean anyCouldMatch(String service, String operation, String path, String httpMethod, String soapAction,
            Predicate<L> test) {
        if (rules.isEmpty()) {
            return false;
        }
        Instant now = clock.instant();
        for (Added<L> r : rules) {
            if (r.inForce(now) && r.rule.match().couldMatch(service, operation, path, httpMethod, soapAction)
                    && test.test(r.logger)) {
                return true;
            }
        }
        return false;
    }
}
