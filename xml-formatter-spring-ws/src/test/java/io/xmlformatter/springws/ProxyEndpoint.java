package io.xmlformatter.springws;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.transport.context.TransportContextHolder;
import org.springframework.ws.transport.http.HttpServletConnection;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;
import org.w3c.dom.Element;

/** A proxy: passes an echo on to the unlogged service on the same server, through a logged template. */
@Endpoint
public class ProxyEndpoint {
    private final WebServiceTemplate template;

    ProxyEndpoint(WebServiceTemplate template) {
        this.template = template;
    }

    @PayloadRoot(namespace = EchoEndpoint.NS, localPart = "ProxyRequest")
    @ResponsePayload
    public StringSource proxy(@RequestPayload Element request) {
        HttpServletRequest in = ((HttpServletConnection) TransportContextHolder.getTransportContext().getConnection())
                .getHttpServletRequest();
        StringResult result = new StringResult();
        template.sendSourceAndReceiveToResult("http://127.0.0.1:" + in.getLocalPort() + "/plain/",
                new StringSource("<e:EchoRequest xmlns:e='urn:xf:echo'>" + request.getTextContent()
                        + "</e:EchoRequest>"), result);
        return new StringSource(result.toString());
    }
}
