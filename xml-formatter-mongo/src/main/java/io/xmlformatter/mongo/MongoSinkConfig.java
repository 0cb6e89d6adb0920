package io.xmlformatter.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The Mongo sink's settings, validated, as an immutable snapshot: what a running {@link MongoSink} reads. Made by
 * {@link MongoSinkSettings#toConfig()}; the meaning of each value is documented on its setter there.
 */
public final class MongoSinkConfig {
    static final List<String> DEFAULT_TRACE_CONTEXT_KEYS = Collections.unmodifiableList(
            Arrays.asList("trace_id", "span_id", "trace_flags", "traceId", "spanId"));

    private final String connectionString;
    private final ConnectionString parsedConnectionString;
    private final String database;
    private final String collection;
    private final WriteConcern writeConcern;
    private final int maxPoolSize;
    private final long serverSelectionTimeoutMillis;
    private final long waitQueueTimeoutMillis;
    private final long connectTimeoutMillis;
    private final long socketTimeoutMillis;
    private final int maxPayloadBytes;
    private final int ttlDays;
    private final long cappedSizeBytes;
    private final boolean createIndexes;
    private final int queueCapacity;
    private final long queueMaxBytes;
    private final int batchSize;
    private final DropPolicy dropPolicy;
    private final long blockTimeoutMillis;
    private final long shutdownGraceMillis;
    private final long warnEveryDrops;
    private final long breakerInitialBackoffMillis;
    private final long breakerMaxBackoffMillis;
    private final String application;
    private final String name;
    private final List<String> traceContextKeys;

    MongoSinkConfig(String connectionString, ConnectionString parsedConnectionString, String database,
            String collection, WriteConcern writeConcern, int maxPoolSize, long serverSelectionTimeoutMillis,
            long waitQueueTimeoutMillis, long connectTimeoutMillis, long socketTimeoutMillis, int maxPayloadBytes,
            int ttlDays, long cappedSizeBytes, boolean createIndexes, int queueCapacity, long queueMaxBytes,
            int batchSize, DropPolicy dropPolicy, long blockTimeoutMillis, long shutdownGraceMillis,
            long warnEveryDrops, long breakerInitialBackoffMillis, long breakerMaxBackoffMillis, String application,
            String name, List<String> traceContextKeys) {
        this.connectionString = connectionString;
        this.parsedConnectionString = parsedConnectionString;
        this.database = database;
        this.collection = collection;
        this.writeConcern = writeConcern;
        this.maxPoolSize = maxPoolSize;
        this.serverSelectionTimeoutMillis = serverSelectionTimeoutMillis;
        this.waitQueueTimeoutMillis = waitQueueTimeoutMillis;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.socketTimeoutMillis = socketTimeoutMillis;
        this.maxPayloadBytes = maxPayloadBytes;
        this.ttlDays = ttlDays;
        this.cappedSizeBytes = cappedSizeBytes;
        this.createIndexes = createIndexes;
        this.queueCapacity = queueCapacity;
        this.queueMaxBytes = queueMaxBytes;
        this.batchSize = batchSize;
        this.dropPolicy = dropPolicy;
        this.blockTimeoutMillis = blockTimeoutMillis;
        this.shutdownGraceMillis = shutdownGraceMillis;
        this.warnEveryDrops = warnEveryDrops;
        this.breakerInitialBackoffMillis = breakerInitialBackoffMillis;
        this.breakerMaxBackoffMillis = breakerMaxBackoffMillis;
        this.application = application;
        this.name = name;
        this.traceContextKeys = Collections.unmodifiableList(new ArrayList<>(traceContextKeys));
    }

    /** The connection string, trimmed. */
    public String connectionString() {
        return connectionString;
    }

    ConnectionString parsedConnectionString() {
        return parsedConnectionString;
    }

    /** The database: set, or the connection string's, or {@code logs}. */
    public String database() {
        return database;
    }

    /** The collection name or pattern. */
    public String collection() {
        return collection;
    }

    /** The write concern (w, journal, wtimeout). */
    public WriteConcern writeConcern() {
        return writeConcern;
    }

    /** Connections in the client's pool. */
    public int maxPoolSize() {
        return maxPoolSize;
    }

    /** How long a write waits for a server, in ms. */
    public long serverSelectionTimeoutMillis() {
        return serverSelectionTimeoutMillis;
    }

    /** How long a write waits for a pooled connection, in ms. */
    public long waitQueueTimeoutMillis() {
        return waitQueueTimeoutMillis;
    }

    /** The connect timeout, in ms. */
    public long connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** The socket read timeout, in ms. */
    public long socketTimeoutMillis() {
        return socketTimeoutMillis;
    }

    /** Longer payloads are cut (chars). */
    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /** Days until documents expire (0: never). */
    public int ttlDays() {
        return ttlDays;
    }

    /** The size of capped collections (0: not capped). */
    public long cappedSizeBytes() {
        return cappedSizeBytes;
    }

    /** Whether the sink creates its indexes. */
    public boolean createIndexes() {
        return createIndexes;
    }

    /** Records the queue holds. */
    public int queueCapacity() {
        return queueCapacity;
    }

    /** Estimated bytes the queue holds. */
    public long queueMaxBytes() {
        return queueMaxBytes;
    }

    /** Documents per {@code insertMany} at most. */
    public int batchSize() {
        return batchSize;
    }

    /** What happens when the queue is full. */
    public DropPolicy dropPolicy() {
        return dropPolicy;
    }

    /** With {@link DropPolicy#BLOCK}: the longest a caller waits, in ms. */
    public long blockTimeoutMillis() {
        return blockTimeoutMillis;
    }

    /** How long closing may take to drain the queue, in ms. */
    public long shutdownGraceMillis() {
        return shutdownGraceMillis;
    }

    /** A warning after every this many drops. */
    public long warnEveryDrops() {
        return warnEveryDrops;
    }

    /** The first pause after a failed write, in ms. */
    public long breakerInitialBackoffMillis() {
        return breakerInitialBackoffMillis;
    }

    /** The longest pause between attempts, in ms. */
    public long breakerMaxBackoffMillis() {
        return breakerMaxBackoffMillis;
    }

    /** The documents' {@code application} field and the driver's application name. */
    public String application() {
        return application;
    }

    /** The sink's name (JMX, meters, its thread). */
    public String name() {
        return name;
    }

    /** The MDC keys copied into the document's {@code trace} field. */
    public List<String> traceContextKeys() {
        return traceContextKeys;
    }
}
