package io.xmlformatter.springws;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapMessageFactory;
import org.springframework.ws.transport.HeadersAwareSenderWebServiceConnection;
import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.context.TransportContext;
import org.springframework.ws.transport.context.TransportContextHolder;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Logs a {@code WebServiceTemplate}'s exchanges, REQ_OUT then RESP_IN or FAULT_IN, with the bytes as they went and
 * came on the wire, whatever the message sender; sends the correlation id in its header. {@link #install} adds it
 * to a template (first among its interceptors) with the message factory that captures the bytes.
 */
public class XmlLoggingClientInterceptor implements ClientInterceptor {
    private static final String REQUESTED = XmlLoggingClientInterceptor.class.getName() + ".requested";
    private static final String ANSWERED = XmlLoggingClientInterceptor.class.getName() + ".answered";
    private static final String REQUEST_BODY = XmlLoggingClientInterceptor.class.getName() + ".requestBody";
    private static final String RESPONSE_BODY = XmlLoggingClientInterceptor.class.getName() + ".responseBody";
    private final MessageLogger logger;

    /** Logs with {@code logger}; see {@link #install}. */
    public XmlLoggingClientInterceptor(MessageLogger logger) {
        this.logger = Objects.requireNonNull(logger, "logger");
    }

    /** Logs {@code template}'s exchanges with {@code logger}: call once its message factory is set. */
    public static void install(WebServiceTemplate template, MessageLogger logger) {
        if (template.getMessageFactory() instanceof SoapMessageFactory f && !(f instanceof CapturingMessageFactory)) {
            template.setMessageFactory(new CapturingMessageFactory(f));
        }
        List<ClientInterceptor> all = new ArrayList<>();
        all.add(new XmlLoggingClientInterceptor(logger));
        all.addAll(Arrays.asList(template.getInterceptors() == null ? new ClientInterceptor[0]
                : template.getInterceptors()));
        template.setInterceptors(all.toArray(new ClientInterceptor[0]));
    }

    @Override
    public boolean handleRequest(MessageContext messageContext) {
        TransportContext context = TransportContextHolder.getTransportContext();
        WebServiceConnection connection = context == null ? null : context.getConnection();
        WebServiceMessage request = messageContext.getRequest();
        URI uri = uri(connection);
        String action = request instanceof SoapMessage soap ? soap.getSoapAction() : null;
        ExchangeLog.RequestStage x = ExchangeLog.client(logger, name -> null, null, null)
                .integration(XmlLoggingHandlerAdapter.INTEGRATION).operation(uri == null ? null : uri.getHost(),
                        XmlLoggingEndpointInterceptor.payloadRoot(request), uri == null ? null : uri.getPath(), "POST",
                        action);
        try {
            if (connection instanceof HeadersAwareSenderWebServiceConnection h) {
                h.addRequestHeader(x.correlationHeader(), x.correlationId());
            }
        } catch (IOException e) {
            x.end();
            throw new IllegalStateException("xml-formatter: the correlation header could not be added", e);
        }
        MessageFacts facts = x.facts(MessageType.REQ_OUT).httpMethod("POST")
                .address(uri == null ? null : uri.toString()).header(x.correlationHeader(), List.of(x.correlationId()));
        ExchangeLog.ResponseStage r;
        if (request instanceof CapturedSaajMessage captured && x.capturesBody(MessageType.REQ_OUT)) {
            WrittenBody body = new WrittenBody(x.captureLimit());
            captured.captureInto(body, facts);
            messageContext.setProperty(REQUEST_BODY, body);
            r = x.request(facts, body);
        } else {
            r = x.request(facts);
        }
        if (r.capturesBody(MessageType.RESP_IN) || r.capturesBody(MessageType.FAULT_IN)) {
            BodyTee tee = new BodyTee(r.captureLimit(), -1);
            CapturingMessageFactory.RESPONSE.set(tee);
            messageContext.setProperty(RESPONSE_BODY, tee);
        }
        messageContext.setProperty(REQUESTED, r);
        return true;
    }

    @Override
    public boolean handleResponse(MessageContext messageContext) {
        respond(messageContext, MessageType.RESP_IN);
        return true;
    }

    @Override
    public boolean handleFault(MessageContext messageContext) {
        respond(messageContext, MessageType.FAULT_IN);
        return true;
    }

    private void respond(MessageContext messageContext, MessageType type) {
        boolean read = CapturingMessageFactory.RESPONSE.get() == null; // the response was read through the tee
        CapturingMessageFactory.RESPONSE.remove();
        if (!(messageContext.getProperty(REQUESTED) instanceof ExchangeLog.ResponseStage r)
                || messageContext.getProperty(ANSWERED) != null) {
            return;
        }
        MessageFacts facts = r.facts(type);
        TransportContext context = TransportContextHolder.getTransportContext();
        WebServiceConnection connection = context == null ? null : context.getConnection();
        if (connection instanceof HeadersAwareSenderWebServiceConnection c) {
            try {
                for (String name : list(c.getResponseHeaderNames())) {
                    List<String> values = list(c.getResponseHeaders(name));
                    facts.header(name, values);
                    if ("Content-Type".equalsIgnoreCase(name) && !values.isEmpty()) {
                        facts.contentType(values.get(0));
                    }
                }
            } catch (IOException e) {
                facts.attribute("factsError", e.getClass().getName());
            }
        }
        facts.responseCode(ResponseStatus.of(connection));
        BodyTee tee = (BodyTee) messageContext.getProperty(RESPONSE_BODY);
        messageContext.setProperty(ANSWERED, tee != null && read ? r.response(facts, tee) : r.response(facts));
    }

    @Override
    public void afterCompletion(MessageContext messageContext, Exception ex) {
        CapturingMessageFactory.RESPONSE.remove();
        if (messageContext.getProperty(REQUEST_BODY) instanceof WrittenBody body) {
            body.finish(); // a request never written (an interceptor after this one stopped the call): no body
        }
        if (messageContext.getProperty(RESPONSE_BODY) instanceof BodyTee tee) {
            tee.settle(); // what has arrived of a body the reader did not read to its end
        }
        if (messageContext.getProperty(ANSWERED) instanceof ExchangeLog.EndStage answered) {
            answered.end();
        } else if (messageContext.getProperty(REQUESTED) instanceof ExchangeLog.ResponseStage r) {
            (ex == null ? r.accepted() : r.failed()).end(); // no response: one way, or the call failed
        }
    }

    private static List<String> list(Iterator<String> it) {
        List<String> all = new ArrayList<>();
        it.forEachRemaining(all::add);
        return all;
    }

    private static URI uri(WebServiceConnection connection) {
        try {
            return connection == null ? null : connection.getUri();
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }
}
