package io.xmlformatter.cxf;

import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.slf4j.MDC;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The correlation id of an exchange: the host runtime's (e.g. Mule's), else read from a configurable inbound
 * header (or the exchange id when absent), in the MDC as {@code correlationId} and {@code exchangeId} from the
 * first interceptor of a server exchange to its last (then the previous values come back), and sent on with
 * outbound client calls.
 */
final class Correlation {
    static final String MDC_CORRELATION_ID = "correlationId";
    static final String MDC_EXCHANGE_ID = "exchangeId";
    private static final String KEY = Correlation.class.getName() + ".id";
    private static final String PREVIOUS = Correlation.class.getName() + ".previous";

    private final String header;
    private final CxfHost host;

    /**
     * @param header the header carrying the id
     * @param host the host runtime's id of a message and its way of sending it on
     */
    Correlation(String header, CxfHost host) {
        this.header = header;
        this.host = host;
    }

    /** The exchange's correlation id. */
    String idOf(Message message) {
        Exchange ex = message.getExchange();
        Object id = ex.get(KEY);
        return id != null ? id.toString() : CxfFacts.exchangeId(message);
    }

    /** A server exchange starts: take the id from the request header and put it into the MDC. */
    void begin(Message request) {
        Exchange ex = request.getExchange();
        String id = host.correlationIdOf(request);
        if (id == null) {
            id = headerValue(request);
        }
        ex.put(KEY, id != null ? id : CxfFacts.exchangeId(request));
        ex.put(PREVIOUS, new String[] {MDC.get(MDC_CORRELATION_ID), MDC.get(MDC_EXCHANGE_ID)});
        MDC.put(MDC_CORRELATION_ID, idOf(request));
        MDC.put(MDC_EXCHANGE_ID, CxfFacts.exchangeId(request));
    }

    /** A server exchange ends on this thread: the MDC gets back what it held before. */
    void end(Message message) {
        Object previous = message.getExchange().remove(PREVIOUS);
        if (previous instanceof String[]) {
            restore(MDC_CORRELATION_ID, ((String[]) previous)[0]);
            restore(MDC_EXCHANGE_ID, ((String[]) previous)[1]);
        }
    }

    /** A client request goes out: it carries the current correlation id (the caller's, if it has one). */
    void propagate(Message request) {
        String id = host.correlationIdOf(request);
        if (id == null) {
            id = MDC.get(MDC_CORRELATION_ID);
        }
        Exchange ex = request.getExchange();
        ex.put(KEY, id != null ? id : CxfFacts.exchangeId(request));
        Map<String, List<String>> headers = CxfFacts.protocolHeaders(request);
        if (headers == null) {
            headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            request.put(Message.PROTOCOL_HEADERS, headers);
        }
        if (!containsIgnoreCase(headers, header)) {
            headers.put(header, new ArrayList<>(Collections.singletonList(idOf(request))));
        }
        host.correlationIdSent(request, idOf(request));
    }

    private String headerValue(Message message) {
        Map<String, List<String>> headers = CxfFacts.protocolHeaders(message);
        if (headers == null) {
            return null;
        }
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (header.equalsIgnoreCase(e.getKey()) && e.getValue() != null && !e.getValue().isEmpty()) {
                String v = e.getValue().get(0);
                return v == null || v.trim().isEmpty() ? null : v.trim();
            }
        }
        return null;
    }

    private static boolean containsIgnoreCase(Map<String, List<String>> headers, String name) {
        for (String k : headers.keySet()) {
            if (name.equalsIgnoreCase(k)) {
                return true;
            }
        }
        return false;
    }

    private static void restore(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
