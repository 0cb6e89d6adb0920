package io.xmlformatter.spring.boot;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.testsupport.TestMongoServer;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code xmlformatter.sink=mongo} in a Boot application against the project's MongoDB-wire server: through the
 * application's own {@code MongoClient} (Boot's, from {@code spring.mongodb.uri}) with no second client, or, with
 * none, through one client of its own; drained when the context closes.
 */
class MongoSinkApplicationTest {
    /** Boot 4's and Boot 3's MongoDB auto-configuration: the one on the class path is left out where asked. */
    private static final String[] MONGO_AUTO_CONFIGURATIONS = {
        "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration",
        "org.springframework.boot.autoconfigure.mongo.MongoAutoConfiguration"};
    private static TestMongoServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = TestMongoServer.start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void recordsGoThroughTheApplicationsMongoClientAndNoOtherClientIsMade() throws Exception {
        String database = database();
        try (ConfigurableApplicationContext context = start(database, "spring.mongodb.uri=" + server.uri,
                "spring.data.mongodb.uri=" + server.uri)) {
            MongoClient client = context.getBean(MongoClient.class);
            Exchanges.serve(context.getBean(MessageLogger.class), "<order><card>4111</card></order>", "<ok/>", 200);
            assertThat(context.getBean(MongoSink.class).awaitDrained(30, TimeUnit.SECONDS)).isTrue();

            MongoCollection<Document> records = client.getDatabase(database).getCollection("records");
            assertThat(records.countDocuments()).isEqualTo(2);
            Document request = records.find(new Document("type", "REQ_IN")).first();
            assertThat(request.getString("payload")).isEqualTo("<order><card>[*****]</card></order>");
            assertThat(request.getString("application")).isEqualTo("shop");
            assertThat(mongoClients()).isEqualTo(1);
        }
    }

    @Test
    void withoutAClientBeanTheSinkMakesOneAndDrainsWhenTheContextCloses() throws Exception {
        String database = database();
        try (ConfigurableApplicationContext context = start(database, "xmlformatter.mongo.uri=" + server.uri,
                "spring.autoconfigure.exclude=" + presentMongoAutoConfiguration())) {
            assertThat(context.getBeanNamesForType(MongoClient.class)).isEmpty();
            MessageLogger logger = context.getBean(MessageLogger.class);
            for (int i = 0; i < 50; i++) {
                Exchanges.serve(logger, "<order><card>4111</card></order>", "<ok/>", 200);
            }
        }
        try (MongoClient reader = MongoClients.create(server.uri)) {
            assertThat(reader.getDatabase(database).getCollection("records").countDocuments()).isEqualTo(100);
        }
    }

    @Test
    void theSinksHealthAndMetersOverTheActuator() throws Exception {
        try (ConfigurableApplicationContext context = startWeb(database(), "xmlformatter.mongo.uri=" + server.uri)) {
            Exchanges.serve(context.getBean(MessageLogger.class), "<a/>", "<b/>", 200);
            assertThat(context.getBean(MongoSink.class).awaitDrained(30, TimeUnit.SECONDS)).isTrue();
            HttpResponse<String> health = actuator(context, "health/xmlFormatterMongo");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UP\"").contains("\"written\":2");
            // the sink's meters (Micrometer's global registry, which Boot feeds) and the logger's
            assertThat(actuator(context, "metrics/xmlformatter.mongo.written").body()).contains("\"value\":2.0");
            assertThat(actuator(context, "metrics/xmlformatter.held.bytes").statusCode()).isEqualTo(200);
        }
        String nowhere = "mongodb://127.0.0.1:" + TestMongoServer.freePort() + "/";
        try (ConfigurableApplicationContext context = startWeb(database(), "xmlformatter.mongo.uri=" + nowhere)) {
            Exchanges.serve(context.getBean(MessageLogger.class), "<a/>", "<b/>", 200);
            HttpResponse<String> health = whenTheBreakerHasOpened(context);
            // by default an unreachable log store does not take the service out of rotation
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UNKNOWN\"");
            assertThat(actuator(context, "health").statusCode()).isEqualTo(200);
        }
        try (ConfigurableApplicationContext context = startWeb(database(), "xmlformatter.mongo.uri=" + nowhere,
                "xmlformatter.mongo.breaker-open-status=out-of-service")) {
            Exchanges.serve(context.getBean(MessageLogger.class), "<a/>", "<b/>", 200);
            HttpResponse<String> health = whenTheBreakerHasOpened(context);
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("\"status\":\"OUT_OF_SERVICE\"");
            assertThat(actuator(context, "health").statusCode()).isEqualTo(503);
        }
    }

    /** The sink's health once its breaker has opened (after the first write has timed out). */
    private static HttpResponse<String> whenTheBreakerHasOpened(ConfigurableApplicationContext context)
            throws Exception {
        HttpResponse<String> health = actuator(context, "health/xmlFormatterMongo");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!health.body().contains("\"breaker\":\"OPEN\"") && System.nanoTime() < deadline) {
            health = actuator(context, "health/xmlFormatterMongo");
        }
        assertThat(health.body()).contains("\"breaker\":\"OPEN\"");
        return health;
    }

    private static HttpResponse<String> actuator(ConfigurableApplicationContext context, String path)
            throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port")
                + "/actuator/" + path);
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static ConfigurableApplicationContext startWeb(String database, String... more) {
        return builder(database, WebApplicationType.SERVLET).properties("server.address=127.0.0.1", "server.port=0",
                "management.endpoint.health.show-details=always",
                "management.endpoints.web.exposure.include=health,metrics",
                "spring.autoconfigure.exclude=" + presentMongoAutoConfiguration()).properties(more).run();
    }

    private static ConfigurableApplicationContext start(String database, String... more) {
        return builder(database, WebApplicationType.NONE).properties(more).run();
    }

    private static SpringApplicationBuilder builder(String database, WebApplicationType web) {
        return new SpringApplicationBuilder(Application.class).web(web)
                .properties("spring.main.banner-mode=off", "spring.application.name=shop", "xmlformatter.sink=mongo",
                        "xmlformatter.masking.element-names=card", "xmlformatter.mongo.database=" + database,
                        "xmlformatter.mongo.collection=records");
    }

    private static String database() {
        return "boot_" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String presentMongoAutoConfiguration() {
        for (String c : MONGO_AUTO_CONFIGURATIONS) {
            if (ClassUtils.isPresent(c, null)) {
                return c;
            }
        }
        throw new IllegalStateException("no MongoDB auto-configuration on the class path");
    }

    /** The MongoClients open in this JVM: each runs monitor threads named after its own cluster id. */
    private static long mongoClients() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("cluster-ClusterId{")).map(n -> n.substring(0, n.indexOf('}') + 1))
                .distinct().count();
    }

    /** An application with no web server and nothing about logging. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }
}
