package io.xmlformatter.cxf;

import javax.xml.ws.BindingProvider;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A real CXF JAX-WS service on Jetty at 127.0.0.1 and clients for it: what the CXF tests run against. */
final class CxfServer implements AutoCloseable {
    final BankImpl bank = new BankImpl();
    final String address;
    private final Server server;

    CxfServer(Feature... features) {
        this(p -> { }, features);
    }

    /** A service whose interceptor lists {@code interceptors} fills, with these features. */
    CxfServer(Consumer<InterceptorProvider> interceptors, Feature... features) {
        address = "http://127.0.0.1:" + freePort() + "/bank";
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceClass(Bank.class);
        sf.setServiceBean(bank);
        sf.setAddress(address);
        for (Feature f : features) {
            sf.getFeatures().add(f);
        }
        interceptors.accept(sf);
        server = sf.create();
    }

    /** A client proxy with these features. */
    Bank client(Feature... features) {
        return client(p -> { }, features);
    }

    /** A client proxy whose interceptor lists {@code interceptors} fills, with these features. */
    Bank client(Consumer<InterceptorProvider> interceptors, Feature... features) {
        JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
        cf.setServiceClass(Bank.class);
        cf.setAddress(address);
        for (Feature f : features) {
            cf.getFeatures().add(f);
        }
        interceptors.accept(cf);
        return (Bank) cf.create();
    }

    /** Adds SOAP headers (parsed from XML) to the client's next calls. */
    static void soapHeaders(Bank client, String... xml) {
        List<Header> headers = new ArrayList<>();
        for (String x : xml) {
            Element e = parse(x);
            headers.add(new Header(new QName(e.getNamespaceURI(), e.getLocalName()), e));
        }
        ((BindingProvider) client).getRequestContext().put(Header.HEADER_LIST, headers);
    }

    /** Adds HTTP headers to the client's next calls. */
    static void httpHeaders(Bank client, Map<String, List<String>> headers) {
        ((BindingProvider) client).getRequestContext().put(
                org.apache.cxf.message.Message.PROTOCOL_HEADERS, headers);
    }

    static Element parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
            return d.getDocumentElement();
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, List<String>> header(String name, String value) {
        return new java.util.TreeMap<>(Collections.singletonMap(name, Collections.singletonList(value)));
    }

    @Override
    public void close() {
        server.stop();
        server.destroy();
    }
}
