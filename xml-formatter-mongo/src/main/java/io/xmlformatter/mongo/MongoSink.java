package io.xmlformatter.mongo;

import com.mongodb.client.MongoClient;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.JsonLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Writes log records to MongoDB without ever blocking the thread that logs.
 *
 * <p>{@link #write} maps the record to a document ({@link DocumentMapper}, on the caller's thread, so the MDC's
 * trace context is the caller's) and offers it to a queue bounded by count and bytes ({@link RecordQueue}, which
 * applies the {@link DropPolicy}); that is all the caller's thread does (unless the policy is
 * {@link DropPolicy#BLOCK}). One daemon writer ({@link BatchWriter}) drains the queue in batches with unordered
 * {@code insertMany}; when MongoDB is unreachable its {@link CircuitBreaker} pauses it with a doubling backoff, the
 * queue absorbs what it can and the drop policy handles the rest; writing resumes by itself. Every record is
 * accounted for: {@code offered = written + dropped (every reason) + queued} ({@link #stats()}).
 *
 * <p>The sink runs on an immutable {@link MongoSinkConfig}. Nothing starts in the constructor: {@link #start()}
 * (or the first {@code write}) starts the writer thread and adds a JVM shutdown hook that closes a sink nobody
 * closed; the writer thread takes the client and registers the metrics (JMX
 * {@code io.xmlformatter:type=MongoSink,name=<name>}, and Micrometer meters when Micrometer is on the class path)
 * before it writes, so that none of it costs the thread that logs. One {@link MongoClient} per client configuration is
 * shared by all sinks in the class loader (or pass your own). {@link #close()} drains the queue for up to the grace
 * period and counts what is left.
 */
public final class MongoSink implements LogSink {
    private static final Logger LOG = LoggerFactory.getLogger(MongoSink.class);
    private static final Logger FALLBACK = LoggerFactory.getLogger("io.xmlformatter.mongo.fallback");
    private static final boolean MICROMETER = onClassPath("io.micrometer.core.instrument.Metrics");
    /** How long close waits for a writer that is still setting up (it does no I/O: this is a safety bound). */
    private static final long INITIALISATION_WAIT_SECONDS = 10;

    private final MongoSinkConfig config;
    private final MongoClient ownClient;
    private final CollectionNamer namer;
    private final DocumentMapper mapper;
    private final RecordQueue queue;
    private final CircuitBreaker breaker;
    private final Object lifecycle = new Object();
    private final CountDownLatch initialised = new CountDownLatch(1);
    private final MongoSinkJmx jmx = new MongoSinkJmx(this);
    private volatile Thread writerThread;
    private volatile Thread shutdownHook;
    private volatile Running running;
    private volatile boolean closed;

    /** What the writer thread set up before it began to write; {@link #close()} takes it down. */
    private static final class Running {
        final BatchWriter writer;
        final boolean sharedClient;
        final AutoCloseable meters;

        Running(BatchWriter writer, boolean sharedClient, AutoCloseable meters) {
            this.writer = writer;
            this.sharedClient = sharedClient;
            this.meters = meters;
        }
    }

    /**
     * A sink on the shared client of the settings' client configuration.
     *
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public MongoSink(MongoSinkSettings settings) {
        this(settings.toConfig(), null);
    }

    /**
     * A sink on a client the application owns (a Spring bean, for example): it is not closed with the sink.
     *
     * @param client the client, or null for the shared client of the settings' client configuration
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public MongoSink(MongoSinkSettings settings, MongoClient client) {
        this(settings.toConfig(), client);
    }

    /**
     * A sink on a validated configuration.
     *
     * @param client the client, or null for the shared client of the configuration
     */
    public MongoSink(MongoSinkConfig config, MongoClient client) {
        this.config = config;
        this.ownClient = client;
        this.namer = new CollectionNamer(config.collection());
        this.mapper = new DocumentMapper(config, hostName());
        this.queue = new RecordQueue(config.queueCapacity(), config.queueMaxBytes(), config.dropPolicy(),
                config.blockTimeoutMillis());
        this.breaker = new CircuitBreaker(config.breakerInitialBackoffMillis(), config.breakerMaxBackoffMillis());
    }

    /** The configuration the sink runs on. */
    public MongoSinkConfig config() {
        return config;
    }

    /**
     * Starts the writer thread and adds the shutdown hook; the writer thread then takes the client and registers the
     * metrics before it writes, so neither costs the caller. Idempotent; the first {@link #write} calls it; after
     * {@link #close()} it does nothing.
     *
     * @return this sink
     */
    public MongoSink start() {
        if (writerThread != null) {
            return this;
        }
        synchronized (lifecycle) {
            if (writerThread == null && !closed) {
                Thread thread = new Thread(this::runWriter, "xml-formatter-mongo-writer-" + config.name());
                thread.setDaemon(true);
                Thread hook = new Thread(this::close, "xml-formatter-mongo-shutdown-" + config.name());
                shutdownHook = hook;
                writerThread = thread;
                Runtime.getRuntime().addShutdownHook(hook);
                thread.start();
            }
        }
        return this;
    }

    /** The writer thread: sets up what writing needs, then writes until the sink is closed. */
    private void runWriter() {
        BatchWriter writer;
        try {
            MongoClient client = ownClient != null ? ownClient : MongoClientRegistry.acquire(config);
            writer = new BatchWriter(queue, breaker,
                    client.getDatabase(config.database()).withWriteConcern(config.writeConcern()), config);
            jmx.register(config.name());
            running = new Running(writer, ownClient == null, meters());
        } catch (RuntimeException | LinkageError e) {
            LOG.error("mongo sink '{}' could not start; records queue and are dropped by the policy", config.name(),
                    e);
            return;
        } finally {
            initialised.countDown();
        }
        writer.run();
    }

    /** The Micrometer meters, or null without Micrometer; a registry that fails costs the meters, not the sink. */
    private AutoCloseable meters() {
        if (!MICROMETER) {
            return null;
        }
        try {
            return MicrometerMeters.bind(this, config.name());
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("mongo sink '{}': Micrometer meters not registered: {}", config.name(), e.toString());
            return null;
        }
    }

    /** Waits until the started writer thread has taken its client and registered the metrics (for tests). */
    boolean awaitInitialised(long timeout, TimeUnit unit) throws InterruptedException {
        return initialised.await(timeout, unit);
    }

    /** Offers the record; never throws, never waits (unless the policy is {@link DropPolicy#BLOCK}). */
    @Override
    public void write(LogRecord record) {
        if (writerThread == null && !closed) {
            start();
        }
        if (isRecursive()) {
            queue.countDropped(DropReason.RECURSION);
            return;
        }
        DropReason drop = queue.offer(new RecordQueue.Item(namer.nameFor(record), mapper.toDocument(record),
                mapper.estimateBytes(record)));
        if (drop == DropReason.FALLBACK_LOGGED) {
            FALLBACK.warn(JsonLayout.INSTANCE.format(record));
        }
        if (drop != null) {
            warnEvery();
        }
    }

    private void warnEvery() {
        MongoSinkStats stats = queue.stats();
        if (stats.dropped() % config.warnEveryDrops() == 0) {
            LOG.warn("mongo sink '{}': {} records dropped so far ({}); breaker {}, last error: {}", config.name(),
                    stats.dropped(), stats, breaker.state(), lastError());
        }
    }

    /** The writer thread, or one of the driver's own threads: their records would log the logging. */
    private boolean isRecursive() {
        Thread t = Thread.currentThread();
        String name = t.getName();
        return t == writerThread || name.startsWith("cluster-") || name.startsWith("MaintenanceTimer");
    }

    /**
     * Waits until everything offered so far is written or dropped (the queue is empty and no batch is in flight).
     *
     * @return false when the timeout passed first
     */
    public boolean awaitDrained(long timeout, TimeUnit unit) throws InterruptedException {
        return queue.awaitDrained(unit.toNanos(timeout));
    }

    /**
     * Stops taking records, lets the writer drain the queue for up to the grace period, counts what is left as
     * dropped ({@link DropReason#SHUTDOWN}), unregisters the metrics and releases the client. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
        }
        queue.close(TimeUnit.MILLISECONDS.toNanos(config.shutdownGraceMillis()));
        if (writerThread == null) {
            return;
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // the JVM is exiting: the hook is running or will run, and finds the sink closed
            }
        }
        try {
            if (!initialised.await(INITIALISATION_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("mongo sink '{}' closed before its writer had started", config.name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Running r = running;
        jmx.unregister();
        if (r != null && r.meters != null) {
            try {
                r.meters.close();
            } catch (Exception e) {
                LOG.warn("mongo sink '{}': meters not removed: {}", config.name(), e.toString());
            }
        }
        if (r != null && r.sharedClient) {
            MongoClientRegistry.release(config);
        }
        long lost = queue.stats().dropped(DropReason.SHUTDOWN);
        if (lost > 0) {
            LOG.warn("mongo sink '{}' closed: {} records could not be written in time", config.name(), lost);
        }
    }

    /** A consistent snapshot of the counters. */
    public MongoSinkStats stats() {
        return queue.stats();
    }

    /** The circuit breaker's state. */
    public BreakerState breakerState() {
        return breaker.state();
    }

    /** The last error MongoDB reported (or a collection problem), or null. */
    public String lastError() {
        Running r = running;
        return r == null ? null : r.writer.lastError();
    }

    /** How long the last {@code insertMany} took, in ms. */
    public double lastWriteMillis() {
        Running r = running;
        return r == null ? 0 : r.writer.lastWriteMillis();
    }

    /**
     * Where records go, for a startup line: {@code mongodb bank.soap_log via the application's MongoClient}, or
     * {@code ... via its own client to host:port} (never the connection string's credentials).
     */
    @Override
    public String toString() {
        return "mongodb " + config.database() + "." + config.collection() + (ownClient != null
                ? " via the application's MongoClient"
                : " via its own client to " + String.join(",", config.parsedConnectionString().getHosts()));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }

    private static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, MongoSink.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
