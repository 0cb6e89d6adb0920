package io.xmlformatter.cxf;

import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericXmlApplicationContext;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The feature configured in Spring XML as CXF users configure CXF's LoggingFeature. */
class SpringConfigurationTest {
    private GenericXmlApplicationContext context;

    private Bank start(String xml) {
        System.setProperty("bank.address", "http://127.0.0.1:" + CxfServer.freePort() + "/bank");
        context = new GenericXmlApplicationContext("classpath:" + xml);
        return context.getBean("bankClient", Bank.class);
    }

    @AfterEach
    void close() {
        context.close();
        System.clearProperty("bank.address");
    }

    @Test
    void endpointAndClientFeaturesInJaxwsElements() throws Exception {
        Bank bank = start("spring-endpoint-and-client.xml");
        assertTrue(bank.transfer("DE89370400440532013000", "1").startsWith("ok DE89"));
        CollectingSink server = context.getBean("serverSink", CollectingSink.class);
        CollectingSink client = context.getBean("clientSink", CollectingSink.class);
        List<LogRecord> in = server.await(2);
        client.await(2);
        assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), server.types());
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), client.types());
        assertTrue(in.get(0).payload().contains("<account>[*****]</account>"), in.get(0).payload());
        assertTrue(in.get(0).payload().contains("\n  <soap:Body>"), "prettyLogging: " + in.get(0).payload());
        assertFalse(client.all().get(0).payload().contains("\n  <soap:Body>"), "not pretty on the client");
    }

    @Test
    void busLevelFeatureCoversEveryEndpointAndClient() throws Exception {
        Bank bank = start("spring-bus.xml");
        bank.transfer("a", "1");
        CollectingSink sink = context.getBean("sink", CollectingSink.class);
        sink.await(4);
        assertEquals(4, sink.all().size(), sink.types().toString());
        assertTrue(sink.types().containsAll(List.of(MessageType.REQ_OUT, MessageType.REQ_IN, MessageType.RESP_OUT,
                MessageType.RESP_IN)), sink.types().toString());
    }

    @Test
    void theExchangesOptionsAndRulesInSpringXml() throws Exception {
        Bank bank = start("spring-strategy.xml");
        CollectingSink sink = context.getBean("sink", CollectingSink.class);
        bank.transfer("a", "1");
        List<LogRecord> plain = sink.await(2);
        assertEquals(List.of(LogLevel.DEBUG, LogLevel.DEBUG), List.of(plain.get(0).level(), plain.get(1).level()));
        assertEquals(null, plain.get(0).payload(), "BODY_ON_FAILURE: a success has no bodies");
        sink.clear();
        bank.echo("kept");
        assertTrue(sink.await(2).get(0).payload().contains("<text>kept</text>"), "the rule for echo: ALWAYS");
        sink.clear();
        try {
            bank.fail("no");
        } catch (BankException expected) {
            // the fault is the point
        }
        List<LogRecord> failed = sink.await(2);
        assertEquals(LogLevel.ERROR, failed.get(1).level());
        assertTrue(failed.get(0).payload().contains("<reason>no</reason>"), failed.get(0).payload());
    }
}
