package io.xmlformatter.mongo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;

/**
 * A sink's metrics on JMX, as {@code io.xmlformatter:type=MongoSink,name=<name>}: registered when the sink starts,
 * unregistered when it closes. Reads the sink; the sink knows nothing of JMX.
 */
final class MongoSinkJmx implements MongoSinkMXBean {
    private static final Logger LOG = LoggerFactory.getLogger(MongoSink.class);

    private final MongoSink sink;
    private ObjectName name;

    MongoSinkJmx(MongoSink sink) {
        this.sink = sink;
    }

    /** Registers the bean; a name taken by another sink, or a JMX failure, gives a warning. */
    void register(String sinkName) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            ObjectName on = new ObjectName("io.xmlformatter:type=MongoSink,name=" + ObjectName.quote(sinkName));
            if (server.isRegistered(on)) {
                LOG.warn("mongo sink '{}': another sink has this JMX name; give each sink its own name", sinkName);
                return;
            }
            server.registerMBean(this, on);
            name = on;
        } catch (JMException | RuntimeException e) {
            LOG.warn("mongo sink '{}': JMX registration failed: {}", sinkName, e.toString());
        }
    }

    void unregister() {
        if (name != null) {
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
            } catch (JMException e) {
                LOG.debug("mongo sink JMX bean {} already gone: {}", name, e.toString());
            }
            name = null;
        }
    }

    @Override
    public long getOffered() {
        return sink.stats().offered;
    }

    @Override
    public long getWritten() {
        return sink.stats().written;
    }

    @Override
    public long getBatches() {
        return sink.stats().batches;
    }

    @Override
    public long getDropped() {
        return sink.stats().dropped();
    }

    @Override
    public long getDroppedQueueFull() {
        return sink.stats().dropped(DropReason.QUEUE_FULL);
    }

    @Override
    public long getDroppedOldest() {
        return sink.stats().dropped(DropReason.DROPPED_OLDEST);
    }

    @Override
    public long getDroppedBlockTimeout() {
        return sink.stats().dropped(DropReason.BLOCK_TIMEOUT);
    }

    @Override
    public long getFallbackLogged() {
        return sink.stats().dropped(DropReason.FALLBACK_LOGGED);
    }

    @Override
    public long getDroppedRejected() {
        return sink.stats().dropped(DropReason.REJECTED);
    }

    @Override
    public long getDroppedShutdown() {
        return sink.stats().dropped(DropReason.SHUTDOWN);
    }

    @Override
    public long getDroppedRecursion() {
        return sink.stats().dropped(DropReason.RECURSION);
    }

    @Override
    public long getQueueDepth() {
        return sink.stats().queued;
    }

    @Override
    public long getQueueBytes() {
        return sink.stats().queuedBytes;
    }

    @Override
    public double getLastWriteMillis() {
        return sink.lastWriteMillis();
    }

    @Override
    public String getLastError() {
        return sink.lastError();
    }

    @Override
    public String getBreakerState() {
        return sink.breakerState().name();
    }
}
