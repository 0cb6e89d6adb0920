package io.xmlformatter.jaxrs;

import io.xmlformatter.ValueDetector;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Value detectors and JSON paths on a real server and client over HTTP at 127.0.0.1, on the runtime of this class
 * path: a card number and an IBAN in a JSON body, the query and a header.
 */
class JaxRsValueDetectorsTest {
    private static final String CARD = "4111 1111 1111 1111";
    private static final String IBAN = "DE89370400440532013000";
    private static final JaxRsRuntime RUNTIME = JaxRsRuntime.current();
    private static final CollectingSink sink = new CollectingSink();
    private static AutoCloseable server;
    private static URI base;
    private static Client client;

    @BeforeAll
    static void start() throws Exception {
        XmlLoggingFeature logging = new XmlLoggingFeature(MessageLogger.builder().sink(sink)
                .detect(ValueDetector.cardNumbers(), ValueDetector.ibans())
                .anonymizeJson(List.of("$.customer.name")));
        base = URI.create("http://127.0.0.1:" + JaxRsRuntime.freePort() + "/");
        server = RUNTIME.serveShop(base, logging, logging);
        client = ClientBuilder.newClient().register(logging);
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        server.close();
    }

    @Test
    void cardsAndIbansAreMaskedInTheBodyQueryAndHeadersAndJsonByPath() throws Exception {
        String json = "{\"customer\":{\"name\":\"Ann\",\"iban\":\"" + IBAN + "\"},\"note\":\"paid with " + CARD
                + "\"}";
        try (Response r = client.target(base).path("shop/echo").queryParam("ref", CARD.replace(" ", ""))
                .request().header("X-Note", "card " + CARD).post(Entity.entity(json, MediaType.APPLICATION_JSON))) {
            assertEquals(200, r.getStatus());
            assertEquals(json, r.readEntity(String.class), "the wire is unchanged");
        }
        List<LogRecord> records = sink.await(4);
        for (LogRecord r : records) {
            String all = r.address() + " " + r.headers() + " " + r.payload();
            assertFalse(all.contains("4111") || all.contains("1111") || all.contains("3704") || all.contains("Ann"),
                    () -> RUNTIME.name() + " " + r.type() + ": " + all);
            assertTrue(r.payload().contains("\"note\":\"paid with [*****]\""), () -> r.type() + ": " + r.payload());
            assertTrue(r.payload().contains("\"name\":\"[*****]\""), () -> r.type() + ": " + r.payload());
        }
        for (MessageType t : new MessageType[] {MessageType.REQ_OUT, MessageType.REQ_IN}) {
            LogRecord r = records.stream().filter(x -> x.type() == t).findFirst().orElseThrow();
            assertTrue(r.address().endsWith("/shop/echo?ref=[*****]"), () -> t + ": " + r.address());
        }
    }
}
