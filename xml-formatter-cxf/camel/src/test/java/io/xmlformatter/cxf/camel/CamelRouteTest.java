package io.xmlformatter.cxf.camel;

import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.WsSecurityHeader;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.cxf.jaxws.CxfEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Camel route with a camel-cxf-soap consumer and producer, our feature in each endpoint's {@code features} (as
 * docs/camel.md writes it), Camel's own {@code loggingFeatureEnabled} off: a client calls the route over HTTP on
 * 127.0.0.1, the route calls a backend.
 */
class CamelRouteTest {
    private final CollectingSink sink = new CollectingSink();

    @Test
    void bothEndpointsAreLoggedMaskedAndCorrelatedAndTheAnswerIsTheSame() throws Exception {
        try (Route logged = new Route(true); Route plain = new Route(false)) {
            Payments client = logged.client();
            wsSecurity(client);
            String answer = client.pay("DE89370400440532013000", "250.00");
            assertEquals("paid 250.00 from DE89370400440532013000", answer);
            Payments unlogged = plain.client();
            wsSecurity(unlogged);
            assertEquals(answer, unlogged.pay("DE89370400440532013000", "250.00"), "the same answer without us");

            List<LogRecord> records = sink.await(4);
            assertEquals(4, records.size(), sink.types().toString());
            LogRecord in = find(records, MessageType.REQ_IN);
            LogRecord out = find(records, MessageType.REQ_OUT);
            assertTrue(in.payload().contains("<wsse:Username>alice</wsse:Username>"), in.payload());
            assertFalse(in.payload().contains("s3cr3t"), in.payload());
            assertTrue(out.payload().contains("<amount>250.00</amount>"), "the route's call: " + out.payload());
            assertTrue(out.payload().contains("<account>[*****]</account>"), "an IBAN, found by value: "
                    + out.payload());
            assertEquals(in.correlationId(), out.correlationId(), "one correlation id across the route");
            assertEquals(in.correlationId(), find(records, MessageType.RESP_IN).correlationId());
            assertEquals(in.exchangeId(), find(records, MessageType.RESP_OUT).exchangeId());
        }
    }

    @Test
    void theSpringXmlFormLogsBothEndpointsAsTheJavaFormDoes() throws Exception {
        String backendAddress = "http://127.0.0.1:" + freePort() + "/payments";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceClass(Payments.class);
        sf.setServiceBean(new PaymentsImpl());
        sf.setAddress(backendAddress);
        Server backend = sf.create();
        String routeAddress = "http://127.0.0.1:" + freePort() + "/route";
        System.setProperty("route.address", routeAddress);
        System.setProperty("backend.address", backendAddress);
        try (GenericXmlApplicationContext spring = new GenericXmlApplicationContext("classpath:camel-route.xml")) {
            JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
            cf.setServiceClass(Payments.class);
            cf.setAddress(routeAddress);
            Payments client = (Payments) cf.create();
            wsSecurity(client);
            assertEquals("paid 3.00 from acct-9", client.pay("acct-9", "3.00"));
            CollectingSink records = spring.getBean("sink", CollectingSink.class);
            List<LogRecord> all = records.await(4);
            LogRecord in = find(all, MessageType.REQ_IN);
            assertFalse(in.payload().contains("s3cr3t"), in.payload());
            assertTrue(in.payload().contains("\n  <soap:Body>"), "prettyLogging: " + in.payload());
            assertEquals(in.correlationId(), find(all, MessageType.REQ_OUT).correlationId());
        } finally {
            System.clearProperty("route.address");
            System.clearProperty("backend.address");
            backend.destroy();
        }
    }

    @Test
    void aFaultOfTheBackendIsLoggedAsAFaultOnBothEndpoints() throws Exception {
        try (Route logged = new Route(true)) {
            WebServiceException e = assertThrows(WebServiceException.class, () -> logged.client().refuse("no funds"));
            assertTrue(e.getMessage().contains("refused: no funds"), e.getMessage());
            List<LogRecord> records = sink.await(4);
            assertTrue(sink.types().containsAll(List.of(MessageType.REQ_IN, MessageType.REQ_OUT,
                    MessageType.FAULT_IN, MessageType.FAULT_OUT)), sink.types().toString());
            assertTrue(find(records, MessageType.FAULT_OUT).payload().contains("refused: no funds"));
        }
    }

    @Test
    void theRouteAnswersTheSameBytesWithAndWithoutTheFeature() throws Exception {
        String envelope = "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'><soap:Body>"
                + "<p:pay xmlns:p='urn:example:payments'><account>acct-7</account><amount>9.99</amount></p:pay>"
                + "</soap:Body></soap:Envelope>";
        try (Route logged = new Route(true); Route plain = new Route(false)) {
            byte[] with = post(logged.address, envelope);
            byte[] without = post(plain.address, envelope);
            assertEquals(new String(without, StandardCharsets.UTF_8), new String(with, StandardCharsets.UTF_8));
            assertTrue(Arrays.equals(without, with), "byte for byte");
            assertEquals(4, sink.await(4).size());
        }
    }

    private static byte[] post(String address, String envelope) throws Exception {
        HttpURLConnection c = (HttpURLConnection) new URL(address).openConnection();
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        c.setRequestProperty("SOAPAction", "\"\"");
        try (OutputStream out = c.getOutputStream()) {
            out.write(envelope.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(200, c.getResponseCode());
        try (InputStream in = c.getInputStream()) {
            return in.readAllBytes();
        }
    }

    private static LogRecord find(List<LogRecord> records, MessageType type) {
        return records.stream().filter(r -> r.type() == type).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " in " + records));
    }

    private static void wsSecurity(Payments client) {
        Element e = WsSecurityHeader.usernameToken("alice", "s3cr3t-P@ss");
        ((BindingProvider) client).getRequestContext().put(Header.HEADER_LIST,
                List.of(new Header(new QName(e.getNamespaceURI(), e.getLocalName()), e)));
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    /** A backend, and a Camel route in front of it whose two endpoints carry the feature (or not). */
    private final class Route implements AutoCloseable {
        final String address;
        private final Server backend;
        private final CamelContext camel = new DefaultCamelContext();

        Route(boolean withFeature) throws Exception {
            String backendAddress = "http://127.0.0.1:" + freePort() + "/payments";
            JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
            sf.setServiceClass(Payments.class);
            sf.setServiceBean(new PaymentsImpl());
            sf.setAddress(backendAddress);
            backend = sf.create();
            address = "http://127.0.0.1:" + freePort() + "/route";

            CxfEndpoint consumer = new CxfEndpoint();
            consumer.setAddress(address);
            consumer.setServiceClass(Payments.class);
            CxfEndpoint producer = new CxfEndpoint();
            producer.setAddress(backendAddress);
            producer.setServiceClass(Payments.class);
            if (withFeature) {
                XmlLoggingFeature feature = new XmlLoggingFeature();
                feature.setSink(sink);
                consumer.getFeatures().add(feature);
                producer.getFeatures().add(feature);
            }
            consumer.setCamelContext(camel);
            producer.setCamelContext(camel);
            camel.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(consumer).to(producer);
                }
            });
            camel.start();
        }

        Payments client() {
            JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
            cf.setServiceClass(Payments.class);
            cf.setAddress(address);
            return (Payments) cf.create();
        }

        @Override
        public void close() throws Exception {
            camel.close();
            backend.destroy();
        }
    }
}
