package io.xmlformatter.mongo;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;

import java.util.ArrayList;
import java.util.List;

/**
 * A sink's meters in Micrometer's global registry (which Spring Boot and most Micrometer set-ups feed), tagged
 * {@code sink=<name>}: {@code xmlformatter.mongo.offered}, {@code .written}, {@code .batches},
 * {@code .dropped} (one counter per {@code reason}), {@code .queue.depth}, {@code .queue.bytes} and
 * {@code .breaker.open}. Loaded only when Micrometer is on the class path (the sink checks).
 */
final class MicrometerMeters implements AutoCloseable {
    private final MeterRegistry registry = Metrics.globalRegistry;
    private final List<Meter> meters = new ArrayList<>();

    private MicrometerMeters(MongoSink sink, String name) {
        Tags tags = Tags.of("sink", name);
        meters.add(FunctionCounter.builder("xmlformatter.mongo.offered", sink, s -> s.stats().offered).tags(tags)
                .description("records offered to the sink").register(registry));
        meters.add(FunctionCounter.builder("xmlformatter.mongo.written", sink, s -> s.stats().written).tags(tags)
                .description("records written to MongoDB").register(registry));
        meters.add(FunctionCounter.builder("xmlformatter.mongo.batches", sink, s -> s.stats().batches).tags(tags)
                .description("insertMany batches written").register(registry));
        for (DropReason reason : DropReason.values()) {
            meters.add(FunctionCounter.builder("xmlformatter.mongo.dropped", sink, s -> s.stats().dropped(reason))
                    .tags(tags.and("reason", reason.name())).description("records not written, by reason")
                    .register(registry));
        }
        meters.add(Gauge.builder("xmlformatter.mongo.queue.depth", sink, s -> s.stats().queued).tags(tags)
                .description("records queued or being written").register(registry));
        meters.add(Gauge.builder("xmlformatter.mongo.queue.bytes", sink, s -> s.stats().queuedBytes).tags(tags)
                .description("estimated bytes queued").baseUnit("bytes").register(registry));
        meters.add(Gauge.builder("xmlformatter.mongo.breaker.open", sink,
                s -> s.breakerState() == BreakerState.OPEN ? 1 : 0).tags(tags)
                .description("1 while MongoDB is unavailable").register(registry));
    }

    /** Registers the sink's meters; call only when Micrometer is on the class path. */
    static AutoCloseable bind(MongoSink sink, String name) {
        return new MicrometerMeters(sink, name);
    }

    /** Removes the meters from the registry. */
    @Override
    public void close() {
        for (Meter m : meters) {
            registry.remove(m);
        }
        meters.clear();
    }
}
