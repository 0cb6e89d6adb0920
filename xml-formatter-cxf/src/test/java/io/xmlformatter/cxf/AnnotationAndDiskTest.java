package io.xmlformatter.cxf;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import javax.jws.WebService;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The feature by annotation, with its default SLF4J sink; and no body ever written to disk. */
class AnnotationAndDiskTest {
    /** Calls transfer on {@code bean} served at 127.0.0.1; returns the two records' events from SLF4J. */
    private static List<ILoggingEvent> logged(Object bean) throws Exception {
        Logger services = (Logger) LoggerFactory.getLogger("org.apache.cxf.services");
        ListAppender<ILoggingEvent> appender = new ListAppender<>() {
            @Override
            protected synchronized void append(ILoggingEvent e) {
                super.append(e);
                notifyAll();
            }
        };
        appender.start();
        services.addAppender(appender);
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/annotated";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceBean(bean);
        sf.setAddress(address);
        Server server = sf.create();
        try {
            org.apache.cxf.jaxws.JaxWsProxyFactoryBean cf = new org.apache.cxf.jaxws.JaxWsProxyFactoryBean();
            cf.setServiceClass(Bank.class);
            cf.setAddress(address);
            ((Bank) cf.create()).transfer("a", "1");
            synchronized (appender) { // the response record is written just after the reply leaves
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (appender.list.size() < 2 && System.nanoTime() < deadline) {
                    appender.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
            }
        } finally {
            services.detachAppender(appender);
            server.stop();
            server.destroy();
        }
        assertEquals(2, appender.list.size());
        return appender.list;
    }

    @Test
    void featuresAnnotationLogsThroughSlf4jUnderCxfLoggerNames() throws Exception {
        List<ILoggingEvent> events = logged(new AnnotatedBank());
        assertEquals("org.apache.cxf.services.Bank." + MessageType.REQ_IN, events.get(0).getLoggerName());
        assertTrue(events.get(0).getFormattedMessage().startsWith("REQ_IN\n"));
    }

    @Test
    void theAnnotationsStrategyApplies() throws Exception {
        List<ILoggingEvent> events = logged(new QuietBank());
        for (ILoggingEvent e : events) {
            assertTrue(e.getFormattedMessage().contains("PortTypeName: Bank"), e.getFormattedMessage());
            assertFalse(e.getFormattedMessage().contains("Payload:"), e.getFormattedMessage());
        }
    }

    /** The test service with {@code @XmlLogging(strategy = WITHOUT_BODY)}. */
    @WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
            targetNamespace = "urn:example:bank", portName = "BankPort")
    @XmlLogging(strategy = Strategy.WITHOUT_BODY)
    public static class QuietBank extends BankImpl {
    }

    @Test
    void largeBodiesWithoutALimitStayOffDisk() throws Exception {
        File tmp = new File(System.getProperty("java.io.tmpdir"));
        Set<String> before = new HashSet<>(Arrays.asList(tmp.list()));
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setSink(sink);
        f.setLimit(-1);
        f.setInMemThreshold(1024);
        try (CxfServer server = new CxfServer(f)) {
            String big = "secret-free text ".repeat(20_000);
            server.client().echo(big);
            sink.await(2);
        }
        Set<String> after = new HashSet<>(Arrays.asList(tmp.list()));
        after.removeAll(before);
        assertEquals(Set.of(), after, "new files in " + tmp);
        assertTrue(sink.only(MessageType.REQ_IN).truncated(),
                "limit -1 keeps inMemThreshold bytes in memory, cut visibly");
    }
}
