package io.xmlformatter.examples.cxf;

import jakarta.xml.ws.BindingProvider;
import org.apache.cxf.headers.Header;
import org.springframework.context.support.GenericXmlApplicationContext;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The README's demo: starts the SOAP service of {@code demo-context.xml} on 127.0.0.1, calls it with a WS-Security
 * password, with an amount that is refused (a SOAP fault) and for a large statement, and exits. Every message is
 * logged once, formatted and masked, by {@code XmlLoggingFeature} through SLF4J to the console.
 */
public final class CxfSpringDemo {
    private static final String WSSE =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private CxfSpringDemo() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("demo.address", "http://127.0.0.1:" + freePort() + "/payments");
        try (GenericXmlApplicationContext context = new GenericXmlApplicationContext("classpath:demo-context.xml")) {
            Payments payments = context.getBean("paymentsClient", Payments.class);

            banner("1. a payment with a WS-Security UsernameToken (its password and nonce are masked)");
            ((BindingProvider) payments).getRequestContext().put(Header.HEADER_LIST, List.of(new Header(
                    new QName(WSSE, "Security"), element("<wsse:Security xmlns:wsse='" + WSSE + "'>"
                    + "<wsse:UsernameToken><wsse:Username>alice</wsse:Username>"
                    + "<wsse:Password>s3cr3t-P@ssw0rd</wsse:Password><wsse:Nonce>bm9uY2UtMTIz</wsse:Nonce>"
                    + "</wsse:UsernameToken></wsse:Security>"))));
            payments.pay("DE89370400440532013000", 250.0);
            ((BindingProvider) payments).getRequestContext().remove(Header.HEADER_LIST);

            banner("2. a refused payment (a SOAP fault, logged once as FAULT_OUT / FAULT_IN)");
            try {
                payments.pay("DE89370400440532013000", 50_000.0);
            } catch (PaymentRefused expected) {
                System.out.println(">>> the client got the fault: " + expected.getMessage());
            }

            banner("3. a large statement (the response is cut at the limit, visibly, with its original size)");
            payments.statement("DE89370400440532013000", 400);
        }
        System.out.println(">>> done");
    }

    private static void banner(String text) {
        System.out.println();
        System.out.println(">>> " + text);
    }

    private static Element element(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
