package io.xmlformatter.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sink's one writer: takes what queued while the last batch was written (up to {@code batchSize}), writes it
 * with unordered {@code insertMany}, collection by collection, and accounts for every document. A write that fails
 * as a whole opens the {@link CircuitBreaker}: the batch goes back to the front of the queue and the writer pauses.
 * Documents carry client-side {@code _id}s, so a retried batch's duplicate keys count as written; other write
 * errors drop only the documents that failed ({@link DropReason#REJECTED}).
 */
final class BatchWriter implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(MongoSink.class);
    private static final int DUPLICATE_KEY = 11000;

    private final RecordQueue queue;
    private final CircuitBreaker breaker;
    private final CollectionPreparer collections;
    private final MongoSinkConfig config;
    private final InsertManyOptions unordered = new InsertManyOptions().ordered(false);
    private volatile String lastError;
    private volatile double lastWriteMillis;

    BatchWriter(RecordQueue queue, CircuitBreaker breaker, MongoDatabase database, MongoSinkConfig config) {
        this.queue = queue;
        this.breaker = breaker;
        this.config = config;
        this.collections = new CollectionPreparer(database, config, e -> lastError = e);
    }

    @Override
    public void run() {
        List<RecordQueue.Item> batch = new ArrayList<>();
        try {
            while (queue.awaitReady(breaker.resumeAtNanos())) {
                batch.clear();
                queue.take(batch, config.batchSize());
                write(batch);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes a batch, collection by collection, and settles every document in it with the queue. */
    private void write(List<RecordQueue.Item> batch) {
        Map<String, List<RecordQueue.Item>> byCollection = new LinkedHashMap<>();
        for (RecordQueue.Item item : batch) {
            byCollection.computeIfAbsent(item.collection, k -> new ArrayList<>()).add(item);
        }
        long ok = 0;
        long rejected = 0;
        List<RecordQueue.Item> retry = new ArrayList<>();
        RuntimeException failure = null;
        for (Map.Entry<String, List<RecordQueue.Item>> e : byCollection.entrySet()) {
            List<RecordQueue.Item> items = e.getValue();
            if (failure != null) {
                retry.addAll(items);
                continue;
            }
            long start = System.nanoTime();
            try {
                List<Document> docs = new ArrayList<>(items.size());
                for (RecordQueue.Item item : items) {
                    docs.add(item.doc);
                }
                collections.collection(e.getKey()).insertMany(docs, unordered);
                ok += items.size();
            } catch (MongoBulkWriteException bulk) {
                long failed = 0;
                for (BulkWriteError err : bulk.getWriteErrors()) {
                    if (err.getCode() != DUPLICATE_KEY) {
                        failed++;
                        lastError = "write error " + err.getCode() + ": " + err.getMessage();
                    }
                }
                ok += items.size() - failed;
                rejected += failed;
            } catch (RuntimeException ex) {
                failure = ex;
                retry.addAll(items);
            }
            lastWriteMillis = (System.nanoTime() - start) / 1e6;
        }
        queue.settle(batch.size(), ok, rejected, retry);
        if (failure != null) {
            lastError = failure.getClass().getSimpleName() + ": " + failure.getMessage();
            if (breaker.failed()) {
                LOG.warn("mongo sink '{}': MongoDB unavailable, records queue until it is back ({}): {}",
                        config.name(), queue.stats(), lastError);
            }
        } else {
            long openMillis = breaker.succeeded();
            if (openMillis >= 0) {
                LOG.warn("mongo sink '{}': writes recovered after {} ms ({})", config.name(), openMillis,
                        queue.stats());
            }
        }
    }

    /** The last error MongoDB reported, or null. */
    String lastError() {
        return lastError;
    }

    /** How long the last insertMany took, in ms. */
    double lastWriteMillis() {
        return lastWriteMillis;
    }
}
