package io.xmlformatter.cxf;

import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.security.SecurityContext;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.EndpointInfo;
import org.apache.cxf.service.model.InterfaceInfo;
import org.apache.cxf.service.model.ServiceInfo;

import java.util.List;
import java.util.Map;

/** Reads what a CXF message tells a record: direction, ids, address, HTTP facts, endpoint, operation, headers. */
final class CxfFacts {
    /** CXF's own key (LogEvent.KEY_EXCHANGE_ID): both features see the same exchange id. */
    static final String EXCHANGE_ID = "exchangeId";
    private static final String MESSAGE_ID = CxfFacts.class.getName() + ".messageId";
    private static final String NAMES = CxfFacts.class.getName() + ".names";

    private CxfFacts() {
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

    /** A fault message of its exchange (a status at or above the fault status makes a fault in core). */
    private static boolean isFault(Message message) {
        Exchange ex = message.getExchange();
        return ex != null && (message == ex.getOutFaultMessage() || message == ex.getInFaultMessage());
    }

    /** The exchange's id, made by {@code logger} (and kept in the exchange) on first use. */
    static String exchangeId(Message message, MessageLogger logger) {
        Exchange ex = message.getExchange();
        Object id = ex.get(EXCHANGE_ID);
        if (id == null) {
            id = logger.newId();
            ex.put(EXCHANGE_ID, id);
        }
        return id.toString();
    }

    /** The port type's name (else the service's) of the message's endpoint, which names the SLF4J logger. */
    static String owner(Message message) {
        Exchange ex = message.getExchange();
        if (ex == null || ex.getEndpoint() == null || ex.getEndpoint().getEndpointInfo() == null) {
            return null;
        }
        String[] names = names(ex.getEndpoint().getEndpointInfo());
        return names[2] != null ? names[2] : names[0];
    }

    /** Adds everything known about {@code message}, as the transport gave it (the message logger masks). */
    static MessageFacts describe(Message message, MessageFacts f, MessageLogger logger) {
        f.messageId(messageId(message, logger));
        f.address(address(message));
        f.contentType(string(message.get(Message.CONTENT_TYPE)));
        f.encoding(string(message.get(Message.ENCODING)));
        f.httpMethod(string(message.get(Message.HTTP_REQUEST_METHOD)));
        Object code = message.get(Message.RESPONSE_CODE);
        if (code == null && MessageUtils.isOutbound(message) && !MessageUtils.isRequestor(message)) {
            code = message.getExchange().getOutFaultMessage() == message ? 500 : null;
        }
        if (code instanceof Integer) {
            f.responseCode((Integer) code);
        }
        SecurityContext sc = message.get(SecurityContext.class);
        if (sc != null && sc.getUserPrincipal() != null) {
            f.principal(sc.getUserPrincipal().getName());
        }
        Exchange ex = message.getExchange();
        if (ex.getEndpoint() != null && ex.getEndpoint().getEndpointInfo() != null) {
            String[] names = names(ex.getEndpoint().getEndpointInfo());
            f.service(names[0]).port(names[1]).portType(names[2]);
        }
        f.operation(operation(message));
        return f.headers(protocolHeaders(message));
    }

    /**
     * The endpoint's service, port and port type names, as CXF's own logging names them (the port type is the
     * service's interface: a JAX-RS resource class, or {@code WebClient}; without a service, the port's name), made
     * once per endpoint and kept on it.
     */
    private static String[] names(EndpointInfo ei) {
        Object kept = ei.getProperty(NAMES);
        if (kept instanceof String[]) {
            return (String[]) kept;
        }
        ServiceInfo service = ei.getService();
        InterfaceInfo iface = service == null ? null : service.getInterface();
        String port = String.valueOf(ei.getName());
        String[] names = {service == null ? null : String.valueOf(service.getName()), port,
            iface == null ? port : String.valueOf(iface.getName())};
        ei.setProperty(NAMES, names);
        return names;
    }

    @SuppressWarnings("unchecked")
    static Map<String, List<String>> protocolHeaders(Message message) {
        Object h = message.get(Message.PROTOCOL_HEADERS);
        return h instanceof Map ? (Map<String, List<String>>) h : null;
    }

    /**
     * The operation: for SOAP its local name once the message is dispatched (else null); for REST, as CXF's own
     * logging names it, the request's HTTP method and its path below the base path, e.g. {@code GET[/accounts/7]}.
     */
    static String operation(Message message) {
        Exchange ex = message.getExchange();
        if (ex == null) {
            return null;
        }
        if (ex.getBinding() == null || !"SoapBinding".equals(ex.getBinding().getClass().getSimpleName())) {
            return restOperation(MessageUtils.isRequestor(message) ? ex.getOutMessage() : ex.getInMessage());
        }
        BindingOperationInfo op = ex.getBindingOperationInfo();
        return op == null ? null : op.getName().getLocalPart();
    }

    private static String restOperation(Message request) {
        String method = request == null ? null : string(request.get(Message.HTTP_REQUEST_METHOD));
        if (method == null) {
            return null;
        }
        String uri = string(request.get(Message.REQUEST_URI));
        String base = string(request.get(Message.BASE_PATH));
        String path = uri == null ? "" : base == null ? uri : uri.startsWith(base) ? uri.substring(base.length()) : "";
        return method + "[" + (uri != null && path.isEmpty() ? "/" : path) + "]";
    }

    /** The address's path, without the query, or null. */
    static String path(Message message) {
        String address = address(message);
        try {
            return address == null ? null : new java.net.URI(address).getRawPath();
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    /** The first value of a protocol header (any case), or null. */
    static String header(Message message, String name) {
        Map<String, List<String>> headers = protocolHeaders(message);
        if (headers != null) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (name.equalsIgnoreCase(e.getKey()) && e.getValue() != null && !e.getValue().isEmpty()) {
                    return e.getValue().get(0);
                }
            }
        }
        return null;
    }

    /** The body's declared size (its Content-Length header), or -1. */
    static long contentLength(Message message) {
        String length = header(message, "Content-Length");
        try {
            return length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String messageId(Message message, MessageLogger logger) {
        Object id = message.get(MESSAGE_ID);
        if (id == null) {
            id = message.getId() != null ? message.getId() : logger.newId();
            message.put(MESSAGE_ID, id);
        }
        return id.toString();
    }

    /** The message's address with its query; a response without one has its request's. */
    private static String address(Message message) {
        Message source = message;
        String address = addressOf(message);
        if (address == null) { // a response: its request knows where it went
            Exchange ex = message.getExchange();
            Message request = MessageUtils.isRequestor(message) ? ex.getOutMessage() : ex.getInMessage();
            if (request != null && request != message) {
                source = request;
                address = addressOf(request);
            }
        }
        String query = string(source.get(Message.QUERY_STRING));
        return query == null || address == null ? address : address + "?" + query;
    }

    /**
     * As CXF's logging has it: the request URL; else a relative request URI below the endpoint's address (the local
     * transport, a servlet's mapping); else the endpoint's address.
     */
    private static String addressOf(Message message) {
        String url = string(message.get(Message.REQUEST_URL));
        if (url != null) {
            return url;
        }
        String endpoint = string(message.get(Message.ENDPOINT_ADDRESS));
        String uri = string(message.get(Message.REQUEST_URI));
        if (uri != null && uri.startsWith("/")) {
            return endpoint != null && !endpoint.startsWith(uri) ? endpoint + uri : uri;
        }
        return endpoint;
    }

    static String string(Object o) {
        return o == null ? null : o.toString();
    }
}
