package io.xmlformatter.mongo;

import io.xmlformatter.Experimental;

/** Why a record offered to the sink was not written to MongoDB. Each reason has its own counter. */
@Experimental
public enum DropReason {
    /** The queue was full (count or bytes) and the policy is to drop the newest record. */
    QUEUE_FULL,
    /** The queue was full and the oldest queued record made room for the newest. */
    DROPPED_OLDEST,
    /** The queue stayed full for the whole blocking timeout. */
    BLOCK_TIMEOUT,
    /** The queue was full and the record went to SLF4J instead (it is in the logs, not in MongoDB). */
    FALLBACK_LOGGED,
    /** MongoDB refused the document (a write error other than a duplicate key). */
    REJECTED,
    /** The sink was closing or closed, or the grace period ended with the record still queued. */
    SHUTDOWN,
    /** Offered from the sink's own writer or the driver's threads: logging about logging is not written. */
    RECURSION
}
