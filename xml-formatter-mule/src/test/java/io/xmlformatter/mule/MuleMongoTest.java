package io.xmlformatter.mule;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mule.embedded.EmbeddedMule;
import io.xmlformatter.testsupport.TestMongoServer;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The classic Mule + MongoDB failure (one Mongo client per connector object, pool exhaustion at 50 concurrent
 * requests), replayed: two Mule flows receive HTTP POSTs and log each through one shared Mongo sink bean to a
 * real MongoDB-wire server (FerretDB), under 50 concurrent clients.
 */
@Tag("slow") // a real server process or an embedded Mule; skipped by -Dfast
class MuleMongoTest {
    private static final int CLIENTS = 50;
    private static final int REQUESTS_PER_CLIENT = 24;
    private static final String SECRET = "p4ss-w0rd";

    @Test
    void fiftyConcurrentClientsThousandsOfRequestsNoFailureEveryRecordStored() throws Exception {
        try (TestMongoServer mongo = TestMongoServer.start()) {
            int port = TestMongoServer.freePort();
            Map<String, String> properties = new HashMap<>();
            properties.put("port", String.valueOf(port));
            properties.put("mongo.uri", mongo.uri);
            properties.put("mongo.database", "mule_" + port);
            EmbeddedMule mule = EmbeddedMule.start("mule-mongo.xml", properties);
            MongoSink sink;
            List<Integer> statuses = new ArrayList<>();
            try {
                sink = mule.bean("mongoSink", MongoSink.class);
                ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
                List<Future<List<Integer>>> results = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    results.add(clients.submit((Callable<List<Integer>>) () -> {
                        List<Integer> s = new ArrayList<>();
                        for (int i = 0; i < REQUESTS_PER_CLIENT; i++) {
                            s.add(post(port, i % 2 == 0 ? "/orders" : "/payments", client, i));
                        }
                        return s;
                    }));
                }
                for (Future<List<Integer>> f : results) {
                    statuses.addAll(f.get(5, TimeUnit.MINUTES));
                }
                clients.shutdown();
                assertTrue(sink.awaitDrained(2, TimeUnit.MINUTES), sink.stats().toString());
            } finally {
                mule.close();
            }

            int total = CLIENTS * REQUESTS_PER_CLIENT;
            assertEquals(total, statuses.size());
            assertEquals(total, statuses.stream().filter(s -> s == 200).count(), "0 failed requests");
            assertEquals(0, sink.stats().dropped(), sink.stats().toString());
            try (MongoClient inspector = MongoClients.create(mongo.uri)) {
                MongoCollection<Document> log = inspector.getDatabase("mule_" + port).getCollection("soap_log");
                assertEquals(total, log.countDocuments(), "every record is in the database");
                assertEquals(total / 2, log.countDocuments(new Document("attributes.flowName", "orders")));
                assertEquals(total / 2, log.countDocuments(new Document("attributes.flowName", "payments")));
                Document one = log.find(new Document("attributes.flowName", "orders")).first();
                String payload = one.getString("payload");
                assertTrue(payload.contains("<wsse:Password>[*****]</wsse:Password>"), payload);
                assertFalse(payload.contains(SECRET), payload);
                assertTrue(one.get("attributes", Document.class).containsKey(MuleXmlLogging.MESSAGE_ID));
            }
        }
    }

    private static int post(int port, String path, int client, int i) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + path).openConnection();
        c.setDoOutput(true);
        c.setRequestMethod("POST");
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        String body = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                + "<wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-"
                + "secext-1.0.xsd\"><wsse:UsernameToken><wsse:Username>client-" + client + "</wsse:Username>"
                + "<wsse:Password>" + SECRET + "</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>"
                + "<soap:Body><order id=\"" + client + "-" + i + "\"><item>tea</item></order></soap:Body>"
                + "</soap:Envelope>";
        try (OutputStream os = c.getOutputStream()) {
            os.write(body.getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        try (InputStream is = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
            while (is != null && is.read() >= 0) {
                // drain, so the connection is reused
            }
        }
        return status;
    }
}
