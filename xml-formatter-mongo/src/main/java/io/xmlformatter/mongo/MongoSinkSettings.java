package io.xmlformatter.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Mongo sink's settings, as bean properties (for Spring XML) with defaults fit for logging: the builder of
 * {@link MongoSinkConfig}. {@link #toConfig()} validates them once (a bad value gives an
 * {@link IllegalArgumentException} that names the setting) into the immutable snapshot a sink runs on.
 *
 * <p>Everything MongoDB-specific (replica sets, sharded clusters, authentication, TLS, read/write options) passes
 * through the connection string; the settings here override the driver's defaults that are wrong for a logger.
 */
public final class MongoSinkSettings {
    private String connectionString;
    private String database;
    private String collection = "soap_log";
    private String writeConcern = "1";
    private boolean journal;
    private long writeTimeoutMillis;
    private int maxPoolSize = 4;
    private long serverSelectionTimeoutMillis = 5_000;
    private long waitQueueTimeoutMillis = 2_000;
    private long connectTimeoutMillis = 5_000;
    private long socketTimeoutMillis = 30_000;
    private int maxPayloadBytes = 256 * 1024;
    private int ttlDays = 30;
    private long cappedSizeBytes;
    private boolean createIndexes = true;
    private int queueCapacity = 10_000;
    private long queueMaxBytes = 64L * 1024 * 1024;
    private int batchSize = 500;
    private DropPolicy dropPolicy = DropPolicy.DROP_NEWEST;
    private long blockTimeoutMillis = 100;
    private long shutdownGraceMillis = 5_000;
    private long warnEveryDrops = 1_000;
    private long breakerInitialBackoffMillis = 250;
    private long breakerMaxBackoffMillis = 15_000;
    private String application = "xml-formatter";
    private String name = "default";
    private List<String> traceContextKeys = MongoSinkConfig.DEFAULT_TRACE_CONTEXT_KEYS;

    /** MongoDB's connection string (required). Its database, if any, is the default for {@link #setDatabase}. */
    public void setConnectionString(String v) {
        connectionString = v;
    }

    /** The database (default: the connection string's, else {@code logs}). */
    public void setDatabase(String v) {
        database = v;
    }

    /**
     * The collection, or a pattern: {@code {yyyyMM}}-style date fields (UTC, of the record's time), {@code {service}}
     * and {@code {operation}} (local names; {@code unknown} when absent). Default {@code soap_log}; for one
     * collection per month: {@code soap_log_{yyyyMM}}.
     */
    public void setCollection(String v) {
        collection = v;
    }

    /** The write concern's w: a number or {@code majority} (default 1). */
    public void setWriteConcern(String v) {
        writeConcern = v;
    }

    /** Whether writes wait for the journal. */
    public void setJournal(boolean v) {
        journal = v;
    }

    /** The write concern's wtimeout in ms (0: none). */
    public void setWriteTimeoutMillis(long v) {
        writeTimeoutMillis = v;
    }

    /** Connections in the pool (default 4: one writer needs few). */
    public void setMaxPoolSize(int v) {
        maxPoolSize = v;
    }

    /** How long the writer waits for a server (default 5 s; the driver's 30 s blocks for too long). */
    public void setServerSelectionTimeoutMillis(long v) {
        serverSelectionTimeoutMillis = v;
    }

    /** How long the writer waits for a pooled connection (default 2 s; the driver's is 120 s). */
    public void setWaitQueueTimeoutMillis(long v) {
        waitQueueTimeoutMillis = v;
    }

    /** Connect timeout (default 5 s). */
    public void setConnectTimeoutMillis(long v) {
        connectTimeoutMillis = v;
    }

    /** Socket read timeout (default 30 s; the driver's is none). */
    public void setSocketTimeoutMillis(long v) {
        socketTimeoutMillis = v;
    }

    /** Payloads longer than this (in chars) are cut and flagged {@code payloadTruncated} (default 256 KiB). */
    public void setMaxPayloadBytes(int v) {
        maxPayloadBytes = v;
    }

    /** Documents expire after this many days by a TTL index on {@code ts} (default 30; 0: never). */
    public void setTtlDays(int v) {
        ttlDays = v;
    }

    /** Opt-in: create collections capped at this size (verified; a loud error when an existing one is not). */
    public void setCappedSizeBytes(long v) {
        cappedSizeBytes = v;
    }

    /** Whether to create the indexes (on {@code ts} and {@code correlationId} only). Default true. */
    public void setCreateIndexes(boolean v) {
        createIndexes = v;
    }

    /** Records the queue holds (default 10,000). */
    public void setQueueCapacity(int v) {
        queueCapacity = v;
    }

    /** Estimated bytes the queue holds (default 64 MiB). */
    public void setQueueMaxBytes(long v) {
        queueMaxBytes = v;
    }

    /** Documents per insertMany at most (default 500): a batch is what queued while the last one was written. */
    public void setBatchSize(int v) {
        batchSize = v;
    }

    /** What happens when the queue is full (default {@link DropPolicy#DROP_NEWEST}). */
    public void setDropPolicy(DropPolicy v) {
        dropPolicy = v;
    }

    /** With {@link DropPolicy#BLOCK}: the longest a caller waits for room (default 100 ms). */
    public void setBlockTimeoutMillis(long v) {
        blockTimeoutMillis = v;
    }

    /** On close: how long the queue may take to drain (default 5 s); what is left is counted as dropped. */
    public void setShutdownGraceMillis(long v) {
        shutdownGraceMillis = v;
    }

    /** A warning after every this many drops (default 1,000). */
    public void setWarnEveryDrops(long v) {
        warnEveryDrops = v;
    }

    /** The first pause after a failed write (default 250 ms); it doubles up to the maximum. */
    public void setBreakerInitialBackoffMillis(long v) {
        breakerInitialBackoffMillis = v;
    }

    /** The longest pause between attempts while MongoDB is unavailable (default 15 s). */
    public void setBreakerMaxBackoffMillis(long v) {
        breakerMaxBackoffMillis = v;
    }

    /** The {@code application} field of every document, and the driver's application name. */
    public void setApplication(String v) {
        application = v;
    }

    /** The sink's name in JMX and in its Micrometer meters' {@code sink} tag. */
    public void setName(String v) {
        name = v;
    }

    /**
     * The MDC keys copied, at {@code write} on the caller's thread, into the document's {@code trace} field
     * (default: {@code trace_id}, {@code span_id}, {@code trace_flags}, {@code traceId}, {@code spanId}: the
     * OpenTelemetry and Micrometer Tracing / Sleuth names). In Spring XML a comma-separated list.
     */
    public void setTraceContextKeys(String... keys) {
        traceContextKeys = keys == null ? Collections.<String>emptyList() : Arrays.asList(keys.clone());
    }

    /**
     * Checks every value and returns them as an immutable snapshot; the sink runs on the snapshot only, so
     * changing these settings afterwards changes nothing in a running sink.
     *
     * @throws IllegalArgumentException naming the first setting that is wrong
     */
    public MongoSinkConfig toConfig() {
        validate();
        return new MongoSinkConfig(connectionString.trim(), parsedConnectionString(), databaseName(), collection,
                parsedWriteConcern(), maxPoolSize, serverSelectionTimeoutMillis, waitQueueTimeoutMillis,
                connectTimeoutMillis, socketTimeoutMillis, maxPayloadBytes, ttlDays, cappedSizeBytes, createIndexes,
                queueCapacity, queueMaxBytes, batchSize, dropPolicy, blockTimeoutMillis, shutdownGraceMillis,
                warnEveryDrops, breakerInitialBackoffMillis, breakerMaxBackoffMillis, application, name,
                traceContextKeys);
    }

    private ConnectionString parsedConnectionString() {
        if (connectionString == null || connectionString.trim().isEmpty()) {
            throw new IllegalArgumentException("mongo sink: connectionString is required");
        }
        try {
            return new ConnectionString(connectionString.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("mongo sink: connectionString is not a MongoDB connection string: "
                    + e.getMessage(), e);
        }
    }

    /** The database: set, or the connection string's, or {@code logs}. */
    private String databaseName() {
        if (database != null && !database.trim().isEmpty()) {
            return database.trim();
        }
        String fromUri = parsedConnectionString().getDatabase();
        return fromUri != null ? fromUri : "logs";
    }

    /** The write concern these settings describe. */
    private WriteConcern parsedWriteConcern() {
        String w = writeConcern == null ? "" : writeConcern.trim();
        WriteConcern wc;
        if (w.equalsIgnoreCase("majority")) {
            wc = WriteConcern.MAJORITY;
        } else {
            try {
                int n = Integer.parseInt(w);
                if (n < 0) {
                    throw new NumberFormatException();
                }
                wc = new WriteConcern(n);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("mongo sink: writeConcern must be a number or 'majority', was '"
                        + writeConcern + "'");
            }
        }
        wc = wc.withJournal(journal);
        return writeTimeoutMillis > 0 ? wc.withWTimeout(writeTimeoutMillis, TimeUnit.MILLISECONDS) : wc;
    }

    /** Checks every value; names the first bad one. */
    private void validate() {
        parsedConnectionString();
        parsedWriteConcern();
        CollectionNamer.validate(collection);
        positive("queueCapacity", queueCapacity);
        positive("queueMaxBytes", queueMaxBytes);
        positive("batchSize", batchSize);
        positive("maxPoolSize", maxPoolSize);
        positive("maxPayloadBytes", maxPayloadBytes);
        positive("breakerInitialBackoffMillis", breakerInitialBackoffMillis);
        positive("warnEveryDrops", warnEveryDrops);
        if (breakerMaxBackoffMillis < breakerInitialBackoffMillis) {
            throw new IllegalArgumentException("mongo sink: breakerMaxBackoffMillis must be >= breakerInitialBackoffMillis");
        }
        if (ttlDays < 0 || cappedSizeBytes < 0 || shutdownGraceMillis < 0 || blockTimeoutMillis < 0) {
            throw new IllegalArgumentException("mongo sink: ttlDays, cappedSizeBytes, shutdownGraceMillis and "
                    + "blockTimeoutMillis must not be negative");
        }
        if (dropPolicy == null) {
            throw new IllegalArgumentException("mongo sink: dropPolicy is required");
        }
        if (name == null || name.trim().isEmpty() || application == null) {
            throw new IllegalArgumentException("mongo sink: name and application are required");
        }
        for (String key : traceContextKeys) {
            if (key == null || key.trim().isEmpty()) {
                throw new IllegalArgumentException("mongo sink: traceContextKeys must not hold an empty key");
            }
        }
    }

    private static void positive(String name, long v) {
        if (v <= 0) {
            throw new IllegalArgumentException("mongo sink: " + name + " must be positive, was " + v);
        }
    }
}
