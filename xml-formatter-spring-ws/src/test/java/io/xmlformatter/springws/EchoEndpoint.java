package io.xmlformatter.springws;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.soap.server.endpoint.annotation.FaultCode;
import org.springframework.ws.soap.server.endpoint.annotation.SoapFault;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;

/** The test service: echoes a request's text, fails on demand, and has an operation secured by WS-Security. */
@Endpoint
public class EchoEndpoint {
    static final String NS = "urn:xf:echo";

    @PayloadRoot(namespace = NS, localPart = "EchoRequest")
    @ResponsePayload
    public Element echo(@RequestPayload Element request) throws Exception {
        String text = request.getTextContent();
        if (text.contains("fail")) {
            throw new EchoFailed("echo refused: " + text);
        }
        return reply("EchoResponse", text);
    }

    @PayloadRoot(namespace = NS, localPart = "SecureEchoRequest")
    @ResponsePayload
    public Element secureEcho(@RequestPayload Element request) throws Exception {
        return reply("SecureEchoResponse", request.getTextContent());
    }

    private static Element reply(String name, String text) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().newDocument();
        Element e = d.createElementNS(NS, name);
        e.setTextContent(text);
        d.appendChild(e);
        return e;
    }

    /** A failure Spring-WS turns into a SOAP fault. */
    @SoapFault(faultCode = FaultCode.SERVER)
    public static class EchoFailed extends Exception {
        private static final long serialVersionUID = 1L;

        EchoFailed(String message) {
            super(message);
        }
    }
}
