package io.xmlformatter.benchmarks;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mongo.MongoSinkSettings;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.bson.Document;
import org.bson.types.ObjectId;

import java.util.ArrayList;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * In one run against one server: documents per second written by the raw driver's unordered insertMany (batches
 * of 500, ~2.4 KB documents) and by the sink (same size, same batch limit), and the cost of the caller's
 * {@code write} (each one timed). Rounds alternate raw/sink to spread the machine's noise over both.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.xmlformatter.benchmarks.MongoSinkThroughput mongodb://127.0.0.1:27017/</pre>
 */
public final class MongoSinkThroughput {
    private static final int DOCS = 20_000;
    private static final int ROUNDS = 3;

    private MongoSinkThroughput() {
    }

    public static void main(String[] args) throws Exception {
        String uri = args.length > 0 ? args[0] : "mongodb://127.0.0.1:27017/";
        String payload = SoapPayloads.compact(2048);
        double[] raw = new double[ROUNDS];
        double[] sink = new double[ROUNDS];
        long[] offers = new long[DOCS * ROUNDS];
        try (MongoClient client = MongoClients.create(uri)) {
            for (int round = 0; round < ROUNDS; round++) {
                raw[round] = raw(client, "bench_raw_" + round, payload);
                sink[round] = sink(uri, "bench_sink_" + round, payload, offers, round * DOCS);
                client.getDatabase("bench").drop();
            }
        }
        Arrays.sort(offers);
        System.out.printf("raw insertMany: %s docs/s%nsink:           %s docs/s%n", Arrays.toString(raw),
                Arrays.toString(sink));
        System.out.printf("sink / raw (sum of rounds): %.2f%n", Arrays.stream(sink).sum() / Arrays.stream(raw).sum());
        System.out.printf("write() cost: p50 %.2f µs, p99 %.2f µs, p99.9 %.2f µs, max %.2f µs (%d calls)%n",
                offers[offers.length / 2] / 1e3, offers[(int) (offers.length * 0.99)] / 1e3,
                offers[(int) (offers.length * 0.999)] / 1e3, offers[offers.length - 1] / 1e3, offers.length);
    }

    private static double raw(MongoClient client, String collection, String payload) {
        MongoCollection<Document> c = client.getDatabase("bench").getCollection(collection);
        InsertManyOptions unordered = new InsertManyOptions().ordered(false);
        long start = System.nanoTime();
        List<Document> batch = new ArrayList<>(500);
        for (int i = 0; i < DOCS; i++) {
            batch.add(new Document("_id", new ObjectId()).append("ts", Date.from(Instant.now())).append("type", "REQ_IN")
                    .append("exchangeId", "ex-" + i).append("payload", payload));
            if (batch.size() == 500) {
                c.insertMany(batch, unordered);
                batch = new ArrayList<>(500);
            }
        }
        if (!batch.isEmpty()) {
            c.insertMany(batch, unordered);
        }
        return DOCS / ((System.nanoTime() - start) / 1e9);
    }

    private static double sink(String uri, String collection, String payload, long[] offers, int at)
            throws InterruptedException {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setConnectionString(uri);
        s.setDatabase("bench");
        s.setCollection(collection);
        s.setQueueCapacity(DOCS);
        s.setCreateIndexes(false);
        s.setName(collection);
        try (MongoSink sink = new MongoSink(s)) {
            // one record written first: the clock starts with the sink connected, as the raw loop's client is
            sink.write(LogRecord.builder(MessageType.REQ_IN).exchangeId("warm-up").payload(payload).build());
            if (!sink.awaitDrained(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("warm-up record not written: " + sink.stats());
            }
            long start = System.nanoTime();
            for (int i = 0; i < DOCS; i++) {
                LogRecord r = LogRecord.builder(MessageType.REQ_IN).exchangeId("ex-" + i).payload(payload).build();
                long t0 = System.nanoTime();
                sink.write(r);
                offers[at + i] = System.nanoTime() - t0;
            }
            if (!sink.awaitDrained(5, TimeUnit.MINUTES) || sink.stats().written != DOCS + 1) {
                throw new IllegalStateException("not all written: " + sink.stats());
            }
            return DOCS / ((System.nanoTime() - start) / 1e9);
        }
    }
}
