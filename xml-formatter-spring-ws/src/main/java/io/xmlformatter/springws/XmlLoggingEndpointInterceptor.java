package io.xmlformatter.springws;

import org.springframework.aop.support.AopUtils;
import org.springframework.ws.FaultAwareWebServiceMessage;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.SmartEndpointInterceptor;
import org.springframework.ws.server.endpoint.MethodEndpoint;
import org.springframework.ws.server.endpoint.support.PayloadRootUtils;
import org.springframework.ws.soap.SoapHeaderElement;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.transport.context.TransportContext;
import org.springframework.ws.transport.context.TransportContextHolder;
import org.springframework.xml.transform.TransformerHelper;

import javax.xml.namespace.QName;
import javax.xml.transform.TransformerException;
import java.util.Iterator;

/**
 * Tells the exchange an {@link XmlLoggingHandlerAdapter} began what only the endpoint's dispatch knows: the endpoint
 * (its class's simple name), the operation (the payload root's local name), the SOAP action (else the WS-Addressing
 * Action) and a fault (an exception no resolver turns into one fails the call, and so the exchange). A
 * {@code SmartEndpointInterceptor}: a bean of it applies to every endpoint. It reads the parsed message and changes
 * nothing.
 */
public class XmlLoggingEndpointInterceptor implements SmartEndpointInterceptor {
    private static final TransformerHelper TRANSFORMER = new TransformerHelper();

    @Override
    public boolean shouldIntercept(MessageContext messageContext, Object endpoint) {
        return exchange() != null;
    }

    @Override
    public boolean handleRequest(MessageContext messageContext, Object endpoint) {
        LoggedConnection exchange = exchange();
        if (exchange != null) {
            WebServiceMessage request = messageContext.getRequest();
            exchange.dispatched(service(endpoint), payloadRoot(request), action(request));
        }
        return true;
    }

    @Override
    public boolean handleResponse(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public boolean handleFault(MessageContext messageContext, Object endpoint) {
        return true;
    }

    @Override
    public void afterCompletion(MessageContext messageContext, Object endpoint, Exception ex) {
        LoggedConnection exchange = exchange();
        if (exchange != null) {
            if (messageContext.hasResponse() && messageContext.getResponse() instanceof FaultAwareWebServiceMessage f
                    && f.hasFault()) {
                exchange.fault();
            }
        }
    }

    /** The exchange of the request on this thread, or null (not on a servlet, or not logged). */
    private static LoggedConnection exchange() {
        TransportContext context = TransportContextHolder.getTransportContext();
        return context != null && context.getConnection() instanceof LoggedConnection c ? c : null;
    }

    /** The local name of the message's payload root, or null. */
    static String payloadRoot(WebServiceMessage message) {
        try {
            QName root = PayloadRootUtils.getPayloadRootQName(message.getPayloadSource(), TRANSFORMER);
            return root == null ? null : root.getLocalPart();
        } catch (TransformerException | RuntimeException e) {
            return null;
        }
    }

    private static String service(Object endpoint) {
        Object bean = endpoint instanceof MethodEndpoint m ? m.getBean() : endpoint;
        return bean == null ? null : AopUtils.getTargetClass(bean).getSimpleName();
    }

    /** The SOAP action, else the WS-Addressing Action header; null when neither is given. */
    private static String action(WebServiceMessage message) {
        if (!(message instanceof SoapMessage soap)) {
            return null;
        }
        String action = soap.getSoapAction();
        if (action != null && !action.isEmpty() && !"\"\"".equals(action)) {
            return action;
        }
        if (soap.getSoapHeader() != null) {
            Iterator<SoapHeaderElement> headers = soap.getSoapHeader().examineAllHeaderElements();
            while (headers.hasNext()) {
                SoapHeaderElement h = headers.next();
                if ("Action".equals(h.getName().getLocalPart()) && h.getName().getNamespaceURI().contains("addressing")) {
                    return h.getText();
                }
            }
        }
        return null;
    }
}
