package io.xmlformatter.cxf;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exchange's strategies on a real JAX-WS service and client over HTTP on 127.0.0.1: the server logs bodies only
 * when a call fails, at a level by outcome; the client logs failed calls only.
 */
class ExchangeStrategyTest {
    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private static final CollectingSink serverSink = new CollectingSink();
    private static final CollectingSink clientSink = new CollectingSink();
    private static XmlLoggingFeature serverLogging;
    private static XmlLoggingFeature clientLogging;
    private static CxfServer server;
    private static Bank client;

    @BeforeAll
    static void start() {
        serverLogging = new XmlLoggingFeature();
        serverLogging.setSink(serverSink);
        serverLogging.setOptions(Map.of("exchange.strategy", "BODY_ON_FAILURE",
                "exchange.levels", "debug, warn, error"));
        serverLogging.setSensitiveElementNames(Set.of("account"));
        XmlLoggingRule echo = new XmlLoggingRule();
        echo.setPortType("{urn:example:bank}Bank");
        echo.setOperation("echo");
        echo.setOptions(Map.of("exchange.strategy", "ALWAYS", "body.limit", "400"));
        XmlLoggingRule notify = new XmlLoggingRule();
        notify.setSoapAction("\"\"");
        notify.setOperation("notifyAudit");
        notify.setEnabled(false);
        serverLogging.setRules(List.of(echo, notify));
        clientLogging = new XmlLoggingFeature();
        clientLogging.setSink(clientSink);
        clientLogging.setOptions(Map.of("exchange.strategy", "FAILED_ONLY"));
        XmlLoggingRule clientEcho = new XmlLoggingRule();
        clientEcho.setPath("/bank");
        clientEcho.setOperation("echo");
        clientEcho.setOptions(Map.of("exchange.strategy", "WITHOUT_BODY"));
        clientLogging.setRules(List.of(clientEcho));
        server = new CxfServer(serverLogging);
        client = server.client(clientLogging);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clear() {
        serverSink.clear();
        clientSink.clear();
        CxfServer.httpHeaders(client, new java.util.TreeMap<>());
    }

    private static List<String> summary(List<LogRecord> records) {
        return records.stream().map(r -> r.type() + " " + r.level() + (r.payload() == null ? "" : " body"))
                .collect(Collectors.toList());
    }

    private static void assertNothingHeld() {
        assertEquals(0, serverLogging.getMessageLogger().heldBytes());
        assertEquals(0, clientLogging.getMessageLogger().heldBytes());
    }

    @Test
    void aSuccessfulCallIsLoggedWithoutBodiesOnTheServerAndNotAtAllOnTheClient() throws Exception {
        assertTrue(client.transfer("DE89370400440532013000", "1.00").startsWith("ok "));
        assertEquals(Arrays.asList("REQ_IN DEBUG", "RESP_OUT DEBUG"), summary(serverSink.await(2)));
        assertEquals(Arrays.asList(), clientSink.all(), "the client's records were settled before the call returned");
        assertNothingHeld();
    }

    @Test
    void aFailedCallIsLoggedWithBodiesOnBothSides() throws Exception {
        assertThrows(BankException.class, () -> client.fail("no funds"));
        List<LogRecord> server = serverSink.await(2);
        assertEquals(Arrays.asList("REQ_IN ERROR body", "FAULT_OUT ERROR body"), summary(server));
        assertTrue(server.get(1).payload().contains("refused: no funds"), server.get(1).payload());
        List<LogRecord> client = clientSink.all();
        assertEquals(Arrays.asList("REQ_OUT null body", "FAULT_IN null body"), summary(client));
        assertEquals(server.get(0).correlationId(), client.get(0).correlationId(), "the id went on in the header");
        assertEquals(client.get(0).exchangeId(), client.get(1).exchangeId());
        assertNothingHeld();
    }

    @Test
    void aOneWayCallEndsItsExchangeOnBothSides() throws Exception {
        CxfServer.httpHeaders(client, CxfServer.header("X-Correlation-ID", "one-way-1"));
        client.notifyAudit("login alice");
        assertEquals("login alice", server.bank.notifications.poll(10, TimeUnit.SECONDS));
        assertEquals("one-way-1", server.bank.notificationCorrelations.poll(),
                "the service, on CXF's work queue, sees the exchange's ids in the MDC");
        assertEquals(Arrays.asList(), clientSink.all(), "accepted: not a failure");
        assertEquals(Arrays.asList(), serverSink.all(), "a rule leaves the operation out, logged before the call");
        assertNothingHeld();
    }

    @Test
    void rulesByOperationOverrideTheStrategyAndTheLimitOnEachSide() throws Exception {
        String text = "x".repeat(2000);
        assertEquals(text, client.echo(text));
        List<LogRecord> server = serverSink.await(2);
        assertEquals(Arrays.asList("REQ_IN DEBUG body", "RESP_OUT DEBUG body"), summary(server), "ALWAYS");
        assertTrue(server.get(0).truncated(), "the rule's limit");
        assertEquals(Arrays.asList("REQ_OUT null", "RESP_IN null"), summary(clientSink.all()), "WITHOUT_BODY");
        assertNothingHeld();
    }

    @Test
    void aCallThatCannotBeSentIsAFailureAndItsHeldRequestIsWritten() {
        JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
        cf.setServiceClass(Bank.class);
        cf.setAddress("http://127.0.0.1:" + CxfServer.freePort() + "/nobody");
        cf.getFeatures().add(clientLogging);
        Bank nowhere = (Bank) cf.create();
        assertThrows(RuntimeException.class, () -> nowhere.transfer("DE89370400440532013000", "1.00"));
        List<LogRecord> client = clientSink.all();
        assertEquals(Arrays.asList("REQ_OUT null body"), summary(client));
        assertTrue(client.get(0).payload().contains("<account>"), client.get(0).payload());
        assertNothingHeld();
    }

    @Test
    void theTraceContextOfTheRequestIsInTheRecordsOfBothSides() throws Exception {
        CxfServer.httpHeaders(client, CxfServer.header("traceparent", TRACEPARENT));
        client.transfer("DE89370400440532013000", "1.00");
        List<LogRecord> server = serverSink.await(2);
        for (LogRecord r : server) {
            assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", r.traceId(), r.type().name());
            assertEquals("00f067aa0ba902b7", r.spanId(), r.type().name());
        }
        CxfServer.httpHeaders(client, CxfServer.header("traceparent", "00-zz-bad-01"));
        serverSink.clear();
        client.transfer("DE89370400440532013000", "1.00");
        assertNull(serverSink.await(2).get(0).traceId(), "a malformed header is not read");
        assertNotNull(serverSink.all().get(0).correlationId());
    }

    @Test
    void samplingLogsOneExchangeInNWhole() throws Exception {
        XmlLoggingFeature sampled = new XmlLoggingFeature();
        CollectingSink sink = new CollectingSink();
        sampled.setSink(sink);
        sampled.setOptions(Map.of("exchange.sample-one-in", "2", "exchange.sample-keeps-failures", "false"));
        Bank c = server.client(sampled);
        for (int i = 0; i < 4; i++) {
            c.transfer("DE89370400440532013000", "1.00");
        }
        List<LogRecord> records = sink.all();
        assertEquals(Arrays.asList(MessageType.REQ_OUT, MessageType.RESP_IN, MessageType.REQ_OUT,
                MessageType.RESP_IN), records.stream().map(LogRecord::type).collect(Collectors.toList()));
        assertEquals(records.get(0).exchangeId(), records.get(1).exchangeId());
        assertEquals(records.get(2).exchangeId(), records.get(3).exchangeId());
    }

    @Test
    void aRuleOnTheOperationGetsItsBodiesOnBothSidesWhenTheBaseStrategyTakesNone() throws Exception {
        CollectingSink ownServerSink = new CollectingSink();
        XmlLoggingFeature quietServer = new XmlLoggingFeature();
        quietServer.setSink(ownServerSink);
        quietServer.setOptions(Map.of("exchange.strategy", "without-body"));
        XmlLoggingRule echo = new XmlLoggingRule();
        echo.setOperation("echo");
        echo.setOptions(Map.of("exchange.strategy", "always"));
        quietServer.setRules(List.of(echo));
        CollectingSink ownClientSink = new CollectingSink();
        XmlLoggingFeature quietClient = new XmlLoggingFeature();
        quietClient.setSink(ownClientSink);
        quietClient.setOptions(Map.of("exchange.strategy", "without-body"));
        try (CxfServer own = new CxfServer(quietServer)) {
            Bank c = own.client(quietClient);
            c.transfer("DE89370400440532013000", "1.00");
            assertEquals(Arrays.asList("REQ_IN null", "RESP_OUT null"), summary(ownServerSink.await(2)));
            ownServerSink.clear();
            c.echo("loud");
            List<LogRecord> server = ownServerSink.await(2);
            assertEquals(Arrays.asList("REQ_IN null body", "RESP_OUT null body"), summary(server), "the rule's");
            quietClient.getMessageLogger().addRule(ExchangeMatch.any().operation("echo"),
                    Map.of("exchange.strategy", "always"), java.time.Duration.ofMinutes(5));
            ownClientSink.clear();
            c.echo("loud again");
            c.transfer("DE89370400440532013000", "1.00");
            assertEquals(Arrays.asList("REQ_OUT null body", "RESP_IN null body", "REQ_OUT null", "RESP_IN null"),
                    summary(ownClientSink.all()), "a rule added at run time on the client's operation");
        }
    }

    @Test
    void aWrongLevelsPropertyNamesTheAcceptedValues() {
        XmlLoggingFeature f = new XmlLoggingFeature();
        String message = assertThrows(IllegalArgumentException.class,
                () -> f.setOptions(Map.of("exchange.levels", "debug,loud,error"))).getMessage();
        assertTrue(message.contains("'loud'") && message.contains(Arrays.toString(LogLevel.values())), message);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> f.setOptions(Map.of("exchange.levels", "debug"))).getMessage().contains("three"));
    }
}
