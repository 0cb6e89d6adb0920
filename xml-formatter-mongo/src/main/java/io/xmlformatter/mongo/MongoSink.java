package io.xmlformatter.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import io.xmlformatter.log.JsonLayout;
import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.LogSink;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes log records to MongoDB without ever blocking the thread that logs.
 *
 * <p>{@link #write} turns the record into a document and offers it to a queue bounded by count and bytes; that
 * is all the caller's thread does (unless the policy is {@link DropPolicy#BLOCK}). One daemon writer thread
 * drains the queue in batches with unordered {@code insertMany}: a batch is whatever queued while the previous
 * one was written, up to {@code batchSize}. When MongoDB is unreachable a circuit breaker pauses the writer with
 * a doubling backoff, the queue absorbs what it can and the drop policy handles the rest; writing resumes by
 * itself. Every record is accounted for: {@code offered = written + dropped (every reason) + queued}.
 *
 * <p>Documents get a client-side {@code _id}, so a batch retried after a lost reply counts its duplicate keys as
 * written. One {@link MongoClient} per connection string is shared by all sinks in the class loader (or pass your
 * own). Closing drains the queue for up to the grace period and counts what is left; a JVM shutdown hook closes a
 * sink nobody closed. Metrics are on JMX ({@link MongoSinkMXBean}).
 */
public final class MongoSink implements LogSink, MongoSinkMXBean {
    private static final Logger LOG = LoggerFactory.getLogger(MongoSink.class);
    private static final Logger FALLBACK = LoggerFactory.getLogger("io.xmlformatter.mongo.fallback");
    private static final int DUPLICATE_KEY = 11000;

    private final MongoSinkSettings settings;
    private final MongoClient client;
    private final boolean sharedClient;
    private final MongoDatabase database;
    private final CollectionNamer namer;
    private final String host;
    private final InsertManyOptions unordered = new InsertManyOptions().ordered(false);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private final Condition idle = lock.newCondition();
    private final ArrayDeque<Queued> queue = new ArrayDeque<>();
    private long queuedBytes;
    private int inFlight;
    private long offered;
    private long written;
    private long batches;
    private final long[] dropped = new long[DropReason.values().length];
    private boolean closing;
    private boolean abandoned;

    private final Thread writer;
    private final Thread shutdownHook;
    private final ObjectName jmxName;
    private final Set<String> prepared = new HashSet<>();

    private volatile String breaker = "CLOSED";
    private long backoffMillis;
    private long retryAtNanos;
    private long openedAtNanos;
    private long droppedWhenOpened;
    private volatile String lastError;
    private volatile double lastWriteMillis;

    /**
     * A sink on the shared client for the settings' connection string.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public MongoSink(MongoSinkSettings settings) {
        this(settings, null);
    }

    /**
     * A sink on a client the application owns (a Spring bean, for example): it is not closed with the sink.
     *
     * @param client the client, or null for the shared client of the settings' connection string
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public MongoSink(MongoSinkSettings settings, MongoClient client) {
        settings.validate();
        this.settings = settings;
        this.namer = new CollectionNamer(settings.collection());
        this.sharedClient = client == null;
        this.client = client != null ? client : MongoClientRegistry.acquire(settings);
        this.database = this.client.getDatabase(settings.databaseName())
                .withWriteConcern(settings.parsedWriteConcern());
        this.host = hostName();
        this.writer = new Thread(this::writeLoop, "xml-formatter-mongo-writer-" + settings.name());
        writer.setDaemon(true);
        writer.start();
        this.shutdownHook = new Thread(this::close, "xml-formatter-mongo-shutdown-" + settings.name());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        this.jmxName = registerJmx(settings.name());
    }

    // ------------------------------------------------------------------ the caller's side

    /** Offers the record; never throws, never waits (unless the policy is {@link DropPolicy#BLOCK}). */
    @Override
    public void write(LogRecord record) {
        if (isRecursive()) {
            count(DropReason.RECURSION);
            return;
        }
        Document doc = toDocument(record);
        String collection = namer.nameFor(record);
        long bytes = estimateBytes(record);
        DropReason drop = offer(new Queued(collection, doc, bytes));
        if (drop == DropReason.FALLBACK_LOGGED) {
            FALLBACK.warn(JsonLayout.INSTANCE.format(record));
        }
        if (drop != null) {
            warnEvery();
        }
    }

    /** Queues the record or applies the drop policy; returns the reason it was dropped, or null. */
    private DropReason offer(Queued q) {
        lock.lock();
        try {
            offered++;
            if (closing) {
                return drop(DropReason.SHUTDOWN);
            }
            long waitNanos = TimeUnit.MILLISECONDS.toNanos(settings.blockTimeoutMillis());
            while (isFull(q.bytes)) {
                switch (settings.dropPolicy()) {
                    case DROP_OLDEST:
                        if (queue.isEmpty()) {
                            return drop(DropReason.QUEUE_FULL); // bigger than the whole queue
                        }
                        Queued oldest = queue.pollFirst();
                        queuedBytes -= oldest.bytes;
                        drop(DropReason.DROPPED_OLDEST);
                        break;
                    case BLOCK:
                        if (waitNanos <= 0 || closing) {
                            return drop(closing ? DropReason.SHUTDOWN : DropReason.BLOCK_TIMEOUT);
                        }
                        try {
                            waitNanos = notFull.awaitNanos(waitNanos);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return drop(DropReason.BLOCK_TIMEOUT);
                        }
                        break;
                    case FALLBACK_SLF4J:
                        return drop(DropReason.FALLBACK_LOGGED);
                    default:
                        return drop(DropReason.QUEUE_FULL);
                }
            }
            queue.addLast(q);
            queuedBytes += q.bytes;
            notEmpty.signal();
            return null;
        } finally {
            lock.unlock();
        }
    }

    private boolean isFull(long bytes) {
        return queue.size() + inFlight >= settings.queueCapacity() || queuedBytes + bytes > settings.queueMaxBytes();
    }

    /** Counts a drop; call with the lock held. */
    private DropReason drop(DropReason reason) {
        dropped[reason.ordinal()]++;
        return reason;
    }

    private void count(DropReason reason) {
        lock.lock();
        try {
            offered++;
            drop(reason);
        } finally {
            lock.unlock();
        }
    }

    private void warnEvery() {
        long total = getDropped();
        if (total % settings.warnEveryDrops() == 0) {
            LOG.warn("mongo sink '{}': {} records dropped so far ({}); breaker {}, last error: {}", settings.name(),
                    total, droppedByReason(), breaker, lastError);
        }
    }

    /** The writer thread, or one of the driver's own threads: their records would log the logging. */
    private boolean isRecursive() {
        Thread t = Thread.currentThread();
        String name = t.getName();
        return t == writer || name.startsWith("cluster-") || name.startsWith("MaintenanceTimer");
    }

    // ------------------------------------------------------------------ documents

    private Document toDocument(LogRecord r) {
        Document d = new Document("_id", new ObjectId());
        r.forEachField((name, value) -> {
            if (value instanceof Instant) {
                d.put(name, Date.from((Instant) value));
            } else if (value instanceof Map) {
                d.put(name, safeKeys((Map<?, ?>) value));
            } else if (name.equals("payload") && ((String) value).length() > settings.maxPayloadBytes()) {
                d.put(name, ((String) value).substring(0, settings.maxPayloadBytes()));
                d.put("payloadTruncated", true);
            } else {
                d.put(name, value);
            }
        });
        d.put("host", host);
        d.put("application", settings.application());
        return d;
    }

    /** MongoDB field names may not contain '.' nor start with '$'. */
    private static Map<String, Object> safeKeys(Map<?, ?> m) {
        Map<String, Object> r = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String k = String.valueOf(e.getKey()).replace('.', '_');
            r.put(k.startsWith("$") ? "_" + k.substring(1) : k, e.getValue());
        }
        return r;
    }

    private long estimateBytes(LogRecord r) {
        long payload = r.payload() == null ? 0 : Math.min(r.payload().length(), settings.maxPayloadBytes());
        return 512 + payload + 64L * r.headers().size();
    }

    // ------------------------------------------------------------------ the writer

    private void writeLoop() {
        List<Queued> batch = new ArrayList<>();
        while (true) {
            lock.lock();
            try {
                while (!abandoned && (queue.isEmpty() || breakerWaiting())) {
                    if (queue.isEmpty() && closing) {
                        return;
                    }
                    long wait = queue.isEmpty() ? TimeUnit.SECONDS.toNanos(1) : retryAtNanos - System.nanoTime();
                    notEmpty.awaitNanos(Math.max(wait, 1));
                    if (!queue.isEmpty() && breakerWaiting()) {
                        continue;
                    }
                }
                if (abandoned) {
                    return;
                }
                batch.clear();
                takeSome(batch);
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            while (batch.size() < settings.batchSize() && takeMore(batch)) {
                // a big batch is taken a little at a time, so callers never wait long for the lock
            }
            writeBatch(batch);
        }
    }

    /** Moves up to 64 queued documents into the batch; call with the lock held. */
    private void takeSome(List<Queued> batch) {
        for (int n = 0; n < 64 && batch.size() < settings.batchSize() && !queue.isEmpty(); n++) {
            Queued q = queue.pollFirst();
            queuedBytes -= q.bytes;
            batch.add(q);
            inFlight++;
        }
        notFull.signalAll();
    }

    private boolean takeMore(List<Queued> batch) {
        lock.lock();
        try {
            int before = batch.size();
            takeSome(batch);
            return batch.size() > before;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the breaker is open and its pause is not over; call with the lock held. */
    private boolean breakerWaiting() {
        return "OPEN".equals(breaker) && System.nanoTime() - retryAtNanos < 0 && !closing;
    }

    /** Writes a batch, collection by collection; accounts for every document in it. */
    private void writeBatch(List<Queued> batch) {
        Map<String, List<Queued>> byCollection = new LinkedHashMap<>();
        for (Queued q : batch) {
            byCollection.computeIfAbsent(q.collection, k -> new ArrayList<>()).add(q);
        }
        long ok = 0;
        long rejected = 0;
        List<Queued> retry = new ArrayList<>();
        RuntimeException failure = null;
        for (Map.Entry<String, List<Queued>> e : byCollection.entrySet()) {
            List<Queued> docs = e.getValue();
            if (failure != null) {
                retry.addAll(docs);
                continue;
            }
            long start = System.nanoTime();
            try {
                MongoCollection<Document> collection = collection(e.getKey());
                List<Document> list = new ArrayList<>(docs.size());
                for (Queued q : docs) {
                    list.add(q.doc);
                }
                collection.insertMany(list, unordered);
                ok += docs.size();
            } catch (MongoBulkWriteException bulk) {
                long failed = 0;
                for (BulkWriteError err : bulk.getWriteErrors()) {
                    if (err.getCode() != DUPLICATE_KEY) {
                        failed++;
                        lastError = "write error " + err.getCode() + ": " + err.getMessage();
                    }
                }
                ok += docs.size() - failed;
                rejected += failed;
            } catch (RuntimeException ex) {
                failure = ex;
                retry.addAll(docs);
            }
            lastWriteMillis = (System.nanoTime() - start) / 1e6;
        }
        settle(batch.size(), ok, rejected, retry, failure);
    }

    private void settle(int size, long ok, long rejected, List<Queued> retry, RuntimeException failure) {
        String recovered = null;
        lock.lock();
        try {
            inFlight -= size;
            written += ok;
            dropped[DropReason.REJECTED.ordinal()] += rejected;
            if (ok > 0 || rejected > 0) {
                batches++;
            }
            if (failure != null) {
                if (abandoned) {
                    dropped[DropReason.SHUTDOWN.ordinal()] += retry.size();
                } else {
                    for (int i = retry.size() - 1; i >= 0; i--) {
                        queue.addFirst(retry.get(i));
                        queuedBytes += retry.get(i).bytes;
                    }
                }
                openBreaker(failure);
            } else if (!"CLOSED".equals(breaker)) {
                recovered = "mongo sink '" + settings.name() + "': writes recovered after "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - openedAtNanos) + " ms; "
                        + (totalDropped() - droppedWhenOpened) + " records dropped meanwhile " + droppedByReason();
                breaker = "CLOSED";
                backoffMillis = 0;
            }
            idle.signalAll();
        } finally {
            lock.unlock();
        }
        if (recovered != null) {
            LOG.warn(recovered);
        }
    }

    /** Call with the lock held. */
    private void openBreaker(RuntimeException failure) {
        lastError = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        if ("CLOSED".equals(breaker)) {
            openedAtNanos = System.nanoTime();
            droppedWhenOpened = totalDropped();
            LOG.warn("mongo sink '{}': MongoDB unavailable, records queue until it is back ({} queued): {}",
                    settings.name(), queue.size(), lastError);
        }
        backoffMillis = backoffMillis == 0 ? settings.breakerInitialBackoffMillis()
                : Math.min(backoffMillis * 2, settings.breakerMaxBackoffMillis());
        retryAtNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoffMillis);
        breaker = "OPEN";
    }

    /** The collection, prepared (capped, indexes) on first use; preparation problems are reported, not fatal. */
    private MongoCollection<Document> collection(String name) {
        MongoCollection<Document> c = database.getCollection(name);
        if (prepared.add(name)) {
            prepare(name, c);
        }
        return c;
    }

    private void prepare(String name, MongoCollection<Document> c) {
        if (settings.cappedSizeBytes() > 0) {
            ensureCapped(name);
        }
        if (!settings.createIndexes()) {
            return;
        }
        if (settings.ttlDays() > 0) {
            try {
                c.createIndex(Indexes.ascending("ts"),
                        new IndexOptions().expireAfter((long) settings.ttlDays(), TimeUnit.DAYS));
            } catch (MongoCommandException e) {
                LOG.warn("mongo sink '{}': the server does not support a TTL index on {}.ts ({}); documents will "
                        + "not expire by themselves", settings.name(), name, e.getErrorMessage());
                createIndex(c, "ts");
            }
        } else {
            createIndex(c, "ts");
        }
        createIndex(c, "correlationId");
    }

    private void createIndex(MongoCollection<Document> c, String field) {
        try {
            c.createIndex(Indexes.ascending(field));
        } catch (MongoCommandException e) {
            LOG.warn("mongo sink '{}': index on {} not created: {}", settings.name(), field, e.getErrorMessage());
        }
    }

    private void ensureCapped(String name) {
        try {
            database.createCollection(name, new CreateCollectionOptions().capped(true)
                    .sizeInBytes(settings.cappedSizeBytes()));
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != 48) { // 48: the collection exists
                lastError = "capped collection " + name + " not created: " + e.getErrorMessage();
                LOG.error("mongo sink '{}': {}", settings.name(), lastError);
                return;
            }
        }
        Document info = database.listCollections().filter(new Document("name", name)).first();
        Object capped = info == null ? null : ((Document) info.get("options", new Document())).get("capped");
        if (!Boolean.TRUE.equals(capped)) {
            lastError = "collection " + name + " exists and is NOT capped; cappedSizeBytes is not in effect";
            LOG.error("mongo sink '{}': {}", settings.name(), lastError);
        }
    }

    /**
     * Waits until everything offered so far is written or dropped (the queue is empty and no batch is in flight).
     *
     * @return false when the timeout passed first
     */
    public boolean awaitDrained(long timeout, TimeUnit unit) throws InterruptedException {
        long wait = unit.toNanos(timeout);
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

    // ------------------------------------------------------------------ shutdown

    /**
     * Stops taking records, lets the writer drain the queue for up to the grace period, counts what is left as
     * dropped ({@link DropReason#SHUTDOWN}), and releases the client. Idempotent.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closing) {
                return;
            }
            closing = true;
            notEmpty.signalAll();
            notFull.signalAll();
            long wait = TimeUnit.MILLISECONDS.toNanos(settings.shutdownGraceMillis());
            while ((!queue.isEmpty() || inFlight > 0) && wait > 0) {
                wait = idle.awaitNanos(wait);
            }
            abandoned = true;
            dropped[DropReason.SHUTDOWN.ordinal()] += queue.size();
            queue.clear();
            queuedBytes = 0;
            notEmpty.signalAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the JVM is exiting: the hook is running or will run, and finds the sink closed
            }
        }
        unregisterJmx();
        if (sharedClient) {
            MongoClientRegistry.release(settings);
        }
        if (getDroppedShutdown() > 0) {
            LOG.warn("mongo sink '{}' closed: {} records could not be written in time", settings.name(),
                    getDroppedShutdown());
        }
    }

    // ------------------------------------------------------------------ metrics

    /** A consistent snapshot of the counters. */
    public Stats stats() {
        lock.lock();
        try {
            return new Stats(offered, written, dropped.clone(), queue.size() + inFlight);
        } finally {
            lock.unlock();
        }
    }

    /** The sink's counters at one moment. */
    public static final class Stats {
        /** Records offered. */
        public final long offered;
        /** Records written. */
        public final long written;
        private final long[] dropped;
        /** Records queued or being written. */
        public final long queued;

        Stats(long offered, long written, long[] dropped, long queued) {
            this.offered = offered;
            this.written = written;
            this.dropped = dropped;
            this.queued = queued;
        }

        /** Records dropped for {@code reason}. */
        public long dropped(DropReason reason) {
            return dropped[reason.ordinal()];
        }

        /** Records dropped for any reason. */
        public long dropped() {
            return sum(dropped);
        }

        /** offered = written + dropped + queued. */
        public boolean balanced() {
            return offered == written + dropped() + queued;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("offered=").append(offered).append(" written=").append(written)
                    .append(" queued=").append(queued);
            for (DropReason r : DropReason.values()) {
                if (dropped(r) > 0) {
                    sb.append(' ').append(r).append('=').append(dropped(r));
                }
            }
            return sb.toString();
        }
    }

    /** Call with the lock held. */
    private long totalDropped() {
        return sum(dropped);
    }

    private static long sum(long[] counts) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    private String droppedByReason() {
        return stats().toString();
    }

    private long get(DropReason r) {
        return stats().dropped(r);
    }

    @Override
    public long getOffered() {
        return stats().offered;
    }

    @Override
    public long getWritten() {
        return stats().written;
    }

    @Override
    public long getBatches() {
        lock.lock();
        try {
            return batches;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long getDropped() {
        return stats().dropped();
    }

    @Override
    public long getDroppedQueueFull() {
        return get(DropReason.QUEUE_FULL);
    }

    @Override
    public long getDroppedOldest() {
        return get(DropReason.DROPPED_OLDEST);
    }

    @Override
    public long getDroppedBlockTimeout() {
        return get(DropReason.BLOCK_TIMEOUT);
    }

    @Override
    public long getFallbackLogged() {
        return get(DropReason.FALLBACK_LOGGED);
    }

    @Override
    public long getDroppedRejected() {
        return get(DropReason.REJECTED);
    }

    @Override
    public long getDroppedShutdown() {
        return get(DropReason.SHUTDOWN);
    }

    @Override
    public long getDroppedRecursion() {
        return get(DropReason.RECURSION);
    }

    @Override
    public long getQueueDepth() {
        return stats().queued;
    }

    @Override
    public long getQueueBytes() {
        lock.lock();
        try {
            return queuedBytes;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public double getLastWriteMillis() {
        return lastWriteMillis;
    }

    @Override
    public String getLastError() {
        return lastError;
    }

    @Override
    public String getBreakerState() {
        return breaker;
    }

    private ObjectName registerJmx(String name) {
        try {
            ObjectName on = new ObjectName("io.xmlformatter:type=MongoSink,name=" + ObjectName.quote(name));
            if (!ManagementFactory.getPlatformMBeanServer().isRegistered(on)) {
                ManagementFactory.getPlatformMBeanServer().registerMBean(this, on);
                return on;
            }
            LOG.warn("mongo sink '{}': another sink has this JMX name; give each sink its own name", name);
        } catch (Exception e) {
            LOG.warn("mongo sink '{}': JMX registration failed: {}", name, e.toString());
        }
        return null;
    }

    private void unregisterJmx() {
        if (jmxName != null) {
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(jmxName);
            } catch (Exception ignored) {
                // already gone
            }
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }

    /** A document on its way, with its collection and estimated size. */
    private static final class Queued {
        final String collection;
        final Document doc;
        final long bytes;

        Queued(String collection, Document doc, long bytes) {
            this.collection = collection;
            this.doc = doc;
            this.bytes = bytes;
        }
    }
}
