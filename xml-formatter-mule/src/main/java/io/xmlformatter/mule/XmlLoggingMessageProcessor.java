package io.xmlformatter.mule;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.record.MessageType;
import org.mule.api.MuleEvent;
import org.mule.api.MuleException;
import org.mule.api.MuleMessage;
import org.mule.api.transport.PropertyScope;
import org.mule.processor.AbstractInterceptingMessageProcessor;

import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Logs an XML payload anywhere in a flow, without CXF ({@code http:listener} → this → {@code vm} or
 * {@code http:request}), with the settings of a {@link MuleXmlLogging} bean. The flow sees the same payload after
 * it: strings and byte arrays are only read; a stream becomes a stream giving the same bytes as they come, copying
 * them up to the limit (nothing is read ahead). A stream's record is written when the rest of the flow has read it
 * to its end or the limit, or closed it. If the flow ends without doing so and has replaced the payload (nobody
 * reads the stream any more), it is written then, with what has arrived within the limit; if the flow failed, with
 * what was read; if the flow still holds the stream (as its response, say), when that is read. Other payload types
 * are logged as their type's name. The flow is the exchange: the strategy of the settings decides by its outcome
 * (an exception, or none), and their rules match the flow's name as the port type, the HTTP path and method.
 *
 * <pre>{@code
 * <custom-processor class="io.xmlformatter.mule.XmlLoggingMessageProcessor">
 *   <spring:property name="logging" ref="xmlLogging"/>
 * </custom-processor>
 * }</pre>
 */
public class XmlLoggingMessageProcessor extends AbstractInterceptingMessageProcessor {
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
        // The flow is the exchange: its outcome (an exception, or none) decides what the strategy writes.
        ExchangeLog.RequestStage exchange = ExchangeLog.client(logging.getMessageLogger(), null, null, null)
                .operation(event.getFlowConstruct() == null ? null : event.getFlowConstruct().getName(), null,
                        inbound(message, "http.request.path"), inbound(message, "http.method"), null);
        if (!exchange.logs(type)) {
            exchange.end();
            return processNext(event);
        }
        MessageFacts facts = exchange.facts(type).messageId(message.getUniqueId());
        logging.host.addFacts(event, facts);
        Object address = message.getProperty("http.request.uri", PropertyScope.INBOUND);
        if (address != null) {
            facts.address(address.toString());
        }
        facts.contentType(message.getDataType().getMimeType()).encoding(message.getEncoding());
        Object payload = message.getPayload();
        CapturedBody now = null;
        BodyTee tee = null;
        InputStream teed = null;
        if (exchange.capturesBody(type)) {
            if (payload instanceof byte[]) {
                now = CapturedBody.of((byte[]) payload);
            } else if (payload instanceof String) {
                Charset charset = charset(message.getEncoding());
                facts.encoding(charset.name());
                now = CapturedBody.of(((String) payload).getBytes(charset));
            } else if (payload instanceof InputStream) {
                tee = new BodyTee(exchange.captureLimit(), -1);
                teed = tee.tee((InputStream) payload);
                message.setPayload(teed, message.getDataType());
            } else {
                facts.bodyNotLogged("payload of type " + (payload == null ? "null" : payload.getClass().getName()));
            }
        }
        if (!type.isRequest()) { // a response of its own: its status (if any) is the outcome
            ExchangeLog.ResponseStage none = exchange.noRequest();
            ExchangeLog.EndStage answered = tee != null ? none.response(facts, tee) : none.response(facts, now);
            return processNextThenSettle(event, null, answered, tee, teed);
        }
        ExchangeLog.ResponseStage sent = tee != null ? exchange.request(facts, tee) : exchange.request(facts, now);
        return processNextThenSettle(event, sent, sent, tee, teed);
    }

    /**
     * The rest of the flow, then the exchange's outcome (when the message was a request): failed if it threw,
     * else accepted; a stream's record is made then if the flow left the stream unread (or read it when it
     * failed), else when whoever holds the stream has read it, and the exchange ends with it.
     */
    private MuleEvent processNextThenSettle(MuleEvent event, ExchangeLog.ResponseStage outcome,
            ExchangeLog.EndStage end, BodyTee tee, InputStream teed) throws MuleException {
        MuleEvent result;
        try {
            result = processNext(event);
        } catch (MuleException | RuntimeException e) {
            if (outcome != null) {
                outcome.failed();
            }
            if (tee != null) {
                tee.finish();
            }
            end.end();
            throw e;
        }
        if (outcome != null) {
            outcome.accepted();
        }
        if (tee != null) {
            Object now = result == null || result.getMessage() == null ? null : result.getMessage().getPayload();
            if (now != teed && event.getMessage().getPayload() != teed) {
                tee.settle();
            }
        }
        end.end();
        return result;
    }

    private static String inbound(MuleMessage message, String name) {
        Object v = message.getProperty(name, PropertyScope.INBOUND);
        return v == null ? null : v.toString();
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
