package io.xmlformatter.mongo;

import org.bson.Document;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sink's queue between the callers and its one writer: bounded by count and by estimated bytes, with the drop
 * policy applied on the caller's side and exact counters. Every document offered is, at any moment, written,
 * dropped for one reason, or queued (waiting or in a batch being written): {@code offered = written + dropped +
 * queued}, checked by {@link MongoSinkStats#balanced()}.
 *
 * <p>No MongoDB here: the writer takes batches with {@link #awaitReady} and {@link #take}, and reports each batch's
 * fate with {@link #settle}.
 */
final class RecordQueue {
    /** A document on its way, with its collection and estimated size. */
    static final class Item {
        final String collection;
        final Document doc;
        final long bytes;

        Item(String collection, Document doc, long bytes) {
            this.collection = collection;
            this.doc = doc;
            this.bytes = bytes;
        }
    }

    /** How many documents the writer moves per turn of the lock, so callers never wait long for it. */
    private static final int TAKE_STEP = 64;

    private final int capacity;
    private final long maxBytes;
    private final DropPolicy policy;
    private final long blockTimeoutNanos;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private final Condition idle = lock.newCondition();
    private final ArrayDeque<Item> queue = new ArrayDeque<>();
    private long queuedBytes;
    private int inFlight;
    private long offered;
    private long written;
    private long batches;
    private final long[] dropped = new long[DropReason.values().length];
    private boolean closing;
    private boolean abandoned;

    RecordQueue(int capacity, long maxBytes, DropPolicy policy, long blockTimeoutMillis) {
        this.capacity = capacity;
        this.maxBytes = maxBytes;
        this.policy = policy;
        this.blockTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(blockTimeoutMillis);
    }

    // ------------------------------------------------------------------ the callers' side

    /**
     * Queues the item or applies the drop policy; returns why it was dropped, or null when it was queued. The item
     * counts as offered once its fate is known, so a caller blocked here is in no counter yet.
     */
    DropReason offer(Item item) {
        lock.lock();
        try {
            long waitNanos = blockTimeoutNanos;
            while (!closing && isFull(item.bytes)) {
                switch (policy) {
                    case DROP_OLDEST:
                        if (queue.isEmpty()) {
                            return refuse(DropReason.QUEUE_FULL); // bigger than the whole queue
                        }
                        queuedBytes -= queue.pollFirst().bytes;
                        drop(DropReason.DROPPED_OLDEST);
                        break;
                    case BLOCK:
                        if (waitNanos <= 0) {
                            return refuse(DropReason.BLOCK_TIMEOUT);
                        }
                        try {
                            waitNanos = notFull.awaitNanos(waitNanos);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return refuse(DropReason.BLOCK_TIMEOUT);
                        }
                        break;
                    case FALLBACK_SLF4J:
                        return refuse(DropReason.FALLBACK_LOGGED);
                    case DROP_NEWEST:
                    default:
                        return refuse(DropReason.QUEUE_FULL);
                }
            }
            if (closing) {
                return refuse(DropReason.SHUTDOWN);
            }
            offered++;
            queue.addLast(item);
            queuedBytes += item.bytes;
            notEmpty.signal();
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Counts a record that was offered and dropped before it reached the queue. */
    void countDropped(DropReason reason) {
        lock.lock();
        try {
            refuse(reason);
        } finally {
            lock.unlock();
        }
    }

    /** Counts the offered record as dropped; call with the lock held. */
    private DropReason refuse(DropReason reason) {
        offered++;
        return drop(reason);
    }

    private boolean isFull(long bytes) {
        return queue.size() + inFlight >= capacity || queuedBytes + bytes > maxBytes;
    }

    /** Counts a drop; call with the lock held. */
    @SuppressWarnings("EnumOrdinal") // counters in a fixed array indexed by reason: no boxing under the lock
    private DropReason drop(DropReason reason) {
        dropped[reason.ordinal()]++;
        return reason;
    }

    // ------------------------------------------------------------------ the writer's side

    /**
     * Waits until there is something to write and {@code resumeAtNanos} (a {@link System#nanoTime()} value: the end
     * of the breaker's pause) has passed; closing ends the pause at once.
     *
     * @return false when the writer should stop (closed and drained, or abandoned)
     */
    boolean awaitReady(long resumeAtNanos) throws InterruptedException {
        lock.lock();
        try {
            while (!abandoned) {
                if (queue.isEmpty()) {
                    if (closing) {
                        return false;
                    }
                    notEmpty.awaitNanos(TimeUnit.SECONDS.toNanos(1));
                    continue;
                }
                long pause = resumeAtNanos - System.nanoTime();
                if (pause <= 0 || closing) {
                    return true;
                }
                notEmpty.awaitNanos(pause);
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** Moves up to {@code max} queued documents into the batch, a few at a time; they count as in flight. */
    void take(List<Item> batch, int max) {
        boolean more = true;
        while (more && batch.size() < max) {
            lock.lock();
            try {
                for (int n = 0; n < TAKE_STEP && batch.size() < max && !queue.isEmpty(); n++) {
                    Item item = queue.pollFirst();
                    queuedBytes -= item.bytes;
                    batch.add(item);
                    inFlight++;
                }
                more = !queue.isEmpty();
                notFull.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Accounts for a batch of {@code size} documents taken earlier: {@code ok} written, {@code rejected} refused
     * by MongoDB, {@code retry} (in order) back to the front of the queue, or counted as shutdown drops once the
     * queue has been abandoned.
     */
    @SuppressWarnings("EnumOrdinal") // see drop
    void settle(int size, long ok, long rejected, List<Item> retry) {
        lock.lock();
        try {
            inFlight -= size;
            written += ok;
            dropped[DropReason.REJECTED.ordinal()] += rejected;
            if (ok > 0 || rejected > 0) {
                batches++;
            }
            if (abandoned) {
                dropped[DropReason.SHUTDOWN.ordinal()] += retry.size();
            } else {
                for (int i = retry.size() - 1; i >= 0; i--) {
                    queue.addFirst(retry.get(i));
                    queuedBytes += retry.get(i).bytes;
                }
            }
            notFull.signalAll(); // what was in flight no longer counts against the capacity
            idle.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ draining and closing

    /**
     * Waits until everything offered so far is written or dropped.
     *
     * @return false when the timeout passed first
     */
    boolean awaitDrained(long timeoutNanos) throws InterruptedException {
        long wait = timeoutNanos;
        lock.lock();
        try {
            while (!queue.isEmpty() || inFlight > 0) {
                if (wait <= 0) {
                    return false;
                }
                wait = idle.awaitNanos(wait);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Refuses new documents, waits up to {@code graceNanos} for the writer to drain the queue, then abandons what
     * is left (counted as {@link DropReason#SHUTDOWN}). Only the first call does anything.
     *
     * @return false when the queue was already closing
     */
    @SuppressWarnings("EnumOrdinal") // see drop
    boolean close(long graceNanos) {
        lock.lock();
        try {
            if (closing) {
                return false;
            }
            closing = true;
            notEmpty.signalAll();
            notFull.signalAll();
            long wait = graceNanos;
            try {
                while ((!queue.isEmpty() || inFlight > 0) && wait > 0) {
                    wait = idle.awaitNanos(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            abandoned = true;
            dropped[DropReason.SHUTDOWN.ordinal()] += queue.size();
            queue.clear();
            queuedBytes = 0;
            notEmpty.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** A consistent snapshot of the counters. */
    MongoSinkStats stats() {
        lock.lock();
        try {
            return new MongoSinkStats(offered, written, dropped.clone(), queue.size() + inFlight, queuedBytes,
                    batches);
        } finally {
            lock.unlock();
        }
    }
}
