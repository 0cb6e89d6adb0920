package io.xmlformatter.mongo;

import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sink's queue alone, without MongoDB: every drop policy, and the counters under concurrency. */
class RecordQueueTest {
    private static RecordQueue.Item item(int n) {
        return new RecordQueue.Item("c", new Document("n", n), 100);
    }

    private static List<Integer> numbers(List<RecordQueue.Item> batch) {
        List<Integer> r = new ArrayList<>();
        for (RecordQueue.Item i : batch) {
            r.add(i.doc.getInteger("n"));
        }
        return r;
    }

    @Test
    void dropNewestKeepsWhatIsQueued() {
        RecordQueue q = new RecordQueue(2, Long.MAX_VALUE, DropPolicy.DROP_NEWEST, 0);
        assertNull(q.offer(item(1)));
        assertNull(q.offer(item(2)));
        assertEquals(DropReason.QUEUE_FULL, q.offer(item(3)));
        List<RecordQueue.Item> batch = new ArrayList<>();
        q.take(batch, 10);
        assertEquals(List.of(1, 2), numbers(batch));
        MongoSinkStats st = q.stats();
        assertEquals(3, st.offered);
        assertEquals(1, st.dropped(DropReason.QUEUE_FULL));
        assertEquals(2, st.queued, "in flight counts as queued");
        assertTrue(st.balanced());
    }

    @Test
    void dropOldestMakesRoomForTheNewest() {
        RecordQueue q = new RecordQueue(2, Long.MAX_VALUE, DropPolicy.DROP_OLDEST, 0);
        for (int n = 1; n <= 5; n++) {
            assertNull(q.offer(item(n)));
        }
        List<RecordQueue.Item> batch = new ArrayList<>();
        q.take(batch, 10);
        assertEquals(List.of(4, 5), numbers(batch));
        assertEquals(3, q.stats().dropped(DropReason.DROPPED_OLDEST));
        assertTrue(q.stats().balanced());
    }

    @Test
    void dropOldestCannotMakeRoomForARecordBiggerThanTheQueue() {
        RecordQueue q = new RecordQueue(10, 150, DropPolicy.DROP_OLDEST, 0);
        assertEquals(DropReason.QUEUE_FULL, q.offer(new RecordQueue.Item("c", new Document(), 151)));
        assertTrue(q.stats().balanced());
    }

    @Test
    void theByteBoundCountsLikeTheCountBound() {
        RecordQueue q = new RecordQueue(100, 250, DropPolicy.DROP_NEWEST, 0);
        assertNull(q.offer(item(1)));
        assertNull(q.offer(item(2)));
        assertEquals(DropReason.QUEUE_FULL, q.offer(item(3)), "300 estimated bytes > 250");
        assertEquals(200, q.stats().queuedBytes);
    }

    @Test
    void blockGivesUpAfterItsTimeout() {
        RecordQueue q = new RecordQueue(1, Long.MAX_VALUE, DropPolicy.BLOCK, 20);
        assertNull(q.offer(item(1)));
        long start = System.nanoTime();
        assertEquals(DropReason.BLOCK_TIMEOUT, q.offer(item(2)));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "waited its timeout");
        assertTrue(q.stats().balanced());
    }

    @Test
    void blockWaitsForTheWriterToMakeRoom() throws Exception {
        RecordQueue q = new RecordQueue(1, Long.MAX_VALUE, DropPolicy.BLOCK, TimeUnit.MINUTES.toMillis(1));
        assertNull(q.offer(item(1)));
        AtomicReference<DropReason> second = new AtomicReference<>(DropReason.QUEUE_FULL);
        CountDownLatch offering = new CountDownLatch(1);
        Thread caller = new Thread(() -> {
            offering.countDown();
            second.set(q.offer(item(2)));
        });
        caller.start();
        offering.await();
        List<RecordQueue.Item> batch = new ArrayList<>();
        q.take(batch, 1);
        q.settle(1, 1, 0, List.of()); // written: room for one
        caller.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(caller.isAlive());
        assertNull(second.get(), "the blocked caller got in");
        assertEquals(1, q.stats().queued);
    }

    @Test
    void blockedCallersAreReleasedByClose() throws Exception {
        RecordQueue q = new RecordQueue(1, Long.MAX_VALUE, DropPolicy.BLOCK, TimeUnit.MINUTES.toMillis(1));
        assertNull(q.offer(item(1)));
        AtomicReference<DropReason> second = new AtomicReference<>();
        Thread caller = new Thread(() -> second.set(q.offer(item(2))));
        caller.start();
        q.close(0);
        caller.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(DropReason.SHUTDOWN, second.get());
        MongoSinkStats st = q.stats();
        assertEquals(2, st.dropped(DropReason.SHUTDOWN), "the blocked one and the queued one");
        assertTrue(st.balanced(), st.toString());
    }

    @Test
    void fallbackReportsTheRecordForSlf4j() {
        RecordQueue q = new RecordQueue(1, Long.MAX_VALUE, DropPolicy.FALLBACK_SLF4J, 0);
        assertNull(q.offer(item(1)));
        assertEquals(DropReason.FALLBACK_LOGGED, q.offer(item(2)));
        assertEquals(1, q.stats().dropped(DropReason.FALLBACK_LOGGED));
    }

    @Test
    void aFailedBatchGoesBackToTheFrontInOrderAndRejectedOnesAreCounted() {
        RecordQueue q = new RecordQueue(10, Long.MAX_VALUE, DropPolicy.DROP_NEWEST, 0);
        for (int n = 1; n <= 4; n++) {
            q.offer(item(n));
        }
        List<RecordQueue.Item> batch = new ArrayList<>();
        q.take(batch, 3);
        q.offer(item(5));
        q.settle(3, 0, 1, batch.subList(1, 3)); // 1 rejected, 2 to retry
        batch.clear();
        q.take(batch, 10);
        assertEquals(List.of(2, 3, 4, 5), numbers(batch));
        MongoSinkStats st = q.stats();
        assertEquals(1, st.dropped(DropReason.REJECTED));
        assertTrue(st.balanced(), st.toString());
    }

    @Test
    void closeDrainsWithinTheGraceAndCountsTheRest() {
        RecordQueue q = new RecordQueue(10, Long.MAX_VALUE, DropPolicy.DROP_NEWEST, 0);
        q.offer(item(1));
        q.offer(item(2));
        assertTrue(q.close(0));
        assertFalse(q.close(0), "only the first close acts");
        assertEquals(DropReason.SHUTDOWN, q.offer(item(3)));
        MongoSinkStats st = q.stats();
        assertEquals(3, st.dropped(DropReason.SHUTDOWN));
        assertEquals(0, st.queued);
        assertTrue(st.balanced());
    }

    /**
     * Eight callers offer 20,000 records each while one writer takes batches and settles them in a fixed cycle
     * (written, rejected, or back to the queue) and a checker reads the counters all the while: every snapshot
     * balances, and at the end every record is written or dropped.
     */
    @ParameterizedTest
    @EnumSource(DropPolicy.class)
    void offeredIsAlwaysWrittenPlusDroppedPlusQueued(DropPolicy policy) throws Exception {
        int callers = 8;
        int each = 20_000;
        RecordQueue q = new RecordQueue(64, 64 * 100, policy, 1);
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<String> unbalanced = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            List<RecordQueue.Item> batch = new ArrayList<>();
            int round = 0;
            try {
                while (q.awaitReady(System.nanoTime())) {
                    batch.clear();
                    q.take(batch, 16);
                    // a fixed cycle, so the second batch always has a rejection however few batches there are
                    int outcome = round++ % 10;
                    if (outcome == 0) {
                        q.settle(batch.size(), 0, 0, new ArrayList<>(batch));
                    } else if (outcome == 1) {
                        q.settle(batch.size(), batch.size() - 1L, 1, List.of());
                    } else {
                        q.settle(batch.size(), batch.size(), 0, List.of());
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread checker = new Thread(() -> {
            while (!done.get()) {
                MongoSinkStats st = q.stats();
                if (!st.balanced()) {
                    unbalanced.compareAndSet(null, st.toString());
                }
            }
        });
        writer.start();
        checker.start();
        CyclicBarrier go = new CyclicBarrier(callers);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < callers; t++) {
            int base = t * each;
            Thread c = new Thread(() -> {
                try {
                    go.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int n = 0; n < each; n++) {
                    q.offer(item(base + n));
                }
            });
            threads.add(c);
            c.start();
        }
        for (Thread c : threads) {
            c.join();
        }
        assertTrue(q.awaitDrained(TimeUnit.SECONDS.toNanos(60)), q.stats().toString());
        q.close(TimeUnit.SECONDS.toNanos(10));
        writer.join(TimeUnit.SECONDS.toMillis(30));
        done.set(true);
        checker.join();
        assertNull(unbalanced.get(), "a snapshot that did not balance");
        MongoSinkStats st = q.stats();
        assertEquals((long) callers * each, st.offered);
        assertEquals(0, st.queued);
        assertEquals(st.offered, st.written + st.dropped(), st.toString());
        assertTrue(st.dropped(DropReason.REJECTED) > 0, "the writer rejected some: " + st);
        assertFalse(writer.isAlive(), "the writer stops once the queue is closed and drained");
    }
}
