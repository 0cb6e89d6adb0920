package io.xmlformatter.cxf;

import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.MessageType;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Reads what a log record says about a CXF message: direction, ids, address, HTTP facts, endpoint, operation. */
final class MessageFacts {
    /** CXF's own key (LogEvent.KEY_EXCHANGE_ID): both features see the same exchange id. */
    static final String EXCHANGE_ID = "exchangeId";
    private static final String MESSAGE_ID = MessageFacts.class.getName() + ".messageId";
    private static final String NAMES = MessageFacts.class.getName() + ".names";

    private MessageFacts() {
    }

    /** REQ_IN, RESP_OUT, FAULT_OUT, ... as CXF names them. */
    static MessageType type(Message message) {
        boolean out = MessageUtils.isOutbound(message);
        boolean requestor = MessageUtils.isRequestor(message);
        if (isFault(message)) {
            return out ? MessageType.FAULT_OUT : MessageType.FAULT_IN;
        }
        if (out) {
            return requestor ? MessageType.REQ_OUT : MessageType.RESP_OUT;
        }
        return requestor ? MessageType.RESP_IN : MessageType.REQ_IN;
    }

    private static boolean isFault(Message message) {
        Exchange ex = message.getExchange();
        if (ex != null && (message == ex.getOutFaultMessage() || message == ex.getInFaultMessage())) {
            return true;
        }
        Object code = message.get(Message.RESPONSE_CODE);
        return !MessageUtils.isOutbound(message) && MessageUtils.isRequestor(message) && code instanceof Integer
                && (Integer) code >= 500;
    }

    /** The exchange's id, made (and kept in the exchange) on first use. */
    static String exchangeId(Message message) {
        Exchange ex = message.getExchange();
        Object id = ex.get(EXCHANGE_ID);
        if (id == null) {
            id = UUID.randomUUID().toString();
            ex.put(EXCHANGE_ID, id);
        }
        return id.toString();
    }

    /** Everything known about {@code message}, headers masked by {@code headers}. */
    static void describe(Message message, LogRecord.Builder b, HeaderMasker headers) {
        b.exchangeId(exchangeId(message));
        b.messageId(messageId(message));
        b.address(address(message));
        b.contentType(string(message.get(Message.CONTENT_TYPE)));
        b.encoding(string(message.get(Message.ENCODING)));
        b.httpMethod(string(message.get(Message.HTTP_REQUEST_METHOD)));
        Object code = message.get(Message.RESPONSE_CODE);
        if (code == null && MessageUtils.isOutbound(message) && !MessageUtils.isRequestor(message)) {
            code = message.getExchange().getOutFaultMessage() == message ? 500 : null;
        }
        if (code instanceof Integer) {
            b.responseCode((Integer) code);
        }
        SecurityContext sc = message.get(SecurityContext.class);
        if (sc != null && sc.getUserPrincipal() != null) {
            b.principal(sc.getUserPrincipal().getName());
        }
        Exchange ex = message.getExchange();
        if (ex.getEndpoint() != null && ex.getEndpoint().getEndpointInfo() != null) {
            String[] names = names(ex.getEndpoint().getEndpointInfo());
            b.service(names[0]).port(names[1]).portType(names[2]);
        }
        BindingOperationInfo op = ex.getBindingOperationInfo();
        if (op != null) {
            b.operation(op.getName().getLocalPart());
        }
        headers.describe(protocolHeaders(message), b);
    }

    /** The endpoint's service, port and port type names, made once per endpoint and kept on it. */
    private static String[] names(EndpointInfo ei) {
        Object kept = ei.getProperty(NAMES);
        if (kept instanceof String[]) {
            return (String[]) kept;
        }
        String[] names = {ei.getService() == null ? null : String.valueOf(ei.getService().getName()),
            String.valueOf(ei.getName()),
            ei.getInterface() == null ? null : String.valueOf(ei.getInterface().getName())};
        ei.setProperty(NAMES, names);
        return names;
    }

    @SuppressWarnings("unchecked")
    static Map<String, List<String>> protocolHeaders(Message message) {
        Object h = message.get(Message.PROTOCOL_HEADERS);
        return h instanceof Map ? (Map<String, List<String>>) h : null;
    }

    private static String messageId(Message message) {
        Object id = message.get(MESSAGE_ID);
        if (id == null) {
            id = message.getId() != null ? message.getId() : UUID.randomUUID().toString();
            message.put(MESSAGE_ID, id);
        }
        return id.toString();
    }

    private static String address(Message message) {
        String address = string(message.get(Message.REQUEST_URL));
        if (address == null) {
            address = string(message.get(Message.ENDPOINT_ADDRESS));
        }
        if (address == null) { // a response: its request knows where it went
            Exchange ex = message.getExchange();
            Message request = MessageUtils.isRequestor(message) ? ex.getOutMessage() : ex.getInMessage();
            if (request != null && request != message) {
                address = string(request.get(Message.REQUEST_URL));
                if (address == null) {
                    address = string(request.get(Message.ENDPOINT_ADDRESS));
                }
            }
        }
        String query = string(message.get(Message.QUERY_STRING));
        return query == null || address == null ? address : address + "?" + query;
    }

    private static String string(Object o) {
        return o == null ? null : o.toString();
    }
}
