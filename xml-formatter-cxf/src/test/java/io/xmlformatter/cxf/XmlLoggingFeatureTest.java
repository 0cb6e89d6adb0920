package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import javax.xml.ws.BindingProvider;
import javax.xml.ws.soap.SOAPBinding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The feature on a real JAX-WS service and client over HTTP on 127.0.0.1. */
class XmlLoggingFeatureTest {
    private static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
    private static final int LIMIT = 4096;

    private static final CollectingSink serverSink = new CollectingSink();
    private static final CollectingSink clientSink = new CollectingSink();
    private static CxfServer server;
    private static Bank client;

    static XmlLoggingFeature feature(CollectingSink sink) {
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setSink(sink);
        f.setLimit(LIMIT);
        f.setPrettyLogging(true);
        f.setSensitiveElementNames(Set.of("account"));
        f.setSensitiveProtocolHeaderNames(Set.of("X-Secret"));
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
        CxfServer.soapHeaders(client);
        CxfServer.httpHeaders(client, new java.util.TreeMap<>());
    }

    @Test
    void requestAndResponseGiveOneRecordPerMessageOnEachSide() throws Exception {
        String answer = client.transfer("DE89370400440532013000", "250.00");
        assertTrue(answer.startsWith("ok DE89370400440532013000 250.00"), answer);
        List<LogRecord> server = serverSink.await(2);
        List<LogRecord> client = clientSink.await(2);
        assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), serverSink.types());
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), clientSink.types());

        LogRecord reqIn = server.get(0);
        assertEquals("POST", reqIn.httpMethod());
        assertEquals(XmlLoggingFeatureTest.server.address, reqIn.address());
        assertEquals("{urn:example:bank}BankService", reqIn.service());
        assertEquals("{urn:example:bank}BankPort", reqIn.port());
        assertEquals("{urn:example:bank}Bank", reqIn.portType());
        assertEquals("transfer", reqIn.operation());
        assertTrue(reqIn.contentType().startsWith("text/xml"), reqIn.contentType());
        assertTrue(reqIn.payload().contains("<account>[*****]</account>"), reqIn.payload());
        assertFalse(reqIn.payload().contains("DE8937"), reqIn.payload());
        assertTrue(reqIn.payload().contains("\n    <soap:Body>") || reqIn.payload().contains("\n  <soap:Body>"),
                reqIn.payload());
        assertTrue(reqIn.wellFormed());
        assertEquals(1, reqIn.maskedCount());
        assertTrue(reqIn.originalSize() > 0);
        assertNull(reqIn.duration());

        LogRecord respOut = server.get(1);
        assertEquals(200, respOut.responseCode());
        assertEquals(reqIn.exchangeId(), respOut.exchangeId());
        assertNotNull(respOut.duration());
        assertTrue(respOut.payload().contains("transferResponse"), respOut.payload());

        // The client's correlation id travels in the header; the server logs it and puts it in the MDC.
        LogRecord reqOut = client.get(0);
        assertEquals(reqOut.correlationId(), reqIn.correlationId());
        assertTrue(answer.endsWith("correlation=" + reqIn.correlationId()), answer);
        assertEquals(client.get(1).exchangeId(), reqOut.exchangeId());
        assertNotNull(client.get(1).duration());
    }

    @Test
    void aCorrelationIdFromTheCallerIsUsedAndPropagated() throws Exception {
        MDC.put("correlationId", "caller-42");
        try {
            String answer = client.transfer("x", "1");
            assertTrue(answer.endsWith("correlation=caller-42"), answer);
        } finally {
            MDC.remove("correlationId");
        }
        assertEquals("caller-42", serverSink.await(2).get(0).correlationId());
        assertEquals("caller-42", clientSink.await(2).get(0).correlationId());
    }

    @Test
    void faultsAreLoggedOnceAsFaults() throws Exception {
        BankException e = assertThrows(BankException.class, () -> client.fail("no funds"));
        assertTrue(e.getMessage().contains("refused: no funds"));
        serverSink.await(2);
        clientSink.await(2);
        assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), serverSink.types());
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.FAULT_IN), clientSink.types());
        LogRecord fault = serverSink.only(MessageType.FAULT_OUT);
        assertEquals(500, fault.responseCode());
        assertTrue(fault.payload().contains("refused: no funds"), fault.payload());
        assertTrue(clientSink.only(MessageType.FAULT_IN).payload().contains("Fault"));
    }

    @Test
    void oneWayCallsLogTheRequestOnly() throws Exception {
        client.notifyAudit("login alice");
        assertEquals("login alice", server.bank.notifications.poll(10, java.util.concurrent.TimeUnit.SECONDS));
        serverSink.await(1);
        clientSink.await(1);
        assertEquals(List.of(MessageType.REQ_IN), serverSink.types());
        assertEquals(List.of(MessageType.REQ_OUT), clientSink.types());
    }

    @Test
    void wsSecurityPasswordAndSamlAreMasked() throws Exception {
        CxfServer.soapHeaders(client,
                "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken><wsse:Username>alice</wsse:Username>"
                        + "<wsse:Password>s3cr3t-P@ss</wsse:Password><wsse:Nonce>bm9uY2U=</wsse:Nonce>"
                        + "</wsse:UsernameToken></wsse:Security>",
                "<saml2:Assertion xmlns:saml2='urn:oasis:names:tc:SAML:2.0:assertion'><saml2:Subject>"
                        + "<saml2:NameID>alice@example.org</saml2:NameID></saml2:Subject><saml2:AttributeStatement>"
                        + "<saml2:Attribute Name='ssn'><saml2:AttributeValue>078-05-1120</saml2:AttributeValue>"
                        + "</saml2:Attribute></saml2:AttributeStatement></saml2:Assertion>");
        client.transfer("a", "1");
        for (LogRecord r : List.of(serverSink.await(2).get(0), clientSink.await(2).get(0))) {
            String p = r.payload();
            assertTrue(p.contains("<wsse:Username>alice</wsse:Username>"), p);
            for (String secret : List.of("s3cr3t", "bm9uY2U", "alice@example.org", "078-05-1120")) {
                assertFalse(p.contains(secret), secret + " in\n" + p);
            }
            assertTrue(r.maskedCount() >= 5, r.maskedCount() + "\n" + p);
        }
    }

    @Test
    void aPayloadOverTheLimitIsCutVisiblyAfterMasking() throws Exception {
        // The password straddles the limit: CXF would log its first characters; this must not.
        String filler = "x".repeat(LIMIT - 700);
        CxfServer.soapHeaders(client,
                "<pad xmlns='urn:pad'>" + filler + "</pad>",
                "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken><wsse:Password>"
                        + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(40) + "</wsse:Password></wsse:UsernameToken></wsse:Security>");
        String big = "y".repeat(20_000);
        assertEquals(big, client.echo(big));
        LogRecord reqIn = serverSink.await(2).get(0);
        assertTrue(reqIn.truncated());
        assertFalse(reqIn.payload().contains("ABCDEF"), reqIn.payload());
        assertTrue(reqIn.payload().contains("...[DOCUMENT TRUNCATED: original "), reqIn.payload());
        assertTrue(reqIn.payload().contains("open elements: /soap:Envelope/soap:Header"), reqIn.payload());
        assertTrue(reqIn.loggedSize() <= LIMIT + 200, "logged " + reqIn.loggedSize());
        LogRecord respOut = serverSink.only(MessageType.RESP_OUT);
        assertTrue(respOut.truncated());
        assertTrue(respOut.originalSize() > 20_000, "original " + respOut.originalSize());
    }

    @Test
    void headersAreMaskedInAnyCase() throws Exception {
        java.util.Map<String, List<String>> h = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.put("authorization", List.of("Basic YWxpY2U6czNjcjN0"));
        h.put("x-secret", List.of("top"));
        h.put("X-Visible", List.of("shown"));
        CxfServer.httpHeaders(client, h);
        client.transfer("a", "1");
        for (LogRecord r : List.of(serverSink.await(2).get(0), clientSink.await(2).get(0))) {
            String all = r.headers().toString();
            assertFalse(all.contains("YWxpY2U"), all);
            assertFalse(all.contains("top"), all);
            assertTrue(all.contains("shown"), all);
        }
    }

    @Test
    void mtomAttachmentsAreNeverDumped() throws Exception {
        ((SOAPBinding) ((BindingProvider) client).getBinding()).setMTOMEnabled(true);
        try {
            byte[] pdf = new byte[30_000];
            java.util.Arrays.fill(pdf, (byte) 'P');
            assertEquals(30_000, client.upload("statement.pdf", pdf));
        } finally {
            ((SOAPBinding) ((BindingProvider) client).getBinding()).setMTOMEnabled(false);
        }
        LogRecord reqOut = clientSink.await(2).get(0);
        serverSink.await(2); // the server's records too, before the next test clears the sinks
        assertTrue(reqOut.multipartContent());
        assertTrue(reqOut.payload().contains("--- Attachment suppressed: "), reqOut.payload());
        assertFalse(reqOut.payload().contains("PPPPPPPP"), reqOut.payload());
        assertTrue(reqOut.payload().contains("<name>statement.pdf</name>"), reqOut.payload());
    }

    @Test
    void theEndpointSwitchTurnsLoggingOff() throws Exception {
        ((BindingProvider) client).getRequestContext().put(CxfLogging.ENABLE_PROPERTY, "false");
        try {
            client.transfer("a", "1");
        } finally {
            ((BindingProvider) client).getRequestContext().remove(CxfLogging.ENABLE_PROPERTY);
        }
        serverSink.await(2);
        assertEquals(List.of(), clientSink.all());
    }
}
