package io.xmlformatter.mule;

import io.xmlformatter.cxf.CxfHost;
import io.xmlformatter.message.MessageFacts;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.mule.api.MuleEvent;
import org.mule.api.MuleMessage;

import java.util.function.Supplier;

/**
 * Mule's part in the logging of CXF messages: the Mule correlation id (sent on as an outbound property, which
 * Mule's HTTP module sends as a header), the message's unique id and the flow's name, and faults that Mule's CXF
 * proxy hands on as plain responses.
 */
final class MuleHost implements CxfHost {
    static final String MESSAGE_ID = "muleMessageId";
    static final String FLOW_NAME = "flowName";
    /** Where Mule's CXF module keeps the MuleEvent on a CXF message or exchange. */
    private static final String MULE_EVENT = "mule.event";
    /** The HTTP status property of Mule's HTTP module. */
    private static final String HTTP_STATUS = "http.status";

    private final Supplier<String> correlationHeader;

    MuleHost(Supplier<String> correlationHeader) {
        this.correlationHeader = correlationHeader;
    }

    /**
     * Adds the Mule facts; a response without a CXF status takes the HTTP status Mule's HTTP module gives it (a
     * SOAP fault passing through a proxy, which Mule's CXF module hands on as a plain response, is then a fault
     * by the logger's fault rule).
     */
    @Override
    public void addFacts(Message message, MessageFacts facts) {
        MuleEvent event = eventOf(message);
        if (event == null) {
            return;
        }
        addFacts(event, facts);
        boolean response = MessageUtils.isOutbound(message) != MessageUtils.isRequestor(message);
        int status = httpStatus(event.getMessage());
        if (response && facts.responseCode() == null && status > 0) {
            facts.responseCode(status);
        }
    }

    @Override
    public String correlationIdOf(Message message) {
        MuleEvent event = eventOf(message);
        return event == null ? null : correlationId(event.getMessage());
    }

    /** Mule's HTTP module sends outbound properties as headers: the id goes on as one. */
    @Override
    public void correlationIdSent(Message request, String id) {
        MuleEvent event = eventOf(request);
        if (event != null) {
            event.getMessage().setOutboundProperty(correlationHeader.get(), id);
        }
    }

    /** Adds the correlation id, the message's unique id and the flow's name of {@code event}. */
    void addFacts(MuleEvent event, MessageFacts facts) {
        MuleMessage message = event.getMessage();
        facts.correlationId(correlationId(message)).attribute(MESSAGE_ID, message.getUniqueId());
        if (event.getFlowConstruct() != null) {
            facts.attribute(FLOW_NAME, event.getFlowConstruct().getName());
        }
    }

    /** The message's correlation id, else the inbound correlation header's value, else the root id. */
    private String correlationId(MuleMessage message) {
        String id = message.getCorrelationId();
        if (id != null) {
            return id;
        }
        String header = correlationHeader.get();
        for (String name : message.getInboundPropertyNames()) {
            if (name.equalsIgnoreCase(header)) {
                Object value = message.getInboundProperty(name);
                if (value != null && !value.toString().trim().isEmpty()) {
                    return value.toString().trim();
                }
            }
        }
        return message.getMessageRootId();
    }

    private static int httpStatus(MuleMessage message) {
        Object status = message.getOutboundProperty(HTTP_STATUS);
        if (status == null) {
            status = message.getInboundProperty(HTTP_STATUS);
        }
        try {
            return status == null ? 0 : Integer.parseInt(status.toString().trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The MuleEvent a CXF message belongs to: kept by Mule's CXF module, or the thread's current event. */
    @SuppressWarnings("deprecation") // RequestContext: Mule 3's only way to the current event outside a processor
    private static MuleEvent eventOf(Message message) {
        Object event = message.get(MULE_EVENT);
        Exchange exchange = message.getExchange();
        if (event == null && exchange != null) {
            event = exchange.get(MULE_EVENT);
            if (event == null && exchange.getInMessage() != null) {
                event = exchange.getInMessage().get(MULE_EVENT);
            }
            if (event == null && exchange.getOutMessage() != null) {
                event = exchange.getOutMessage().get(MULE_EVENT);
            }
        }
        return event instanceof MuleEvent ? (MuleEvent) event : org.mule.RequestContext.getEvent();
    }
}
