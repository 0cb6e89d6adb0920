package io.xmlformatter.mule;

import io.xmlformatter.log.MessageType;
import io.xmlformatter.message.BodyTap;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
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
        MessageLogger logger = logging.getMessageLogger();
        if (!logger.wouldLog(type, null)) {
            return event;
        }
        MuleMessage message = event.getMessage();
        MessageFacts facts = MessageFacts.of(type).messageId(message.getUniqueId());
        logging.host.addFacts(event, facts);
        Object address = message.getProperty("http.request.uri", PropertyScope.INBOUND);
        if (address != null) {
            facts.address(address.toString());
        }
        facts.contentType(message.getDataType().getMimeType()).encoding(message.getEncoding());
        Object payload = message.getPayload();
        if (payload instanceof byte[]) {
            logger.log(facts, CapturedBody.of((byte[]) payload));
        } else if (payload instanceof String) {
            Charset charset = charset(message.getEncoding());
            logger.log(facts.encoding(charset.name()), CapturedBody.of(((String) payload).getBytes(charset)));
        } else if (payload instanceof InputStream) {
            InputStream stream = (InputStream) payload;
            BodyTap tap;
            try {
                tap = BodyTap.read(stream, logger.captureLimit(), -1);
            } catch (IOException e) {
                throw new DefaultMuleException("xml-formatter: cannot read the payload stream to log it", e);
            }
            message.setPayload(tap.replay(stream), message.getDataType());
            logger.log(facts, tap.body());
        } else {
            logger.logWithoutBody(facts, "payload of type "
                    + (payload == null ? "null" : payload.getClass().getName()));
        }
        return event;
    }

    /** The message's charset for a String payload: its encoding, else UTF-8. */
    private static Charset charset(String encoding) {
        try {
            return encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
