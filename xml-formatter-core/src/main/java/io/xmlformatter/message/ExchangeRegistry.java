package io.xmlformatter.message;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the exchanges of one logger (and of the loggers derived from it) share: the chains by correlation id (or by
 * exchange), the bound on held records and the bodies logged per correlation id. Thread-safe.
 */
final class ExchangeRegistry {
    private final boolean chain;
    private final int maxChainRecords;
    private final long chainMaxAgeNanos;
    private final HeldBytes held;
    /** The bodies logged per correlation id (the duplicate option), or null. */
    private final SeenBodies seen;
    /** The chains by correlation id (with the chain option) or exchange id. */
    private final ConcurrentMap<String, ExchangeChain> chains = new ConcurrentHashMap<>();
    private final AtomicLong begun = new AtomicLong();

    ExchangeRegistry(Options o) {
        chain = o.get(Options.CHAIN);
        maxChainRecords = o.get(Options.CHAIN_MAX_RECORDS);
        chainMaxAgeNanos = o.get(Options.CHAIN_MAX_AGE).toNanos();
        held = new HeldBytes(o.get(Options.MAX_HELD_BYTES));
        seen = o.get(Options.SUPPRESS_DUPLICATES) ? new SeenBodies(o.get(Options.MAX_HELD_BYTES)) : null;
    }

    /** The bodies logged per correlation id, or null when duplicates are logged in full. */
    SeenBodies seen() {
        return seen;
    }

    HeldBytes held() {
        return held;
    }

    /** Whether exchanges sharing a correlation id share a chain (the chain option). */
    boolean sharesChains() {
        return chain;
    }

    /**
     * The chain an exchange joins: its own, or with the chain option the one its correlation id shares. Every chain
     * is known here until its last exchange ends, so one whose exchanges never end (a caller that never read its
     * response) is written as failed once past its age (see {@link #exchangeBegins}).
     */
    ExchangeChain joinChain(String correlationId, String exchangeId) {
        String key = chain ? correlationId : exchangeId;
        while (true) {
            ExchangeChain c = chains.computeIfAbsent(key,
                    id -> new ExchangeChain(held, maxChainRecords, chain, closed -> chains.remove(id, closed)));
            if (c.join()) {
                return c;
            }
            chains.remove(key, c); // closed as we came: take a new one
        }
    }

    /** An exchange begins: every 64th looks for chains (and remembered bodies) past their age. */
    void exchangeBegins() {
        if ((begun.incrementAndGet() & 63) == 0) {
            long now = System.nanoTime();
            if (seen != null) {
                seen.expire(now, chainMaxAgeNanos);
            }
            for (ExchangeChain c : chains.values()) {
                if (c.ageNanos(now) > chainMaxAgeNanos) {
                    c.expire();
                    chains.values().remove(c);
                }
            }
        }
    }

    /** How many chains are open now. */
    int openChains() {
        return chains.size();
    }
}
