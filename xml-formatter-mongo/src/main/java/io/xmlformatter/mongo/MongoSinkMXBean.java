package io.xmlformatter.mongo;

import io.xmlformatter.Experimental;

/**
 * The sink's metrics and health over JMX, under {@code io.xmlformatter:type=MongoSink,name=<name>}.
 * Invariant: offered = written + dropped (every reason) + queued.
 */
@Experimental
public interface MongoSinkMXBean {
    /** Records offered. */
    long getOffered();

    /** Records written (a duplicate key on a retry counts as written). */
    long getWritten();

    /** insertMany calls that completed. */
    long getBatches();

    /** Records not written, all reasons. */
    long getDropped();

    /** Records dropped because the queue was full. */
    long getDroppedQueueFull();

    /** Records dropped to make room for newer ones. */
    long getDroppedOldest();

    /** Records dropped after waiting for room. */
    long getDroppedBlockTimeout();

    /** Records written to SLF4J instead. */
    long getFallbackLogged();

    /** Records MongoDB refused. */
    long getDroppedRejected();

    /** Records dropped at shutdown. */
    long getDroppedShutdown();

    /** Records offered by the sink's own or the driver's threads. */
    long getDroppedRecursion();

    /** Records queued or being written. */
    long getQueueDepth();

    /** Estimated bytes of the queued records. */
    long getQueueBytes();

    /** Duration of the last insertMany, in milliseconds. */
    double getLastWriteMillis();

    /** The last write error, or null. */
    String getLastError();

    /** CLOSED (writing), OPEN (waiting after failures) or HALF_OPEN (trying again). */
    String getBreakerState();
}
