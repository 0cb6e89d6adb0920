package io.xmlformatter.cxf;

import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.testsupport.CollectingSink;
import javax.jws.WebService;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole chain on failure through a real proxy over HTTP on 127.0.0.1: a JAX-WS service that calls a backend
 * with a JAX-WS client, both logged by one feature with the chain option and {@link Strategy#FAILED_ONLY}.
 */
class ProxyChainTest {
    private static final CollectingSink sink = new CollectingSink();
    private static XmlLoggingFeature logging;
    private static CxfServer backend;
    private static Server proxyServer;
    private static Bank caller;

    /** The proxy: passes each call on to the backend; fails after a successful echo of "fail-after". */
    @WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
            targetNamespace = "urn:example:bank", portName = "BankPort")
    public static class Proxy implements Bank {
        private final Bank backend;

        Proxy(Bank backend) {
            this.backend = backend;
        }

        @Override
        public String transfer(String account, String amount) {
            return backend.transfer(account, amount);
        }

        @Override
        public String echo(String text) {
            String answer = backend.echo(text);
            if (answer.startsWith("fail-after")) {
                throw new IllegalStateException("the proxy failed after the backend answered");
            }
            return answer;
        }

        @Override
        public String fail(String reason) throws BankException {
            return backend.fail(reason);
        }

        @Override
        public void notifyAudit(String event) {
            backend.notifyAudit(event);
        }

        @Override
        public int upload(String name, byte[] data) {
            return backend.upload(name, data);
        }
    }

    @BeforeAll
    static void start() {
        logging = new XmlLoggingFeature();
        logging.setSink(sink);
        logging.setOptions(Map.of("exchange.strategy", "FAILED_ONLY", "exchange.chain", "true"));
        backend = new CxfServer();
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/proxy";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceClass(Bank.class);
        sf.setServiceBean(new Proxy(backend.client(logging)));
        sf.setAddress(address);
        sf.getFeatures().add(logging);
        proxyServer = sf.create();
        JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
        cf.setServiceClass(Bank.class);
        cf.setAddress(address);
        caller = (Bank) cf.create();
    }

    @AfterAll
    static void stop() {
        proxyServer.stop();
        proxyServer.destroy();
        backend.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
    }

    private static List<String> summary(List<LogRecord> records) {
        return records.stream().map(r -> r.type() + (r.payload() == null ? "" : " body"))
                .collect(Collectors.toList());
    }

    @Test
    void aChainThatWentWellIsNotWrittenAndNothingIsLeftHeld() throws Exception {
        assertTrue(caller.transfer("DE89370400440532013000", "1.00").startsWith("ok "));
        assertEquals(Arrays.asList(), sink.all(), "the proxy's response record was settled before it was sent");
        assertEquals(0, logging.getMessageLogger().openChains());
        assertEquals(0, logging.getMessageLogger().heldBytes());
    }

    @Test
    void aBackendFaultWritesTheProxysWholeChainWithBodies() throws Exception {
        assertThrows(BankException.class, () -> caller.fail("no funds"));
        List<LogRecord> records = sink.await(4);
        assertEquals(Arrays.asList("REQ_IN body", "REQ_OUT body", "FAULT_IN body", "FAULT_OUT body"),
                summary(records));
        assertEquals(1, records.stream().map(LogRecord::correlationId).distinct().count(), "one correlation id");
        assertEquals(0, logging.getMessageLogger().openChains());
    }

    @Test
    void aProxyThatFailsAfterTheBackendAnsweredWritesTheBackendsExchangeToo() throws Exception {
        assertThrows(RuntimeException.class, () -> caller.echo("fail-after this"));
        List<LogRecord> records = sink.await(4);
        assertEquals(Arrays.asList("REQ_IN body", "REQ_OUT body", "RESP_IN body", "FAULT_OUT body"),
                summary(records));
        assertTrue(records.get(2).payload().contains("fail-after this"), records.get(2).payload());
        assertEquals(0, logging.getMessageLogger().heldBytes());
    }
}
