package io.xmlformatter.cxf;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.springframework.core.io.ByteArrayResource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The migration a CXF user makes: CXF's own LoggingFeature, configured in each usual way, switched to
 * xml-formatter by a class name (or an import, or a property name) only. Each configuration runs first as it is,
 * then switched, against a real service on 127.0.0.1 with a WS-Security password in the request; the switched
 * records keep CXF's logger, level, MDC keys and marker, and are masked (and indented where CXF's were).
 */
class MigrationTest {
    private static final String SECRET = "migr4tion-s3cret";
    private static final String CXF_FEATURE = "org.apache.cxf.ext.logging.LoggingFeature";
    private static final String OUR_FEATURE = "io.xmlformatter.cxf.XmlLoggingFeature";
    /** The MDC keys CXF's SLF4J senders set on every request record of a SOAP service. */
    private static final List<String> CXF_REQUEST_KEYS = Arrays.asList("Type", "Address", "HttpMethod",
            "Content-Type", "ExchangeId", "ServiceName", "PortName", "PortTypeName", "Headers");

    private final Logger services = (Logger) LoggerFactory.getLogger("org.apache.cxf.services");
    private final ListAppender<ILoggingEvent> appender = new ListAppender<ILoggingEvent>() {
        @Override
        protected synchronized void append(ILoggingEvent e) {
            e.prepareForDeferredProcessing();
            super.append(e);
            notifyAll();
        }
    };
    private final Level level = services.getLevel();

    @BeforeEach
    void capture() {
        appender.start();
        services.addAppender(appender);
    }

    @AfterEach
    void release() {
        services.detachAppender(appender);
        services.setLevel(level);
        System.clearProperty(XmlLoggingBusListener.ENABLED_PROPERTY);
    }

    @Test
    void springXmlWithSenderLoggingLevelAndVerbose() throws Exception {
        services.setLevel(Level.DEBUG);
        // CXF's setVerbose replaces the sender, so CXF users set it first.
        String xml = "<bean id='logging' class='FEATURE'>"
                + "  <property name='verbose' value='true'/>"
                + "  <property name='prettyLogging' value='true'/>"
                + "  <property name='sender'>"
                + "    <bean class='org.apache.cxf.ext.logging.slf4j.Slf4jVerboseEventSender'>"
                + "      <property name='loggingLevel' value='DEBUG'/>"
                + "    </bean>"
                + "  </property>"
                + "</bean>"
                + "<jaxws:endpoint id='bank' implementor='io.xmlformatter.cxf.BankImpl' address='ADDRESS'>"
                + "  <jaxws:features><ref bean='logging'/></jaxws:features>"
                + "</jaxws:endpoint>";
        ILoggingEvent cxf = requestRecord(() -> spring(xml.replace("FEATURE", CXF_FEATURE)));
        ILoggingEvent ours = requestRecord(() -> spring(xml.replace("FEATURE", OUR_FEATURE)));
        assertEquals(Level.DEBUG, cxf.getLevel());
        assertSwitched(cxf, ours);
        assertTrue(ours.getFormattedMessage().contains("Payload: <soap:Envelope"),
                "CXF's verbose sender wrote it: " + ours.getFormattedMessage());
    }

    @Test
    void featuresAnnotation() throws Exception {
        ILoggingEvent cxf = requestRecord(() -> service(new CxfFeaturesBank()));
        ILoggingEvent ours = requestRecord(() -> service(new AnnotatedBank()));
        assertSwitched(cxf, ours);
    }

    @Test
    void loggingAnnotation() throws Exception {
        ILoggingEvent cxf = requestRecord(() -> service(new CxfLoggingAnnotatedBank()));
        ILoggingEvent ours = requestRecord(() -> service(new XmlLoggingAnnotatedBank()));
        assertSwitched(cxf, ours);
        assertIndented(ours);
    }

    @Test
    void busFeatures() throws Exception {
        String xml = "<cxf:bus><cxf:features>"
                + "  <bean class='FEATURE'><property name='prettyLogging' value='true'/></bean>"
                + "</cxf:features></cxf:bus>"
                + "<jaxws:endpoint id='bank' implementor='io.xmlformatter.cxf.BankImpl' address='ADDRESS'/>";
        ILoggingEvent cxf = requestRecord(() -> spring(xml.replace("FEATURE", CXF_FEATURE)));
        ILoggingEvent ours = requestRecord(() -> spring(xml.replace("FEATURE", OUR_FEATURE)));
        assertSwitched(cxf, ours);
        assertIndented(ours);
    }

    /**
     * CXF reads {@code org.apache.cxf.logging.enabled} once per JVM (other tests have created buses by now), so
     * only the switched form runs here; its record is held to CXF's keys and marker as the others are.
     */
    @Test
    void systemProperty() throws Exception {
        System.setProperty(XmlLoggingBusListener.ENABLED_PROPERTY, "pretty");
        ILoggingEvent ours = requestRecord(() -> service(new BankImpl()));
        assertTrue(ours.getMDCPropertyMap().keySet().containsAll(CXF_REQUEST_KEYS), ours.getMDCPropertyMap()
                .toString());
        assertEquals(Arrays.asList("SOAP"), markers(ours));
        assertMasked(ours);
        assertIndented(ours);
    }

    @Test
    void systemPropertyWithAnUnknownValueLeavesLoggingOff() throws Exception {
        System.setProperty(XmlLoggingBusListener.ENABLED_PROPERTY, "yes");
        try (Running r = service(new BankImpl())) {
            r.call();
        }
        assertEquals(0, appender.list.size(), "nothing logged");
    }

    @Test
    void ownSenderGetsTheFormattedMaskedEventWithCxfFields() throws Exception {
        BlockingQueue<LogEvent> events = new LinkedBlockingQueue<>();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setPrettyLogging(true);
        feature.setSender(events::add);
        try (CxfServer server = new CxfServer(feature)) {
            Bank client = server.client();
            CxfServer.soapHeaders(client, usernameToken());
            CxfServer.httpHeaders(client, CxfServer.header("Authorization", "Basic " + SECRET));
            client.transfer("DE89", "1");
            LogEvent in = events.poll(10, TimeUnit.SECONDS);
            assertNotNull(in);
            assertEquals(EventType.REQ_IN, in.getType());
            assertEquals("BankService", in.getServiceName().getLocalPart());
            assertEquals("BankPort", in.getPortName().getLocalPart());
            assertEquals("Bank", in.getPortTypeName().getLocalPart());
            assertTrue(in.getOperationName().contains("transfer"), in.getOperationName());
            assertEquals("POST", in.getHttpMethod());
            assertTrue(in.getAddress().endsWith("/bank"), in.getAddress());
            assertFalse(in.getPayload().contains(SECRET), in.getPayload());
            assertTrue(in.getPayload().contains("<wsse:Password>[*****]</wsse:Password>"), in.getPayload());
            assertTrue(in.getPayload().contains("\n  <soap:Body>"), "pretty: " + in.getPayload());
            assertFalse(in.getHeaders().toString().contains(SECRET), in.getHeaders().toString());
            LogEvent out = events.poll(10, TimeUnit.SECONDS);
            assertNotNull(out);
            assertEquals(EventType.RESP_OUT, out.getType());
            assertEquals("200", out.getResponseCode());
        }
    }

    private static void assertSwitched(ILoggingEvent cxf, ILoggingEvent ours) {
        assertEquals(cxf.getLoggerName(), ours.getLoggerName());
        assertEquals(cxf.getLevel(), ours.getLevel());
        assertEquals(markers(cxf), markers(ours));
        Map<String, String> before = cxf.getMDCPropertyMap();
        Map<String, String> after = ours.getMDCPropertyMap();
        assertTrue(before.keySet().containsAll(CXF_REQUEST_KEYS), "CXF's own keys: " + before.keySet());
        assertTrue(after.keySet().containsAll(before.keySet()), "CXF's keys " + before.keySet() + " in "
                + after.keySet());
        for (String key : Arrays.asList("Type", "HttpMethod", "ServiceName", "PortName", "PortTypeName")) {
            assertEquals(before.get(key), after.get(key), key);
        }
        assertEquals(withoutPort(before.get("Address")), withoutPort(after.get("Address")), "Address");
        // issue 51: the headers as CXF writes them ({Accept=*/*}, not {Accept=[*/*]}), in a hash map's order
        assertEquals(headers(before.get("Headers")), headers(after.get("Headers")), "Headers");
        assertMasked(ours);
    }

    /** The entries of a header map's text, sorted, ports left out. */
    private static List<String> headers(String text) {
        String inside = text.substring(1, text.length() - 1).replaceAll(":[0-9]{2,5}\\b", ":port");
        List<String> entries = new java.util.ArrayList<>(Arrays.asList(inside.split(", (?=[\\w-]+=)")));
        java.util.Collections.sort(entries);
        return entries;
    }

    private static String withoutPort(String address) {
        return address.replaceFirst(":[0-9]+/", ":port/");
    }

    private static void assertMasked(ILoggingEvent e) {
        String all = e.getFormattedMessage() + e.getMDCPropertyMap();
        assertFalse(all.contains(SECRET), all);
        assertTrue(e.getFormattedMessage().contains("<wsse:Password>[*****]</wsse:Password>"),
                e.getFormattedMessage());
    }

    private static void assertIndented(ILoggingEvent e) {
        assertTrue(e.getFormattedMessage().contains("\n  <soap:Body>"), e.getFormattedMessage());
    }

    private static List<String> markers(ILoggingEvent e) {
        List<String> names = new ArrayList<>();
        if (e.getMarkerList() != null) {
            for (Marker m : e.getMarkerList()) {
                names.add(m.getName());
            }
        }
        return names;
    }

    /** Starts a configuration, calls it once with a password in the request, and gives its REQ_IN record. */
    private ILoggingEvent requestRecord(Starter starter) throws Exception {
        synchronized (appender) {
            appender.list.clear();
        }
        try (Running r = starter.start()) {
            r.call();
        }
        synchronized (appender) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (requestIn() == null && System.nanoTime() < deadline) {
                appender.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
            ILoggingEvent in = requestIn();
            assertNotNull(in, "no REQ_IN record in " + appender.list.size() + " records");
            return in;
        }
    }

    private ILoggingEvent requestIn() {
        for (ILoggingEvent e : appender.list) {
            if (e.getLoggerName().endsWith("." + EventType.REQ_IN)) {
                return e;
            }
        }
        return null;
    }

    private static String usernameToken() {
        return "<wsse:Security xmlns:wsse='http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd'>"
                + "<wsse:UsernameToken><wsse:Username>alice</wsse:Username>"
                + "<wsse:Password>" + SECRET + "</wsse:Password></wsse:UsernameToken></wsse:Security>";
    }

    /** A configuration that runs until closed, and one call of it. */
    private interface Running extends AutoCloseable {
        void call();

        @Override
        void close();
    }

    private interface Starter {
        Running start();
    }

    /** A client without logging of its own, calling {@code address} with the password. */
    private static void call(String address) {
        JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
        cf.setBus(BusFactory.newInstance().createBus());
        cf.setServiceClass(Bank.class);
        cf.setAddress(address);
        Bank client = (Bank) cf.create();
        CxfServer.soapHeaders(client, usernameToken());
        client.transfer("DE89", "1");
        cf.getBus().shutdown(true);
    }

    private static Running spring(String beans) {
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/bank";
        String xml = "<beans xmlns='http://www.springframework.org/schema/beans'"
                + " xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'"
                + " xmlns:jaxws='http://cxf.apache.org/jaxws' xmlns:cxf='http://cxf.apache.org/core'"
                + " xsi:schemaLocation='"
                + "http://www.springframework.org/schema/beans http://www.springframework.org/schema/beans/spring-beans.xsd"
                + " http://cxf.apache.org/core http://cxf.apache.org/schemas/core.xsd"
                + " http://cxf.apache.org/jaxws http://cxf.apache.org/schemas/jaxws.xsd'>"
                + "<import resource='classpath:META-INF/cxf/cxf.xml'/>"
                + beans.replace("ADDRESS", address)
                + "</beans>";
        GenericXmlApplicationContext context = new GenericXmlApplicationContext(
                new ByteArrayResource(xml.getBytes(StandardCharsets.UTF_8)));
        return running(address, context::close);
    }

    /** The service on a bus of its own (so bus listeners see a new bus). */
    private static Running service(BankImpl implementation) {
        Bus bus = BusFactory.newInstance().createBus();
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/bank";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setBus(bus);
        sf.setServiceBean(implementation);
        sf.setAddress(address);
        Server server = sf.create();
        return running(address, () -> {
            server.stop();
            server.destroy();
            bus.shutdown(true);
        });
    }

    /** A configuration serving {@code address} until {@code stop} runs. */
    private static Running running(String address, Runnable stop) {
        return new Running() {
            @Override
            public void call() {
                MigrationTest.call(address);
            }

            @Override
            public void close() {
                stop.run();
            }
        };
    }
}
