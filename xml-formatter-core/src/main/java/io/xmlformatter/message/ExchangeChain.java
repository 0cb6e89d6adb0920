package io.xmlformatter.message;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The records held for exchanges whose outcome decides whether (or how) they are written: one exchange's own, or,
 * with the logger's {@code chain} option, those of every exchange sharing a correlation id (a proxy's server and
 * client exchanges). Once any of its exchanges fails or is slow, the chain is notable: what it holds is written
 * with bodies, and so is what comes after. When its last exchange ends, what it still holds is written as the
 * strategy says for an exchange that went well (without bodies, or not at all). A chain holds at most the logger's
 * {@code maxChainRecords} records and lives at most its chain age (then it is written as failed); what its records
 * hold ({@link HeldSize}: bodies, headers, facts) counts against the logger's held bound. Thread-safe.
 */
final class ExchangeChain {
    /** An exchange of a chain, as the chain sees it. */
    interface Member {
        /** Writes a record the chain held, as notable or not. */
        void write(MessageFacts facts, CapturedBody body, boolean notable);

        /** Whether the exchange's outcome is known. */
        boolean outcomeKnown();

        /** Writes a request record still waiting for its response alone. */
        void writeLoneRequest();
    }

    private final HeldBytes bound;
    private final int maxRecords;
    private final Consumer<ExchangeChain> closed;
    private final boolean shared;
    private final long created = System.nanoTime();
    private final List<Held> held = new ArrayList<>(4);
    /** With one record per exchange: the exchanges whose request record waits for its response's. */
    private final List<Member> waiting = new ArrayList<>(1);
    private long bytes;
    private int open;
    private boolean notable;
    private boolean isClosed;

    /**
     * A chain whose records count against {@code bound}, at most {@code maxRecords} of them; {@code closed} is told
     * once its last exchange has left.
     */
    ExchangeChain(HeldBytes bound, int maxRecords, boolean shared, Consumer<ExchangeChain> closed) {
        this.bound = bound;
        this.maxRecords = maxRecords;
        this.shared = shared;
        this.closed = closed;
    }

    /** An exchange joins; false when the chain is closed already (the caller takes a new one). */
    synchronized boolean join() {
        if (isClosed) {
            return false;
        }
        open++;
        return true;
    }

    long ageNanos(long now) {
        return now - created;
    }

    /**
     * A record of {@code owner} whose fate the chain decides: written now (with its body) when the chain is
     * notable, or (without its outcome's consequences waiting on others) when the owner's outcome is known and the
     * chain is its own; held otherwise, within the bounds (past them it is written now without its body, counted).
     */
    void add(Member owner, MessageFacts facts, CapturedBody body) {
        List<Held> release = null;
        synchronized (this) {
            if (notable || isClosed) {
                owner.write(facts, body, notable);
                return;
            }
            if (!shared && owner.outcomeKnown()) {
                release = takeAll();
            } else {
                long b = HeldSize.of(facts, body);
                if (held.size() >= maxRecords || !bound.reserve(b)) {
                    bound.overflowed();
                    facts.record().payload("[body not logged: held records over the bound]");
                    owner.write(facts, null, true);
                    return;
                }
                bytes += b;
                held.add(new Held(owner, facts, body));
                return;
            }
            writeAll(release, false);
            owner.write(facts, body, false);
        }
    }

    /** An exchange of the chain failed or was slow: everything held is written with bodies, and what comes. */
    synchronized void notable() {
        notable = true;
        writeAll(takeAll(), true);
    }

    /** An exchange's outcome is known and it went well: a chain of its own writes what it held now. */
    synchronized void wentWell() {
        if (!shared) {
            writeAll(takeAll(), false);
        }
    }

    /** An exchange leaves; after the last, what is still held is written as for exchanges that went well. */
    void leave() {
        boolean last;
        synchronized (this) {
            last = --open <= 0 && !isClosed;
            if (last) {
                close(false);
            }
        }
        if (last) {
            closed.accept(this);
        }
    }

    /**
     * With one record per exchange: {@code owner}'s request record waits for its response's in this chain; false
     * when the chain is closed (then nothing here would write it).
     */
    synchronized boolean waits(Member owner) {
        if (isClosed) {
            return false;
        }
        if (!waiting.contains(owner)) {
            waiting.add(owner);
        }
        return true;
    }

    /**
     * Too old: written as failed (an exchange that never ended is one that failed) and closed; a request record
     * still waiting for its response's is written alone (outside this chain's lock).
     */
    void expire() {
        List<Member> lone;
        synchronized (this) {
            if (!isClosed) {
                close(true);
            }
            lone = new ArrayList<>(waiting);
            waiting.clear();
        }
        for (Member owner : lone) {
            owner.writeLoneRequest();
        }
    }

    private void close(boolean asNotable) {
        isClosed = true;
        notable |= asNotable; // records that come after an expiry are written as failed too
        writeAll(takeAll(), notable);
    }

    private List<Held> takeAll() {
        List<Held> all = new ArrayList<>(held);
        held.clear();
        bound.released(bytes);
        bytes = 0;
        return all;
    }

    private static void writeAll(List<Held> records, boolean notable) {
        for (Held h : records) {
            h.owner.write(h.facts, h.body, notable);
        }
    }

    /** A record waiting for the outcome. */
    private static final class Held {
        final Member owner;
        final MessageFacts facts;
        final CapturedBody body;

        Held(Member owner, MessageFacts facts, CapturedBody body) {
            this.owner = owner;
            this.facts = facts;
            this.body = body;
        }
    }
}
