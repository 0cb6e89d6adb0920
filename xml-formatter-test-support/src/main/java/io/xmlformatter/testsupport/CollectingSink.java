package io.xmlformatter.testsupport;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.JsonLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real sink that keeps records in memory, with a wait for the count a test expects. Shared by the
 * modules' tests (xml-formatter-test-support); in Mule tests it is a Spring bean.
 */
public final class CollectingSink implements LogSink {
    private final List<LogRecord> records = new ArrayList<>();

    @Override
    public synchronized void write(LogRecord record) {
        records.add(record);
        notifyAll();
    }

    /** Waits (up to 10 s) until at least {@code n} records arrived; returns all of them. */
    public synchronized List<LogRecord> await(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (records.size() < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected " + n + " records, got " + records.size() + ": " + types());
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return new ArrayList<>(records);
    }

    /**
     * Waits for one exchange's two records (its request's and its response's) and returns them, in order; fails
     * when more came or they belong to two exchanges.
     */
    public List<LogRecord> awaitExchange() throws InterruptedException {
        List<LogRecord> records = await(2);
        if (records.size() != 2 || !records.get(0).exchangeId().equals(records.get(1).exchangeId())) {
            throw new AssertionError("expected one exchange's two records, got " + types() + ": " + json());
        }
        return records;
    }

    /** Every record kept, one JSON line each: the text a test searches for what must not be there. */
    public synchronized String json() {
        return records.stream().map(JsonLayout.INSTANCE::format).collect(Collectors.joining("\n"));
    }

    public synchronized List<LogRecord> all() {
        return new ArrayList<>(records);
    }

    public synchronized LogRecord only(MessageType type) {
        List<LogRecord> r = records.stream().filter(x -> x.type() == type).collect(Collectors.toList());
        if (r.size() != 1) {
            throw new AssertionError("expected one " + type + " record, got " + r.size() + ": " + types());
        }
        return r.get(0);
    }

    public synchronized List<MessageType> types() {
        return records.stream().map(LogRecord::type).collect(Collectors.toList());
    }

    public synchronized void clear() {
        records.clear();
    }
}
