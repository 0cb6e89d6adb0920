package io.xmlformatter.jaxws;

import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;

import javax.xml.namespace.QName;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Logs the exchanges of Jakarta XML Web Services — the reference implementation's (Metro's: GlassFish, Payara,
 * WebLogic, standalone clients) clients and endpoints, or any runtime's — as one {@code SOAPHandler}: a client's
 * request (REQ_OUT) and response (RESP_IN, FAULT_IN), an endpoint's request (REQ_IN) and response (RESP_OUT,
 * FAULT_OUT), with the operation from the binding and the HTTP headers the runtime gives; a client sends the
 * correlation id in the {@code X-Correlation-ID} header and an endpoint takes it from there. The body is the SOAP
 * message as the runtime serialises it for the handler (the same infoset as the wire; prefixes, whitespace and the
 * XML declaration may differ — Metro's transport dump shows the exact bytes, unmasked). Records are named
 * {@code io.xmlformatter.jaxws.<service>.<TYPE>} by the SLF4J sink.
 *
 * <pre>{@code
 * List<Handler> chain = new ArrayList<>(((BindingProvider) port).getBinding().getHandlerChain());
 * chain.add(new XmlLoggingSoapHandler(logger));                   // last: it sees what the others added
 * ((BindingProvider) port).getBinding().setHandlerChain(chain);
 * }</pre>
 */
public final class XmlLoggingSoapHandler implements SOAPHandler<SOAPMessageContext> {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "jaxws";
    /** The context property that holds the exchange from its request to its response. */
    private static final String EXCHANGE = XmlLoggingSoapHandler.class.getName() + ".exchange";
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingSoapHandler(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public Set<QName> getHeaders() {
        return Collections.emptySet();
    }

    @Override
    public boolean handleMessage(SOAPMessageContext context) {
        handle(context, false);
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext context) {
        handle(context, true);
        return true;
    }

    /** The exchange is over: one that got no response (a failed call, a one-way one) ends here. */
    @Override
    public void close(MessageContext context) {
        Object stage = context.get(EXCHANGE);
        if (stage instanceof ExchangeLog.ResponseStage) {
            context.remove(EXCHANGE);
            ExchangeLog.ResponseStage s = (ExchangeLog.ResponseStage) stage;
            if (Boolean.TRUE.equals(context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
                s.accepted().end(); // a one-way request sent, no response to come
            } else {
                s.failed().end();
            }
        }
    }

    private void handle(SOAPMessageContext context, boolean fault) {
        boolean outbound = Boolean.TRUE.equals(context.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY));
        Object stage = context.get(EXCHANGE);
        if (stage instanceof ExchangeLog.ResponseStage) {
            context.remove(EXCHANGE);
            respond((ExchangeLog.ResponseStage) stage, context, outbound, fault);
        } else if (stage == null) {
            request(context, outbound);
        }
    }

    /** A request: a client's going out, an endpoint's coming in. */
    private void request(SOAPMessageContext context, boolean outbound) {
        Map<String, List<String>> headers = headers(context, MessageContext.HTTP_REQUEST_HEADERS);
        QName service = (QName) context.get(MessageContext.WSDL_SERVICE);
        QName operation = (QName) context.get(MessageContext.WSDL_OPERATION);
        String address = outbound ? (String) context.get(BindingProvider.ENDPOINT_ADDRESS_PROPERTY) : null;
        String soapAction = first(headers, "SOAPAction");
        ExchangeLog.RequestStage begun = (outbound ? ExchangeLog.client(logger, n -> first(headers, n), null, null)
                : ExchangeLog.server(logger, n -> first(headers, n), null, null)).integration(INTEGRATION)
                .operation(service == null ? null : service.getLocalPart(),
                        operation == null ? null : operation.getLocalPart(), path(address), "POST", soapAction);
        MessageType type = outbound ? MessageType.REQ_OUT : MessageType.REQ_IN;
        MessageType answer = outbound ? MessageType.RESP_IN : MessageType.RESP_OUT;
        if (!begun.logs(type) && !begun.logs(answer)) {
            begun.end();
            context.put(EXCHANGE, false); // not logged: the response is not either
            context.setScope(EXCHANGE, MessageContext.Scope.HANDLER);
            return;
        }
        if (outbound && first(headers, begun.correlationHeader()) == null) {
            headers.put(begun.correlationHeader(), Collections.singletonList(begun.correlationId()));
            context.put(MessageContext.HTTP_REQUEST_HEADERS, headers);
        }
        MessageFacts facts = begun.facts(type).httpMethod("POST").address(address)
                .contentType(first(headers, "Content-Type"));
        headers.forEach(facts::header);
        ExchangeLog.ResponseStage stage = begun.capturesBody(type) ? begun.request(facts, body(context, begun))
                : begun.request(facts);
        context.put(EXCHANGE, stage);
        context.setScope(EXCHANGE, MessageContext.Scope.HANDLER);
    }

    /** A response: an endpoint's going out, a client's coming in. */
    private static void respond(ExchangeLog.ResponseStage stage, SOAPMessageContext context, boolean outbound,
            boolean fault) {
        MessageType type = outbound ? (fault ? MessageType.FAULT_OUT : MessageType.RESP_OUT)
                : (fault ? MessageType.FAULT_IN : MessageType.RESP_IN);
        Map<String, List<String>> headers = outbound ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER)
                : headers(context, MessageContext.HTTP_RESPONSE_HEADERS);
        Object code = context.get(MessageContext.HTTP_RESPONSE_CODE);
        MessageFacts facts = stage.facts(type).responseCode(code instanceof Integer ? (Integer) code
                : fault ? 500 : 200).contentType(first(headers, "Content-Type"));
        headers.forEach(facts::header);
        (stage.capturesBody(type) ? stage.response(facts, body(context, stage)) : stage.response(facts)).end();
    }

    /** The message as the runtime serialises it, up to the capture limit. */
    private static CapturedBody body(SOAPMessageContext context, ExchangeLog.Stage stage) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            context.getMessage().writeTo(out);
        } catch (SOAPException | IOException | RuntimeException e) {
            return null; // not serialisable here: no body, rather than a partial one
        }
        byte[] bytes = out.toByteArray();
        int limit = stage.captureLimit();
        return bytes.length <= limit ? CapturedBody.of(bytes) : CapturedBody.prefix(bytes, limit, bytes.length);
    }

    /** The HTTP headers the runtime gives (a copy: a client's request headers are put back with ours added). */
    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> headers(MessageContext context, String property) {
        Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Object given = context.get(property);
        if (given instanceof Map) {
            ((Map<String, List<String>>) given).forEach((n, v) -> {
                if (n != null && v != null) {
                    copy.put(n, new ArrayList<>(v));
                }
            });
        }
        return copy;
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The path of an address, without its query. */
    private static String path(String address) {
        if (address == null) {
            return null;
        }
        String rest = address.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*", "");
        return rest.replaceFirst("[?#].*", "");
    }
}
