package io.xmlformatter.mule;

import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.MessageType;
import org.mule.api.DefaultMuleException;
import org.mule.api.MuleEvent;
import org.mule.api.MuleException;
import org.mule.api.MuleMessage;
import org.mule.api.processor.MessageProcessor;
import org.mule.api.transport.PropertyScope;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Logs an XML payload anywhere in a flow, without CXF ({@code http:listener} → this → {@code vm} or
 * {@code http:request}), with the settings of a {@link MuleXmlLogging} bean. The flow sees the same payload after
 * it: strings and byte arrays are only read; of a stream, the first bytes (up to the limit) are read and put back
 * in front of the rest (the payload becomes a stream giving the same bytes). Other payload types are logged as
 * their type's name.
 *
 * <pre>{@code
 * <custom-processor class="io.xmlformatter.mule.XmlLoggingMessageProcessor">
 *   <spring:property name="logging" ref="xmlLogging"/>
 * </custom-processor>
 * }</pre>
 */
public class XmlLoggingMessageProcessor implements MessageProcessor {
    private MuleXmlLogging logging;
    private MessageType type = MessageType.REQ_IN;

    /** The settings (formatter, masking, sinks); required. */
    public void setLogging(MuleXmlLogging logging) {
        this.logging = logging;
    }

    /** The record's type: {@code REQ_IN} (default), {@code REQ_OUT}, {@code RESP_IN}, {@code RESP_OUT}, ... */
    public void setType(String type) {
        this.type = MessageType.valueOf(type.trim());
    }

    @Override
    public MuleEvent process(MuleEvent event) throws MuleException {
        if (logging == null) {
            throw new IllegalStateException("XmlLoggingMessageProcessor: the property 'logging' is not set");
        }
        MuleMessage message = event.getMessage();
        LogRecord.Builder record = LogRecord.builder(type).messageId(message.getUniqueId());
        logging.addFacts(event, record);
        Object address = message.getProperty("http.request.uri", PropertyScope.INBOUND);
        if (address != null) {
            record.address(address.toString());
        }
        String contentType = message.getDataType().getMimeType();
        record.contentType(contentType);
        Charset charset = charset(message.getEncoding());
        boolean outbound = type == MessageType.REQ_OUT || type == MessageType.RESP_OUT
                || type == MessageType.FAULT_OUT;
        Object payload = message.getPayload();
        byte[] bytes;
        if (payload instanceof byte[]) {
            bytes = (byte[]) payload;
            logging.log(record, outbound, contentType, charset, bytes, bytes.length, bytes.length, true);
        } else if (payload instanceof String) {
            bytes = ((String) payload).getBytes(charset != null ? charset : StandardCharsets.UTF_8);
            logging.log(record, outbound, contentType, charset, bytes, bytes.length, bytes.length, true);
        } else if (payload instanceof InputStream) {
            try {
                message.setPayload(logging.log(record, outbound, contentType, charset, (InputStream) payload),
                        message.getDataType());
            } catch (IOException e) {
                throw new DefaultMuleException("xml-formatter: cannot read the payload stream to log it", e);
            }
        } else {
            String text = "[payload of type " + (payload == null ? "null" : payload.getClass().getName())
                    + " not logged]";
            logging.log(record.payload(text), outbound, contentType, charset, null, 0, -1, true);
        }
        return event;
    }

    private static Charset charset(String encoding) {
        try {
            return encoding == null ? null : Charset.forName(encoding);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
