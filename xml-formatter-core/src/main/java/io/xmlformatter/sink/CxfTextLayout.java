package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.RecordLayout;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CXF's own text layout ({@code LogMessageFormatter}, what CXF's {@code Slf4jVerboseEventSender} logs), line for line:
 * the type, then {@code Address}, {@code HttpMethod}, {@code Content-Type}, {@code ResponseCode}, {@code ExchangeId},
 * {@code ServiceName}, {@code PortName}, {@code PortTypeName} (local names), {@code Headers} (a single value as it
 * is, several as a list, in a hash map's order as CXF writes them) and {@code Payload}, each on a line of its own
 * as {@code "    Name: value"}. For log parsers built on CXF's lines; the record's other fields are not shown
 * (use {@link TextLayout} or structured fields for them).
 */
public final class CxfTextLayout implements RecordLayout {
    /** The shared instance. */
    public static final CxfTextLayout INSTANCE = new CxfTextLayout();

    private CxfTextLayout() {
    }

    /**
     * The lines before the payload are made in a small builder; the payload is then copied once, into the String
     * returned ({@code String.join} sizes it exactly and, from Java 17 on, keeps its array).
     */
    @Override
    public String format(LogRecord record) {
        String request = record.request() == null ? "" : format(record.request()); // a whole exchange: its request's
        StringBuilder b = new StringBuilder(384);
        b.append(record.type()).append('\n');
        write(b, "Address", record.address());
        write(b, "HttpMethod", record.httpMethod());
        write(b, "Content-Type", record.contentType());
        write(b, "ResponseCode", record.responseCode() == null ? null : record.responseCode().toString());
        write(b, "ExchangeId", record.exchangeId());
        if (record.service() != null) {
            write(b, "ServiceName", Slf4jSink.localName(record.service()));
            write(b, "PortName", Slf4jSink.localName(record.port()));
            write(b, "PortTypeName", Slf4jSink.localName(record.portType()));
        }
        write(b, "Headers", headers(record.headers()).toString());
        String payload = record.payload();
        if (payload == null || payload.isEmpty()) {
            return request.isEmpty() ? b.toString() : request + b;
        }
        return String.join("", request, b.append("    Payload: "), payload, "\n");
    }

    /**
     * The record's operation as CXF's events name it: a SOAP operation qualified by its port type's namespace
     * ({@code {urn:example:bank}transfer}); a REST one as the adapter gave it ({@code GET[/accounts/7]}); null when
     * none.
     */
    public static String operationName(LogRecord record) {
        String op = record.operation();
        String portType = record.portType();
        if (op == null || op.startsWith("{") || op.indexOf('[') >= 0 || portType == null
                || !portType.startsWith("{")) {
            return op;
        }
        return portType.substring(0, portType.lastIndexOf('}') + 1) + op;
    }

    /** The headers as CXF's event has them: one value as it is, several as a list. */
    static Map<String, String> headers(Map<String, List<String>> headers) {
        Map<String, String> m = new HashMap<>();
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            List<String> values = e.getValue();
            if (values.size() == 1) {
                m.put(e.getKey(), values.get(0));
            } else {
                m.put(e.getKey(), values.toString());
            }
        }
        return m;
    }

    private static void write(StringBuilder b, String name, String value) {
        if (value != null) {
            b.append("    ").append(name).append(": ").append(value).append('\n');
        }
    }
}
