package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.CxfTextLayout;
import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.LogEventSender;

import javax.xml.namespace.QName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sink that hands each record, as a CXF {@link LogEvent}, to a CXF {@link LogEventSender}: what
 * {@code XmlLoggingFeature}'s {@code sender}, {@code inSender} and {@code outSender} set. The event carries the
 * record's fields where CXF's event has room for them; its payload is the formatted, masked one and its headers
 * the masked ones (several values of a header joined with commas). An event always has a port type name (CXF's
 * SLF4J senders name their logger after it): the record's port type, else its service, else {@code unknown}.
 */
final class LogEventSenderSink implements LogSink {
    private final LogEventSender sender;

    LogEventSenderSink(LogEventSender sender) {
        if (sender == null) {
            throw new IllegalArgumentException("xml-formatter-cxf: the sender is null");
        }
        this.sender = sender;
    }

    @Override
    public void write(LogRecord record) {
        sender.send(toEvent(record));
    }

    /** The CXF event of {@code record}. */
    static LogEvent toEvent(LogRecord record) {
        LogEvent event = new LogEvent();
        event.setType(EventType.valueOf(record.type().name()));
        event.setExchangeId(record.exchangeId());
        event.setMessageId(record.messageId());
        event.setAddress(record.address());
        event.setHttpMethod(record.httpMethod());
        event.setContentType(record.contentType());
        event.setEncoding(record.encoding());
        event.setPrincipal(record.principal());
        event.setResponseCode(record.responseCode() == null ? null : record.responseCode().toString());
        event.setServiceName(qname(record.service()));
        event.setPortName(qname(record.port()));
        String portType = record.portType() != null ? record.portType() : record.service();
        event.setPortTypeName(portType != null ? qname(portType) : new QName("unknown"));
        event.setOperationName(CxfTextLayout.operationName(record));
        event.setHeaders(joined(record.headers()));
        event.setPayload(record.payload());
        event.setTruncated(record.truncated());
        event.setBinaryContent(record.binaryContent());
        event.setMultipartContent(record.multipartContent());
        return event;
    }

    /** Headers as CXF's event holds them: several values of one header joined with commas. */
    static Map<String, String> joined(Map<String, List<String>> headers) {
        Map<String, String> joined = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            joined.put(h.getKey(), String.join(",", h.getValue()));
        }
        return joined;
    }

    private static QName qname(String name) {
        if (name == null) {
            return null;
        }
        try {
            return QName.valueOf(name);
        } catch (IllegalArgumentException e) {
            return new QName(name);
        }
    }
}
