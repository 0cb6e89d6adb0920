package io.xmlformatter.jaxws;

import com.sun.net.httpserver.HttpServer;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Endpoint;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.soap.SOAPFaultException;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.xml.namespace.QName;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The handler on the reference implementation's (jaxws-rt 4) client and endpoint, over HTTP on 127.0.0.1 (the
 * endpoint on the JDK's HTTP server); the client's records and the endpoint's in sinks of their own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SoapHandlerTest {
    private static final QName SERVICE = new QName("urn:bank", "BankService");
    private final CollectingSink clientSink = new CollectingSink();
    private final CollectingSink serverSink = new CollectingSink();
    private HttpServer http;
    private Endpoint endpoint;
    private String address;

    @BeforeAll
    @SuppressWarnings("rawtypes") // the API's handler chains are raw
    void start() throws Exception {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.start();
        endpoint = Endpoint.create(new Bank());
        List<Handler> chain = new ArrayList<>(endpoint.getBinding().getHandlerChain());
        chain.add(new XmlLoggingSoapHandler(MessageLogger.builder().sink(serverSink).build()));
        endpoint.getBinding().setHandlerChain(chain);
        endpoint.publish(http.createContext("/bank"));
        address = "http://127.0.0.1:" + http.getAddress().getPort() + "/bank";
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        http.stop(0);
    }

    @BeforeEach
    void clear() {
        clientSink.clear();
        serverSink.clear();
    }

    /** A client port: a WS-Security header added by a handler of the application's, then ours, last. */
    @SuppressWarnings("rawtypes")
    private BankPort port(String at) throws Exception {
        BankPort port = Service.create(new URL(address + "?wsdl"), SERVICE).getPort(BankPort.class);
        BindingProvider provider = (BindingProvider) port;
        provider.getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, at);
        List<Handler> chain = new ArrayList<>(provider.getBinding().getHandlerChain());
        chain.add(new UsernameToken());
        chain.add(new XmlLoggingSoapHandler(MessageLogger.builder().sink(clientSink).build()));
        provider.getBinding().setHandlerChain(chain);
        return port;
    }

    @Test
    void logsBothSidesWithTheOperationTheCorrelationIdSentAndWsSecurityMasked() throws Exception {
        assertEquals("balance of 7: 42.00", port(address).getAccount("7", "pin-secret-1"));
        List<LogRecord> client = clientSink.awaitExchange();
        List<LogRecord> server = serverSink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), clientSink.types());
        assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), serverSink.types());
        assertEquals("jaxws", client.get(0).integration());
        assertEquals("GetAccount", client.get(0).operation());
        assertEquals("GetAccount", server.get(0).operation());
        assertEquals("BankService", server.get(0).service());
        assertEquals(client.get(0).correlationId(), server.get(0).correlationId(), "the id sent on");
        assertTrue(client.get(0).payload().contains("GetAccount"), client.get(0).payload());
        assertTrue(server.get(1).payload().contains("42.00"), server.get(1).payload());
        assertEquals(200, client.get(1).responseCode());
        for (CollectingSink sink : List.of(clientSink, serverSink)) {
            assertFalse(sink.json().contains("ws-secret-2"), sink.json());
        }
        assertTrue(server.get(0).payload().contains("Security"), server.get(0).payload());
    }

    @Test
    void aFaultIsLoggedOnBothSides() throws Exception {
        assertThrows(SOAPFaultException.class, () -> port(address).getAccount("boom", "pin"));
        clientSink.awaitExchange();
        serverSink.awaitExchange();
        assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), serverSink.types());
        assertEquals(List.of(MessageType.REQ_OUT, MessageType.FAULT_IN), clientSink.types());
        assertEquals(500, clientSink.only(MessageType.FAULT_IN).responseCode());
        assertTrue(clientSink.only(MessageType.FAULT_IN).payload().contains("no such account"));
    }

    @Test
    void aConnectionRefusedIsAFailedExchangeWithItsRequest() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        BankPort port = port("http://127.0.0.1:" + closed + "/bank");
        assertThrows(jakarta.xml.ws.WebServiceException.class, () -> port.getAccount("7", "pin"));
        clientSink.await(1);
        assertEquals(List.of(MessageType.REQ_OUT), clientSink.types());
    }

    /** The application's own handler: a UsernameToken in a WS-Security header. */
    static final class UsernameToken implements SOAPHandler<SOAPMessageContext> {
        @Override
        public boolean handleMessage(SOAPMessageContext context) {
            if (Boolean.TRUE.equals(context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                try {
                    SOAPHeader header = context.getMessage().getSOAPPart().getEnvelope().getHeader();
                    if (header == null) {
                        header = context.getMessage().getSOAPPart().getEnvelope().addHeader();
                    }
                    String wsse = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
                    SOAPElement token = header.addChildElement("Security", "wsse", wsse)
                            .addChildElement("UsernameToken", "wsse");
                    token.addChildElement("Username", "wsse").addTextNode("ann");
                    token.addChildElement("Password", "wsse").addTextNode("ws-secret-2");
                } catch (SOAPException e) {
                    throw new IllegalStateException(e);
                }
            }
            return true;
        }

        @Override
        public boolean handleFault(SOAPMessageContext context) {
            return true;
        }

        @Override
        public void close(MessageContext context) {
        }

        @Override
        public Set<QName> getHeaders() {
            return Collections.emptySet();
        }
    }
}
