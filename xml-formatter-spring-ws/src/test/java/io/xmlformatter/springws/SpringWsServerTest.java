package io.xmlformatter.springws;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.testsupport.CollectingSink;
import org.springframework.ws.soap.SoapVersion;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server side over HTTP on 127.0.0.1, through real Spring-WS (MessageDispatcherServlet on Tomcat). */
class SpringWsServerTest {
    /** A request as a client might send it: its own prefixes, whitespace and attribute quotes. */
    static final String ECHO = "<?xml version='1.0' encoding='UTF-8'?>\n"
            + "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'>\n  <S:Body>"
            + "<e:EchoRequest xmlns:e=\"urn:xf:echo\">hello   <![CDATA[world]]></e:EchoRequest></S:Body>\n</S:Envelope>";

    static String echo(String text) {
        return "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Body>"
                + "<e:EchoRequest xmlns:e='urn:xf:echo'>" + text + "</e:EchoRequest></S:Body></S:Envelope>";
    }

    static String secureEcho(String password) {
        return "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Header>"
                + "<wsse:Security S:mustUnderstand='1' xmlns:wsse='http://docs.oasis-open.org/wss/2004/01/"
                + "oasis-200401-wss-wssecurity-secext-1.0.xsd'><wsse:UsernameToken><wsse:Username>" + WsServer.USER
                + "</wsse:Username><wsse:Password Type='http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-"
                + "username-token-profile-1.0#PasswordText'>" + password + "</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security></S:Header><S:Body><e:SecureEchoRequest xmlns:e='urn:xf:echo'>secured"
                + "</e:SecureEchoRequest></S:Body></S:Envelope>";
    }

    /** Without value detectors: the IBAN detector masks a CDATA section joined to text (its edge could split one). */
    private static MessageLogger logger(CollectingSink sink) {
        return MessageLogger.builder().sink(sink).set("masking.detect", "none").build();
    }

    /** Every field of every record, as the JSON layout writes it. */
    static String everything(List<LogRecord> records) {
        StringBuilder b = new StringBuilder();
        for (LogRecord r : records) {
            b.append(JsonLayout.INSTANCE.format(r)).append('\n');
        }
        return b.toString();
    }

    @Test
    void theBodiesAreTheBytesAsTheyCameAndWent() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            WsServer.Reply reply = server.soap("/ws/echo", ECHO);
            assertEquals(200, reply.status());
            List<LogRecord> records = sink.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), sink.types());
            LogRecord in = records.get(0);
            LogRecord out = records.get(1);
            assertEquals(ECHO, in.payload(), "not a re-serialization: prefixes, quotes, CDATA as sent");
            assertEquals(reply.text(), out.payload());
            assertEquals("EchoEndpoint", in.service());
            assertEquals("spring-ws", in.integration(), "io.xmlformatter.spring-ws.EchoEndpoint.REQ_IN in SLF4J");
            assertEquals("EchoRequest", in.operation());
            assertEquals("EchoRequest", out.operation());
            assertEquals(in.correlationId(), out.correlationId());
            assertEquals(200, out.responseCode());
            assertEquals("POST", in.httpMethod());
            assertTrue(in.address().endsWith("/ws/echo"), in.address());
        }
    }

    @Test
    void theWireIsTheSameWithAndWithoutLogging() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            for (String request : List.of(ECHO, echo("please fail"), secureEcho(WsServer.PASSWORD),
                    secureEcho("wrong"), "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Bo")) {
                WsServer.Reply logged = server.soap("/ws/", request);
                WsServer.Reply plain = server.soap("/plain/", request);
                assertEquals(plain.status(), logged.status(), request);
                assertEquals(plain.contentType(), logged.contentType(), request);
                assertArrayEquals(plain.body(), logged.body(), request);
            }
            assertEquals(10, sink.await(10).size());
        }
    }

    @Test
    void aWsSecurityPasswordNeverReachesARecordAndTheCallStillAuthenticates() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            WsServer.Reply ok = server.soap("/ws/", secureEcho(WsServer.PASSWORD));
            assertEquals(200, ok.status());
            assertTrue(ok.text().contains("SecureEchoResponse"), ok.text());
            WsServer.Reply refused = server.soap("/ws/", secureEcho(WsServer.PASSWORD + "-not"));
            assertEquals(500, refused.status());
            List<LogRecord> records = sink.await(4);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT, MessageType.REQ_IN, MessageType.FAULT_OUT),
                    sink.types());
            String all = everything(records);
            assertFalse(all.contains(WsServer.PASSWORD), all);
            assertTrue(records.get(0).payload().contains("wsse:Password"), records.get(0).payload());
            assertEquals("SecureEchoRequest", records.get(0).operation());
        }
    }

    @Test
    void aFaultIsLoggedAsOneWithTheSecretInItsDetailMasked() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            WsServer.Reply reply = server.soap("/ws/", echo("please fail"));
            assertEquals(500, reply.status());
            assertTrue(reply.text().contains("detail-secret-42"), "the client gets the fault as it was: " + reply.text());
            sink.await(2);
            LogRecord fault = sink.only(MessageType.FAULT_OUT);
            assertEquals(500, fault.responseCode());
            assertTrue(fault.payload().contains("echo refused"), fault.payload());
            assertFalse(everything(sink.all()).contains("detail-secret-42"), everything(sink.all()));
        }
    }

    @Test
    void aRequestSpringWsCannotParseIsLoggedFlaggedAndMaskedFailClosed() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            String broken = "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Body>"
                    + "<e:Login xmlns:e='urn:xf:echo'><password>hunter2-broken</password><e:x></S:Body>";
            WsServer.Reply reply = server.soap("/ws/", broken);
            assertEquals(400, reply.status());
            sink.await(2);
            LogRecord in = sink.only(MessageType.REQ_IN);
            assertFalse(in.wellFormed());
            assertFalse(everything(sink.all()).contains("hunter2"), everything(sink.all()));
            assertEquals(400, sink.all().get(1).responseCode());
        }
    }

    @Test
    void rulesMatchOnThePayloadRootAndStrategiesDecideTheBodies() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink).strategy(Strategy.BODY_ON_FAILURE)
                .rule(ExchangeMatch.any().operation("SecureEchoRequest"), b -> b.strategy(Strategy.ALWAYS)).build();
        try (WsServer server = new WsServer(logger)) {
            server.soap("/ws/", echo("quiet"));
            List<LogRecord> plain = sink.await(2);
            assertNull(plain.get(0).payload(), "success under BODY_ON_FAILURE: no body");
            assertNull(plain.get(1).payload());
            sink.clear();
            server.soap("/ws/", echo("please fail"));
            List<LogRecord> failed = sink.await(2);
            assertTrue(failed.get(0).payload().contains("please fail"), "a failure: its bodies");
            sink.clear();
            server.soap("/ws/", secureEcho(WsServer.PASSWORD));
            List<LogRecord> secured = sink.await(2);
            assertTrue(secured.get(1).payload().contains("SecureEchoResponse"), "the rule's strategy: bodies");
        }
    }

    @Test
    void aRuleOnTheOperationGetsItsBodiesWhenTheBaseStrategyTakesNone() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink).strategy(Strategy.WITHOUT_BODY)
                .rule(ExchangeMatch.any().operation("SecureEchoRequest"), b -> b.strategy(Strategy.ALWAYS)).build();
        try (WsServer server = new WsServer(logger)) {
            server.soap("/ws/", echo("quiet"));
            List<LogRecord> plain = sink.await(2);
            assertNull(plain.get(0).payload(), "the base strategy: no body");
            assertNull(plain.get(1).payload());
            sink.clear();
            server.soap("/ws/", secureEcho(WsServer.PASSWORD));
            List<LogRecord> secured = sink.await(2);
            assertTrue(secured.get(0).payload().contains("SecureEchoRequest"), "the rule's strategy: bodies");
            assertFalse(secured.get(0).payload().contains(WsServer.PASSWORD), secured.get(0).payload());
            assertTrue(secured.get(1).payload().contains("SecureEchoResponse"));
            sink.clear();
            logger.addRule(ExchangeMatch.any().operation("EchoRequest"), Map.of("exchange.strategy", "always"),
                    java.time.Duration.ofMinutes(5));
            server.soap("/ws/", echo("loud now"));
            List<LogRecord> added = sink.await(2);
            assertTrue(added.get(0).payload().contains("loud now"), "a rule added at run time, on the operation");
            assertTrue(added.get(1).payload().contains("EchoResponse"));
        }
    }

    @Test
    void aRuleMatchesTheSoapActionOrElseTheAddressingAction() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink)
                .exclude(ExchangeMatch.any().soapAction("urn:xf:echo/Quiet")).build();
        try (WsServer server = new WsServer(logger)) {
            byte[] echo = ECHO.getBytes(StandardCharsets.UTF_8);
            assertEquals(200, server.post("/ws/", "text/xml", echo, Map.of("SOAPAction", "\"urn:xf:echo/Quiet\""))
                    .status());
            String addressed = "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Header>"
                    + "<wsa:Action xmlns:wsa='http://www.w3.org/2005/08/addressing'>urn:xf:echo/Quiet</wsa:Action>"
                    + "</S:Header><S:Body><e:EchoRequest xmlns:e='urn:xf:echo'>hi</e:EchoRequest></S:Body>"
                    + "</S:Envelope>";
            assertEquals(200, server.soap("/ws/", addressed).status());
            server.post("/ws/", "text/xml", echo, Map.of("SOAPAction", "\"urn:xf:echo/Loud\""));
            List<LogRecord> records = sink.await(2);
            assertEquals(2, records.size(), "the quiet ones are not logged: " + sink.types());
            assertTrue(everything(records).contains("urn:xf:echo/Loud"), everything(records));
        }
    }

    @Test
    void aProxyEndpointsCallOutCarriesItsCorrelationId() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            WsServer.Reply reply = server.soap("/ws/", "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'>"
                    + "<S:Body><e:ProxyRequest xmlns:e='urn:xf:echo'>via proxy</e:ProxyRequest></S:Body></S:Envelope>");
            assertEquals(200, reply.status(), reply.text());
            assertTrue(reply.text().contains("via proxy"), reply.text());
            List<LogRecord> records = sink.await(4);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.REQ_OUT, MessageType.RESP_IN, MessageType.RESP_OUT),
                    sink.types());
            for (LogRecord r : records) {
                assertEquals(records.get(0).correlationId(), r.correlationId(), r.type().toString());
            }
            assertEquals("ProxyRequest", records.get(0).operation());
            assertEquals("EchoRequest", records.get(1).operation());
        }
    }

    @Test
    void soap12WithItsActionInTheContentTypeAndItsFault() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink)
                .exclude(ExchangeMatch.any().soapAction("urn:xf:echo/Quiet")).build();
        try (WsServer server = new WsServer(logger, SoapVersion.SOAP_12)) {
            String envelope = "<env:Envelope xmlns:env='http://www.w3.org/2003/05/soap-envelope'><env:Body>"
                    + "<e:EchoRequest xmlns:e='urn:xf:echo'>%s</e:EchoRequest></env:Body></env:Envelope>";
            byte[] quiet = String.format(envelope, "quiet").getBytes(StandardCharsets.UTF_8);
            assertEquals(200, server.post("/ws/", "application/soap+xml; charset=utf-8; action=\"urn:xf:echo/Quiet\"",
                    quiet, Map.of()).status());
            byte[] loud = String.format(envelope, "please fail").getBytes(StandardCharsets.UTF_8);
            WsServer.Reply fault = server.post("/ws/", "application/soap+xml; charset=utf-8; action=\"urn:xf:echo/Loud\"",
                    loud, Map.of());
            assertEquals(500, fault.status());
            List<LogRecord> records = sink.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), sink.types(), "the quiet one is excluded");
            assertEquals(new String(loud, StandardCharsets.UTF_8), records.get(0).payload());
            assertEquals(fault.text().replace("detail-secret-42", "[*****]"), records.get(1).payload(),
                    "the fault as sent, its secret masked");
            assertTrue(records.get(1).payload().contains("env:Receiver"), records.get(1).payload());
            assertFalse(everything(records).contains("detail-secret-42"), everything(records));
        }
    }

    @Test
    void anMtomUploadIsLoggedAsMultipartWithItsBinaryPartLeftOut() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (WsServer server = new WsServer(logger(sink))) {
            String body = "--MIME_b0undary\r\n"
                    + "Content-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n"
                    + "Content-ID: <root@xf>\r\n\r\n"
                    + "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'><S:Body>"
                    + "<e:EchoRequest xmlns:e='urn:xf:echo'>scan <xop:Include "
                    + "xmlns:xop='http://www.w3.org/2004/08/xop/include' href='cid:scan@xf'/></e:EchoRequest>"
                    + "</S:Body></S:Envelope>\r\n"
                    + "--MIME_b0undary\r\n"
                    + "Content-Type: application/octet-stream\r\nContent-ID: <scan@xf>\r\n"
                    + "Content-Transfer-Encoding: binary\r\n\r\n"
                    + "RAW-SCAN-BYTES-PASSPORT-C01X00T6\r\n"
                    + "--MIME_b0undary--\r\n";
            String type = "multipart/related; type=\"application/xop+xml\"; start=\"<root@xf>\"; "
                    + "start-info=\"text/xml\"; boundary=\"MIME_b0undary\"";
            WsServer.Reply logged = server.post("/ws/", type, body.getBytes(StandardCharsets.UTF_8),
                    Map.of("SOAPAction", "\"\""));
            WsServer.Reply plain = server.post("/plain/", type, body.getBytes(StandardCharsets.UTF_8),
                    Map.of("SOAPAction", "\"\""));
            assertEquals(200, logged.status(), logged.text());
            assertArrayEquals(plain.body(), logged.body());
            sink.await(2);
            LogRecord in = sink.only(MessageType.REQ_IN);
            assertTrue(in.multipartContent());
            assertTrue(in.payload().contains("xop:Include"), in.payload());
            assertFalse(everything(sink.all()).contains("RAW-SCAN-BYTES"), everything(sink.all()));
        }
    }
}
