package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.CxfTextLayout;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.sink.TextLayout;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One record per exchange: the request's record within the response's, with the SOAP facts beside. */
class RecordPerExchangeTest {
    private static final String REQUEST = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:wsa=\"http://www.w3.org/2005/08/addressing\"><soap:Header>"
            + "<wsa:Action>urn:bank:transfer</wsa:Action><wsa:MessageID>urn:uuid:1</wsa:MessageID></soap:Header>"
            + "<soap:Body><transfer><pin>4711</pin></transfer></soap:Body></soap:Envelope>";
    private static final String FAULT_11 = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:wsa=\"http://www.w3.org/2005/08/addressing\"><soap:Header>"
            + "<wsa:RelatesTo>urn:uuid:1</wsa:RelatesTo></soap:Header><soap:Body><soap:Fault>"
            + "<faultcode>soap:Server</faultcode><faultstring>refused</faultstring></soap:Fault></soap:Body>"
            + "</soap:Envelope>";
    private static final String FAULT_12 = "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\">"
            + "<env:Body><env:Fault><env:Code><env:Value>env:Sender</env:Value></env:Code><env:Reason>"
            + "<env:Text xml:lang=\"en\">no such account</env:Text></env:Reason></env:Fault></env:Body>"
            + "</env:Envelope>";
    private final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());

    private MessageLogger logger(Strategy strategy) {
        return MessageLogger.builder().sink(records::add).recordPerExchange(true).strategy(strategy)
                .sensitiveElementNames(Collections.singleton("pin")).build();
    }

    private static CapturedBody body(String text) {
        return CapturedBody.of(text.getBytes(StandardCharsets.UTF_8));
    }

    private static void serve(MessageLogger logger, String response, int status) {
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml").httpMethod("POST")
                .header("SOAPAction", Collections.singletonList("\"urn:bank:transfer\"")), body(REQUEST));
        x.response(x.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(status), body(response));
        x.end();
    }

    @Test
    void aSoapFaultIsOneRecordWithTheRequestWithinAndTheFactsBeside() {
        serve(logger(Strategy.ALWAYS), FAULT_11, 500);
        assertEquals(1, records.size(), "one record for the exchange");
        LogRecord r = records.get(0);
        assertEquals(MessageType.FAULT_OUT, r.type(), "the response's type: the outcome");
        assertEquals(Integer.valueOf(500), r.responseCode());
        assertNotNull(r.duration());
        assertEquals("urn:bank:transfer", r.soapAction(), "the header's value, unquoted");
        assertEquals("urn:bank:transfer", r.action());
        assertEquals("urn:uuid:1", r.relatesTo());
        assertEquals("soap:Server", r.faultCode());
        assertEquals("refused", r.faultString());
        assertEquals(MessageType.REQ_IN, r.request().type());
        assertEquals("POST", r.request().httpMethod());
        assertTrue(r.request().payload().contains("<pin>[*****]</pin>"), "the request as masked");
        assertFalse(JsonLayout.INSTANCE.format(r).contains("4711"));
    }

    @Test
    void soap12FaultsAndSuccessesToo() {
        serve(logger(Strategy.ALWAYS), FAULT_12, 500);
        assertEquals("env:Sender", records.get(0).faultCode());
        assertEquals("no such account", records.get(0).faultString());
        records.clear();
        serve(logger(Strategy.ALWAYS), "<ok/>", 200);
        LogRecord r = records.get(0);
        assertEquals(MessageType.RESP_OUT, r.type());
        assertNull(r.faultCode(), "no fault, no fault facts");
        assertEquals("<ok/>", r.payload());
    }

    @Test
    void theLayoutsShowTheRequestWithin() {
        serve(logger(Strategy.ALWAYS), "<ok/>", 200);
        LogRecord r = records.get(0);
        String json = JsonLayout.INSTANCE.format(r);
        assertTrue(json.contains("\"soapAction\":\"urn:bank:transfer\""), json);
        assertTrue(json.contains("\"request\":{\"ts\":"), json);
        assertTrue(json.contains("\"type\":\"REQ_IN\""), json);
        assertTrue(json.endsWith("\"payload\":\"<ok/>\"}"), json);
        String text = TextLayout.INSTANCE.format(r);
        assertTrue(text.contains("\n    RequestHttpMethod: POST"), text);
        assertTrue(text.contains("\n    RequestPayload: \n<soap:Envelope"), text);
        String cxf = CxfTextLayout.INSTANCE.format(r);
        assertTrue(cxf.startsWith("REQ_IN\n") && cxf.contains("\nRESP_OUT\n"), "CXF's lines, request first: " + cxf);
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        r.forEachField(fields::put);
        assertFalse(((Map<?, ?>) fields.get("request")).containsKey("exchangeId"), "not repeated within");
    }

    @Test
    void theStrategyDecidesForTheWholeRecord() {
        serve(logger(Strategy.BODY_ON_FAILURE), "<ok/>", 200);
        LogRecord r = records.get(0);
        assertNull(r.payload(), "went well: no bodies");
        assertNull(r.request().payload());
        records.clear();
        serve(logger(Strategy.BODY_ON_FAILURE), FAULT_11, 500);
        assertNotNull(records.get(0).payload(), "failed: both bodies");
        assertNotNull(records.get(0).request().payload());
        records.clear();
        serve(logger(Strategy.FAILED_ONLY), "<ok/>", 200);
        assertEquals(0, records.size(), "went well: nothing");
    }

    @Test
    void aWaitingRequestCountsAgainstTheHeldBoundAndPastItIsWrittenAtOnce() {
        MessageLogger roomy = logger(Strategy.ALWAYS);
        LoggedExchange x = LoggedExchange.server(roomy, null, null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml"), body(REQUEST));
        assertTrue(roomy.heldBytes() > 0, "the waiting request is held");
        x.response(x.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(200), body("<ok/>"));
        x.end();
        assertEquals(0, roomy.heldBytes(), "released with the response");
        records.clear();

        MessageLogger tight = MessageLogger.builder().sink(records::add).recordPerExchange(true).maxHeldBytes(16)
                .build();
        serve(tight, "<ok/>", 200);
        assertEquals(2, records.size(), "no room: the request at once, the response alone");
        assertEquals(MessageType.REQ_IN, records.get(0).type());
        assertNull(records.get(1).request());
        assertEquals(1, tight.heldOverflows());
        assertEquals(0, tight.heldBytes());
    }

    @Test
    void aRequestWithoutAResponseIsWrittenAloneWhenItsExchangeEnds() {
        MessageLogger logger = logger(Strategy.ALWAYS);
        LoggedExchange x = LoggedExchange.server(logger, null, null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml"), body(REQUEST));
        assertEquals(0, records.size(), "it waits for the response");
        x.accepted();
        x.end();
        assertEquals(1, records.size());
        assertEquals(MessageType.REQ_IN, records.get(0).type());
        assertNull(records.get(0).request());
    }

    /**
     * Findings of the audit at {@code 92fcdc9}: with one record per exchange, the held bytes of exchanges that never
     * end did not come back after the chain's age, and under BODY_ON_FAILURE such a request was never written. Now
     * a waiting request waits in a chain: past its age (checked as later exchanges begin) it is written alone, as
     * failed, with its body.
     */
    @Test
    void aRequestWhoseExchangeNeverEndsIsWrittenPastTheChainAgeAndItsBytesComeBack() {
        for (Strategy strategy : new Strategy[] {Strategy.ALWAYS, Strategy.BODY_ON_FAILURE, Strategy.FAILED_ONLY}) {
            records.clear();
            MessageLogger logger = MessageLogger.builder().sink(records::add).recordPerExchange(true)
                    .strategy(strategy).chainMaxAge(java.time.Duration.ofNanos(1))
                    .sensitiveElementNames(Collections.singleton("pin")).build();
            for (int i = 0; i < 10; i++) { // client exchanges: open at once on one thread, never ended
                LoggedExchange x = LoggedExchange.client(logger, null, null, null);
                x.request(x.facts(MessageType.REQ_OUT).contentType("text/xml"), body(REQUEST));
            }
            assertTrue(logger.heldBytes() > 0, strategy + ": held while they may still end");
            for (int i = 0; i < 64; i++) { // exchanges that begin and end look at the chains' ages
                LoggedExchange other = LoggedExchange.client(logger, null, null, null);
                other.end();
            }
            assertEquals(0, logger.heldBytes(), strategy + ": every byte back");
            assertEquals(0, logger.openChains(), strategy + ": no chain left open");
            List<LogRecord> lone = records.stream().filter(r -> r.type() == MessageType.REQ_OUT).collect(
                    java.util.stream.Collectors.toList());
            assertEquals(10, lone.size(), strategy + ": each request written alone: " + records);
            for (LogRecord r : lone) {
                assertTrue(r.payload().contains("<pin>[*****]</pin>"), strategy + ": as failed, with its body: "
                        + r.payload());
            }
        }
    }
}
