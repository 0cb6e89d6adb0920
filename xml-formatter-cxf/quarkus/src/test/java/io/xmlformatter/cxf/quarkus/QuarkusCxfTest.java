package io.xmlformatter.cxf.quarkus;

import io.quarkiverse.cxf.annotation.CXFClient;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.WsSecurityHeader;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.xml.ws.BindingProvider;
import org.apache.cxf.headers.Header;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Quarkus application (JVM mode) whose quarkus-cxf service and client carry the feature as docs/quarkus.md
 * registers it, with options from application.properties: a WS-Security call over HTTP on 127.0.0.1.
 */
@QuarkusTest
class QuarkusCxfTest {
    /** The test's sink, a bean the recipe's producer takes. */
    static final class Sink {
        @Produces
        @Singleton
        CollectingSink sink() {
            return new CollectingSink();
        }
    }

    @Inject
    @CXFClient("payments")
    Payments payments;

    @Inject
    CollectingSink sink;

    /** The service's address on the port the test run got (the configured client's port is the test port, 0). */
    @TestHTTPResource("/services/payments")
    URL service;

    @Test
    void theServiceAndTheClientAreLoggedMaskedWithTheOptionsOfApplicationProperties() throws Exception {
        Element e = WsSecurityHeader.usernameToken("alice", "s3cr3t-P@ss");
        ((BindingProvider) payments).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                service.toString());
        ((BindingProvider) payments).getRequestContext().put(Header.HEADER_LIST,
                List.of(new Header(new QName(e.getNamespaceURI(), e.getLocalName()), e)));

        assertEquals("paid 1.00 from acct-7", payments.pay("acct-7", "1.00"));

        List<LogRecord> records = sink.await(4);
        assertEquals(List.of(MessageType.REQ_IN, MessageType.REQ_OUT, MessageType.RESP_IN, MessageType.RESP_OUT),
                records.stream().map(LogRecord::type).sorted().toList());
        for (LogRecord r : records) {
            if (r.type().isRequest()) {
                assertFalse(r.payload().contains("s3cr3t"), r.payload());
                assertTrue(r.payload().contains("<account>[*****]</account>"), "masking.element-names: " + r.payload());
                assertTrue(r.payload().contains("\n  <soap:Body>"), "body.pretty: " + r.payload());
            }
        }
        assertEquals(1, records.stream().map(LogRecord::correlationId).distinct().count(), "one correlation id");
    }
}
