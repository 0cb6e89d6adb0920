package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Value detectors set by name on the feature, on a real JAX-WS service and client over HTTP on 127.0.0.1. */
class ValueDetectorsTest {
    private static final String CARD = "4111 1111 1111 1111";
    private static final String IBAN = "DE89 3704 0044 0532 0130 00";
    private static final CollectingSink serverSink = new CollectingSink();
    private static final CollectingSink clientSink = new CollectingSink();
    private static CxfServer server;
    private static Bank client;

    private static XmlLoggingFeature feature(CollectingSink sink) {
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setSink(sink);
        f.setOptions(Map.of("masking.detect", "card-numbers,ibans"));
        f.setLimit(2048);
        return f;
    }

    @BeforeAll
    static void start() {
        server = new CxfServer(feature(serverSink));
        client = server.client(feature(clientSink));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clear() {
        serverSink.clear();
        clientSink.clear();
        CxfServer.httpHeaders(client, new TreeMap<>());
    }

    @Test
    void cardNumbersAndIbansAreMaskedInBodiesAndHeadersAndTheCallIsUnchanged() throws Exception {
        Map<String, List<String>> headers = new TreeMap<>();
        headers.put("X-Note", List.of("card " + CARD));
        CxfServer.httpHeaders(client, headers);
        String text = "paid with " + CARD + " from " + IBAN;
        assertEquals(text, client.echo(text), "logging never changes a call");
        List<LogRecord> records = new java.util.ArrayList<>(serverSink.await(2));
        records.addAll(clientSink.await(2));
        for (LogRecord r : records) {
            String p = r.payload();
            assertFalse(p.contains("4111") || p.contains("1111") || p.contains("3704") || p.contains("0532"),
                    r.type() + "\n" + p);
            assertTrue(p.contains("paid with [*****] from [*****]"), r.type() + "\n" + p);
            assertTrue(r.maskedCount() >= 2, r.type() + ": " + r.maskedCount());
        }
        LogRecord reqIn = serverSink.only(MessageType.REQ_IN);
        assertEquals(List.of("card [*****]"), reqIn.headers().get("X-Note"));
    }

    @Test
    void withAPseudonymKeyAFoundCardIsItsPseudonymOnBothSides() throws Exception {
        String key = "a-test-key-of-32-bytes-for-hmac!";
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature f = feature(sink);
        f.setOptions(Map.of("masking.pseudonym-key", key));
        XmlLoggingFeature c = feature(sink);
        c.setOptions(Map.of("masking.pseudonym-key", key));
        CxfServer keyed = new CxfServer(f);
        try {
            String text = "paid with " + CARD;
            assertEquals(text, keyed.client(c).echo(text), "logging never changes a call");
            String pseudonym = io.xmlformatter.Pseudonyms.keyed(key).of(CARD);
            for (LogRecord r : sink.await(4)) {
                assertTrue(r.payload().contains("paid with " + pseudonym), r.type() + "\n" + r.payload());
                assertFalse(r.toString().contains(key) || r.payload().contains("1111"), r.toString());
            }
        } finally {
            keyed.close();
        }
    }

    @Test
    void aCardCutByTheLimitShowsNoneOfItsDigits() throws Exception {
        for (int shift = 0; shift < 20; shift++) { // the limit falls at every place of a card
            clear();
            String text = "x".repeat(shift) + ("card " + CARD + " ").repeat(200);
            assertEquals(text, client.echo(text));
            List<LogRecord> records = new java.util.ArrayList<>(serverSink.await(2));
            records.addAll(clientSink.await(2));
            for (LogRecord r : records) {
                String p = r.payload();
                assertTrue(r.truncated(), r.type() + "\n" + p);
                assertFalse(p.contains("4111") || p.contains("1111") || p.matches("(?s).*card 4.*"),
                        shift + " " + r.type() + "\n" + p);
            }
        }
    }

    @Test
    void anUnknownDetectorNameIsRefusedWithTheNamesThereAre() {
        XmlLoggingFeature f = new XmlLoggingFeature();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> f.setOptions(Map.of("masking.detect", "cards")));
        assertTrue(e.getMessage().startsWith("detect (masking.detect): 'cards' is not accepted (no value detector named"
                + " 'cards'"), e.getMessage());
        assertTrue(e.getMessage().contains("card-numbers"), e.getMessage());
    }
}
