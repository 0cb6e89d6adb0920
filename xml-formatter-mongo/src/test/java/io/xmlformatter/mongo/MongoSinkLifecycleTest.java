package io.xmlformatter.mongo;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sink's life without a server (MongoDB unreachable: 127.0.0.1:1): nothing starts in the constructor, the
 * configuration is a snapshot, the fallback policy logs the record, the meters count, close accounts for all.
 */
class MongoSinkLifecycleTest {
    private static MongoSinkSettings unreachable(String name) {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setConnectionString("mongodb://127.0.0.1:1/");
        s.setServerSelectionTimeoutMillis(100);
        s.setShutdownGraceMillis(0);
        s.setName(name);
        return s;
    }

    private static boolean writerThreadRuns(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("xml-formatter-mongo-writer-" + name));
    }

    @Test
    void itSaysWhereRecordsGoWithoutTheCredentials() {
        MongoSinkSettings s = unreachable("described");
        s.setConnectionString("mongodb://app:s3cret@127.0.0.1:1,127.0.0.1:2/bank");
        try (MongoSink sink = new MongoSink(s)) {
            assertEquals("mongodb bank.soap_log via its own client to 127.0.0.1:1,127.0.0.1:2", sink.toString());
        }
        s.setCollection("audit_{yyyyMM}");
        try (com.mongodb.client.MongoClient client = com.mongodb.client.MongoClients.create("mongodb://127.0.0.1:1/");
                MongoSink sink = new MongoSink(s, client)) {
            assertEquals("mongodb bank.audit_{yyyyMM} via the application's MongoClient", sink.toString());
        }
    }

    @Test
    void theConstructorStartsNothingAndStartOrTheFirstWriteStartsEverything() throws Exception {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        ObjectName bean = new ObjectName("io.xmlformatter:type=MongoSink,name=\"lifecycle\"");
        int clients = MongoClientRegistry.openClients();
        try (MongoSink sink = new MongoSink(unreachable("lifecycle"))) {
            assertFalse(writerThreadRuns("lifecycle"));
            assertFalse(jmx.isRegistered(bean));
            assertEquals(clients, MongoClientRegistry.openClients());
            sink.write(Records.record(1));
            assertTrue(writerThreadRuns("lifecycle"), "the first write starts the writer thread");
            assertTrue(sink.awaitInitialised(10, TimeUnit.SECONDS), "which takes the client and registers JMX");
            assertTrue(jmx.isRegistered(bean));
            assertEquals(clients + 1, MongoClientRegistry.openClients());
            assertEquals(sink, sink.start(), "start is idempotent");
        }
        assertFalse(jmx.isRegistered(bean));
        assertEquals(clients, MongoClientRegistry.openClients());
    }

    @Test
    void aSinkClosedBeforeItStartedNeverStartsAndCountsWhatItIsGiven() {
        MongoSink sink = new MongoSink(unreachable("never-started"));
        sink.close();
        sink.write(Records.record(1));
        assertFalse(writerThreadRuns("never-started"));
        assertEquals(1, sink.stats().dropped(DropReason.SHUTDOWN));
        assertTrue(sink.stats().balanced());
    }

    @Test
    void changingTheSettingsLaterChangesNothingInTheRunningSink() {
        MongoSinkSettings s = unreachable("snapshot");
        s.setBatchSize(10);
        try (MongoSink sink = new MongoSink(s)) {
            s.setBatchSize(999);
            s.setName("other");
            assertEquals(10, sink.config().batchSize());
            assertEquals("snapshot", sink.config().name());
        }
    }

    @Test
    void badSettingsFailWhenTheSinkIsMadeNamingTheSetting() {
        MongoSinkSettings s = unreachable("bad");
        s.setTraceContextKeys("trace_id", " ");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MongoSink(s));
        assertTrue(e.getMessage().contains("traceContextKeys"), e.getMessage());
    }

    @Test
    void theFallbackPolicyLogsTheRecordAsJsonWhenTheQueueIsFull() throws Exception {
        Logger fallback = (Logger) LoggerFactory.getLogger("io.xmlformatter.mongo.fallback");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        fallback.addAppender(logged);
        MongoSinkSettings s = unreachable("fallback");
        s.setDropPolicy(DropPolicy.FALLBACK_SLF4J);
        s.setQueueCapacity(1);
        try (MongoSink sink = new MongoSink(s)) {
            for (int i = 0; i < 5; i++) {
                sink.write(Records.record(i));
            }
            MongoSinkStats st = sink.stats();
            assertEquals(4, st.dropped(DropReason.FALLBACK_LOGGED), st.toString());
            assertEquals(4, logged.list.size());
            assertTrue(logged.list.get(0).getFormattedMessage().startsWith("{"), "one JSON line");
            assertTrue(logged.list.get(3).getFormattedMessage().contains("\"exchangeId\":\"ex-4\""));
        } finally {
            fallback.detachAppender(logged);
        }
    }

    @Test
    void theBreakerOpensWhileMongoIsUnreachableAndCloseCountsWhatIsLeft() throws Exception {
        MongoSink sink = new MongoSink(unreachable("breaker"));
        sink.write(Records.record(1));
        sink.write(Records.record(2));
        assertFalse(sink.awaitDrained(300, TimeUnit.MILLISECONDS), "nothing can be written");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (sink.breakerState() != BreakerState.OPEN && System.nanoTime() < deadline) {
            Thread.onSpinWait(); // the writer's first attempt ends after the 100 ms server selection timeout
        }
        assertEquals(BreakerState.OPEN, sink.breakerState());
        assertTrue(sink.lastError().contains("Timeout"), sink.lastError());
        sink.close();
        MongoSinkStats st = sink.stats();
        assertEquals(0, st.written);
        assertEquals(2, st.dropped(DropReason.SHUTDOWN), st.toString());
        assertTrue(st.balanced());
    }

    @Test
    void micrometerMetersCountWhatTheSinkDoes() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Metrics.addRegistry(registry);
        MongoSinkSettings s = unreachable("meters");
        s.setQueueCapacity(1);
        try (MongoSink sink = new MongoSink(s)) {
            for (int i = 0; i < 3; i++) {
                sink.write(Records.record(i));
            }
            assertTrue(sink.awaitInitialised(10, TimeUnit.SECONDS), "the writer registered the meters");
            assertEquals(3.0, registry.get("xmlformatter.mongo.offered").tag("sink", "meters").functionCounter()
                    .count());
            assertEquals(2.0, registry.get("xmlformatter.mongo.dropped").tag("sink", "meters")
                    .tag("reason", "QUEUE_FULL").functionCounter().count());
            assertEquals(1.0, registry.get("xmlformatter.mongo.queue.depth").tag("sink", "meters").gauge().value());
        } finally {
            Metrics.removeRegistry(registry);
        }
        assertNull(Metrics.globalRegistry.find("xmlformatter.mongo.offered").tag("sink", "meters")
                .functionCounter(), "removed on close");
    }
}
