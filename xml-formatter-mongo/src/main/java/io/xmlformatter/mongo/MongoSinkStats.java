package io.xmlformatter.mongo;

import io.xmlformatter.Experimental;

/** A Mongo sink's counters at one moment, taken together: {@code offered = written + dropped + queued}. */
@Experimental
public final class MongoSinkStats {
    /** Records offered. */
    public final long offered;
    /** Records written. */
    public final long written;
    private final long[] dropped;
    /** Records queued or being written. */
    public final long queued;
    /** Estimated bytes of the records waiting in the queue. */
    public final long queuedBytes;
    /** Batches written. */
    public final long batches;

    MongoSinkStats(long offered, long written, long[] dropped, long queued, long queuedBytes, long batches) {
        this.offered = offered;
        this.written = written;
        this.dropped = dropped;
        this.queued = queued;
        this.queuedBytes = queuedBytes;
        this.batches = batches;
    }

    /** Records dropped for {@code reason}. */
    @SuppressWarnings("EnumOrdinal") // the counters are a fixed array indexed by reason
    public long dropped(DropReason reason) {
        return dropped[reason.ordinal()];
    }

    /** Records dropped for any reason. */
    public long dropped() {
        long n = 0;
        for (long c : dropped) {
            n += c;
        }
        return n;
    }

    /** offered = written + dropped + queued. */
    public boolean balanced() {
        return offered == written + dropped() + queued;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("offered=").append(offered).append(" written=").append(written)
                .append(" queued=").append(queued);
        for (DropReason r : DropReason.values()) {
            if (dropped(r) > 0) {
                sb.append(' ').append(r).append('=').append(dropped(r));
            }
        }
        return sb.toString();
    }
}
