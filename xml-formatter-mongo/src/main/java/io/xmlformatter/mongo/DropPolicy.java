package io.xmlformatter.mongo;

/** What {@link MongoSink#write} does when the queue is full. It never waits unless the policy is {@link #BLOCK}. */
public enum DropPolicy {
    /** Drop the record being offered (the default). */
    DROP_NEWEST,
    /** Drop the oldest queued record to make room. */
    DROP_OLDEST,
    /** Wait up to {@code blockTimeoutMillis} for room, then drop the record. */
    BLOCK,
    /** Write the record to SLF4J (logger {@code io.xmlformatter.mongo.fallback}, JSON) instead. */
    FALLBACK_SLF4J
}
