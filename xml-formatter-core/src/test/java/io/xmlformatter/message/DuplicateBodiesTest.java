package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.DeduplicatingSink;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The duplicate option decides before rendering: a proxy's body, in and then out within one correlation id, is
 * rendered once; a body differing by one byte, or logged under another rule's masking, is logged in full.
 */
class DuplicateBodiesTest {
    private static final String ORDER = "<order><card>4111 1111 1111 1111</card><item>book</item></order>";
    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger logger = MessageLogger.builder().sink(records::add).suppressDuplicates(true)
            .sensitiveElementNames(java.util.Set.of("card"))
            .rule(ExchangeMatch.any().operation("audited"), Map.of("masking.element-names", "item")).build();

    private static CapturedBody body(String text) {
        return CapturedBody.of(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A proxy: its server exchange takes {@code in}, its client exchange sends {@code out} on, same correlation. */
    private void proxy(String correlation, String operation, String in, String out) {
        LoggedExchange server = LoggedExchange.server(logger, name -> correlation, null, null);
        server.request(server.facts(MessageType.REQ_IN).contentType("text/xml").messageId("m1"), body(in));
        LoggedExchange client = LoggedExchange.client(logger, name -> null, null, null)
                .operation("Backend", operation, null, null, null);
        client.request(client.facts(MessageType.REQ_OUT).contentType("text/xml").messageId("m2"), body(out));
        client.response(client.facts(MessageType.RESP_IN).responseCode(200).contentType("text/xml")
                .messageId("m3"), body("<ok/>")).end();
        server.response(server.facts(MessageType.RESP_OUT).responseCode(200).contentType("text/xml")
                .messageId("m4"), body("<ok/>")).end();
    }

    private List<String> summary() {
        List<String> s = records.stream().map(r -> r.type() + " " + r.payload() + " "
                + r.attributes().get(DeduplicatingSink.DUPLICATE_OF)).collect(Collectors.toList());
        records.clear();
        return s;
    }

    @Test
    void aProxiedBodyIsRenderedOnceAndItsRepeatsNameTheFirst() {
        proxy("c-1", null, ORDER, ORDER);
        String masked = "<order><card>[*****]</card><item>book</item></order>";
        assertEquals(Arrays.asList("REQ_IN " + masked + " null", "REQ_OUT [SAME PAYLOAD AS REQ_IN m1] REQ_IN m1",
                "RESP_IN <ok/> null", "RESP_OUT [SAME PAYLOAD AS RESP_IN m3] RESP_IN m3"), summary());
        assertEquals(0, logger.registry().seen().size(), "forgotten once the exchanges ended");
    }

    @Test
    void oneByteMoreAnotherCorrelationOrAnotherRulesMaskingIsLoggedInFull() {
        proxy("c-2", null, ORDER, ORDER + " ");
        assertNull(records.get(1).attributes().get(DeduplicatingSink.DUPLICATE_OF), summary().toString());
        records.clear();
        proxy("c-3", "audited", ORDER, ORDER);
        List<String> audited = summary();
        assertEquals("REQ_OUT <order><card>[*****]</card><item>[*****]</item></order> null", audited.get(1),
                "the rule masks more: not the same record");
        LoggedExchange one = LoggedExchange.server(logger, name -> "c-4", null, null);
        one.request(one.facts(MessageType.REQ_IN).contentType("text/xml"), body(ORDER)).failed().end();
        LoggedExchange other = LoggedExchange.server(logger, name -> "c-5", null, null);
        other.request(other.facts(MessageType.REQ_IN).contentType("text/xml"), body(ORDER)).failed().end();
        assertEquals(Arrays.asList(null, null), records.stream()
                .map(r -> r.attributes().get(DeduplicatingSink.DUPLICATE_OF)).collect(Collectors.toList()));
    }

    @Test
    void aMessageIdNamingTheFirstIsCleanedLikeEveryField() {
        LoggedExchange x = LoggedExchange.server(logger, name -> "c-8", null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml").messageId("m\r\nFORGED password=s3cr3t"),
                body(ORDER));
        LoggedExchange y = LoggedExchange.client(logger, name -> null, null, null);
        y.request(y.facts(MessageType.REQ_OUT).contentType("text/xml"), body(ORDER)).failed().end();
        x.failed().end();
        String payload = records.get(1).payload();
        assertTrue(payload.startsWith("[SAME PAYLOAD AS REQ_IN m"), payload);
        assertFalse(payload.contains("\n") || payload.contains("\r") || payload.contains("s3cr3t"), payload);
    }

    @Test
    void theMediaTypeAndCharsetDecideNotHowTheHeaderIsWritten() {
        LoggedExchange x = LoggedExchange.server(logger, name -> "c-7", null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml; charset=UTF-8"), body(ORDER));
        String[] types = {"Text/XML", "text/xml;charset=utf-8", "text/xml; charset=ISO-8859-1", "application/xml"};
        for (String type : types) {
            LoggedExchange y = LoggedExchange.client(logger, name -> null, null, null);
            y.request(y.facts(MessageType.REQ_OUT).contentType(type).encoding(type.equals("Text/XML") ? "UTF-8" : null),
                    body(ORDER)).failed().end();
        }
        x.failed().end();
        assertEquals(Arrays.asList(null, "REQ_IN " + x.id(), "REQ_IN " + x.id(), null, null), records.stream()
                .map(r -> r.attributes().get(DeduplicatingSink.DUPLICATE_OF)).collect(Collectors.toList()));
    }

    @Test
    void aCorrelationIdRemembersABoundedNumberOfBodies() {
        LoggedExchange x = LoggedExchange.server(logger, name -> "c-6", null, null);
        for (int i = 0; i < SeenBodies.PER_ID + 2; i++) {
            LoggedExchange y = LoggedExchange.client(logger, name -> null, null, null);
            y.request(y.facts(MessageType.REQ_OUT).contentType("text/xml"), body("<n>" + i + "</n>")).failed().end();
        }
        LoggedExchange late = LoggedExchange.client(logger, name -> null, null, null);
        late.request(late.facts(MessageType.REQ_OUT).contentType("text/xml"),
                body("<n>" + (SeenBodies.PER_ID + 1) + "</n>")).failed().end();
        assertNull(records.get(records.size() - 1).attributes().get(DeduplicatingSink.DUPLICATE_OF),
                "past the bound, bodies are logged in full");
        LoggedExchange early = LoggedExchange.client(logger, name -> null, null, null);
        early.request(early.facts(MessageType.REQ_OUT).contentType("text/xml"), body("<n>0</n>")).failed().end();
        assertEquals("[SAME PAYLOAD AS REQ_OUT " + records.get(0).exchangeId() + "]",
                records.get(records.size() - 1).payload(), "no message id: the exchange id names it");
        x.end();
        assertEquals(0, logger.registry().seen().size());
        assertEquals(0, logger.registry().seen().bytes(), "the remembered bytes given back");
    }

    /** Bodies are compared byte for byte: one of the same length and types, one byte apart, is its own. */
    @Test
    void aBodyOfTheSameLengthOneByteApartIsLoggedInFull() {
        proxy("c-9", null, ORDER, ORDER.replace("book", "boot"));
        assertEquals("REQ_OUT <order><card>[*****]</card><item>boot</item></order> null", summary().get(1));
    }

    /** The remembered bytes have a bound (the held-bytes one's size): past it a body is not remembered. */
    @Test
    void pastTheRememberedBytesBoundABodyIsLoggedInFull() {
        MessageLogger small = MessageLogger.builder().sink(records::add).suppressDuplicates(true)
                .maxHeldBytes(ORDER.length() + 10).build();
        LoggedExchange x = LoggedExchange.server(small, name -> "c-10", null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml"), body(ORDER));
        assertEquals(ORDER.length(), small.registry().seen().bytes());
        LoggedExchange y = LoggedExchange.client(small, name -> null, null, null);
        y.request(y.facts(MessageType.REQ_OUT).contentType("text/xml"), body(ORDER + ORDER)).failed().end();
        LoggedExchange z = LoggedExchange.client(small, name -> null, null, null);
        z.request(z.facts(MessageType.REQ_OUT).contentType("text/xml"), body(ORDER + ORDER)).failed().end();
        assertEquals(Arrays.asList(null, null, null), records.stream()
                .map(r -> r.attributes().get(DeduplicatingSink.DUPLICATE_OF)).collect(Collectors.toList()),
                "the second body had no room: not remembered, so the third is logged in full too");
        x.failed().end();
        assertEquals(0, small.registry().seen().bytes());
    }
}
