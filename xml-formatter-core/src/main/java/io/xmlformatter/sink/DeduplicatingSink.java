package io.xmlformatter.sink;

import io.xmlformatter.Experimental;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes each payload once per correlation id. A record whose payload equals an earlier record's of the same
 * correlation id (a proxy's request coming in, then the same request going out to the backend) is still written,
 * with all its fields, but its payload is replaced by {@code [SAME PAYLOAD AS <first>]} and the attribute
 * {@value #DUPLICATE_OF} names the first record ({@code TYPE messageId}). Records without a correlation id or a
 * payload pass unchanged.
 *
 * <p>Remembers the last {@code capacity} (correlation id, payload) pairs, by a 96-bit digest of the payload, not the
 * payload itself. Thread-safe.
 */
@Experimental
public final class DeduplicatingSink implements LogSink {
    /** The attribute naming the record whose payload a record repeats. */
    public static final String DUPLICATE_OF = "duplicateOf";

    private final LogSink next;
    private final Map<Key, String> seen;

    /**
     * @param next where records go
     * @param capacity how many (correlation id, payload) pairs are remembered, at least 1
     */
    public DeduplicatingSink(LogSink next, int capacity) {
        if (next == null || capacity < 1) {
            throw new IllegalArgumentException("a sink and a capacity of at least 1 are required");
        }
        this.next = next;
        this.seen = new LinkedHashMap<Key, String>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, String> eldest) {
                return size() > capacity;
            }
        };
    }

    @Override
    public void write(LogRecord record) {
        String payload = record.payload();
        if (payload == null || payload.isEmpty() || record.correlationId() == null) {
            next.write(record);
            return;
        }
        Key key = new Key(record.correlationId(), payload);
        String name = record.type() + " " + (record.messageId() != null ? record.messageId() : record.timestamp());
        String first;
        synchronized (seen) {
            first = seen.putIfAbsent(key, name);
        }
        if (first == null) {
            next.write(record);
            return;
        }
        String reference = "[SAME PAYLOAD AS " + first + "]";
        next.write(record.toBuilder().payload(reference).loggedSize(reference.length())
                .attribute(DUPLICATE_OF, first).build());
    }

    @Override
    public boolean wouldWrite(MessageType type, String owner) {
        return next.wouldWrite(type, owner);
    }

    @Override
    public boolean wouldWrite(MessageType type, String owner, LogLevel level) {
        return next.wouldWrite(type, owner, level);
    }

    @Override
    public boolean wouldWrite(MessageType type, String integration, String owner, LogLevel level) {
        return next.wouldWrite(type, integration, owner, level);
    }

    @Override
    public void close() {
        next.close();
    }

    /** A correlation id and a payload's length, FNV-1a 64 and {@link String#hashCode()}. */
    private static final class Key {
        private final String correlationId;
        private final int length;
        private final long fnv;
        private final int hash;

        Key(String correlationId, String payload) {
            this.correlationId = correlationId;
            this.length = payload.length();
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < length; i++) {
                h = (h ^ payload.charAt(i)) * 0x100000001b3L;
            }
            this.fnv = h;
            this.hash = payload.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            return length == k.length && fnv == k.fnv && hash == k.hash && correlationId.equals(k.correlationId);
        }

        @Override
        public int hashCode() {
            return (int) (fnv ^ (fnv >>> 32)) * 31 + correlationId.hashCode();
        }
    }
}
