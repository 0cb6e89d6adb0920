package io.xmlformatter.mule;

import io.xmlformatter.cxf.XmlLoggingSettings;
import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.MessageType;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.mule.api.MuleEvent;
import org.mule.api.MuleMessage;

/**
 * The xml-formatter settings of a Mule 3 application, declared once as a Spring bean and shared by every flow:
 * the properties of {@link XmlLoggingSettings} (CXF's LoggingFeature names, the engine's options, the sinks).
 * In {@code cxf:proxy-service}, {@code cxf:jaxws-service}, {@code cxf:proxy-client} and {@code cxf:jaxws-client}
 * its interceptors are declared as inner beans:
 *
 * <pre>{@code
 * <cxf:inInterceptors>
 *   <spring:bean factory-bean="xmlLogging" factory-method="getInInterceptor"/>
 * </cxf:inInterceptors>
 * <cxf:outInterceptors>
 *   <spring:bean factory-bean="xmlLogging" factory-method="getOutInterceptor"/>
 * </cxf:outInterceptors>
 * }</pre>
 *
 * (the same two in {@code inFaultInterceptors}/{@code outFaultInterceptors} log faults); outside CXF,
 * {@link XmlLoggingMessageProcessor} logs a flow's payload.
 *
 * <p>Every record carries the Mule facts: the correlation id, the message's unique id as attribute
 * {@value #MESSAGE_ID} and the flow's name as {@value #FLOW_NAME}; the SLF4J sink puts them into the MDC while it
 * writes. The correlation id is the Mule message's, or the one an inbound {@code X-Correlation-ID} header brought
 * (see {@link #setCorrelationHeader}), or the message's root id; CXF clients send it on in that header, so the
 * flows behind a proxy share it. Duplicate suppression is on by default: within one correlation id a payload seen
 * again (coming into the proxy, going out to the backend, coming into the backend) is logged once.
 */
public class MuleXmlLogging extends XmlLoggingSettings {
    /** The record attribute (and MDC key) holding the Mule message's unique id. */
    public static final String MESSAGE_ID = "muleMessageId";
    /** The record attribute (and MDC key) holding the flow's name. */
    public static final String FLOW_NAME = "flowName";
    /** Where Mule's CXF module keeps the MuleEvent on a CXF message or exchange. */
    private static final String MULE_EVENT = "mule.event";
    /** The HTTP status property of Mule's HTTP module. */
    private static final String HTTP_STATUS = "http.status";

    /** Settings with the CXF module's defaults and duplicate suppression on. */
    public MuleXmlLogging() {
        setSuppressDuplicates(true);
    }

    /**
     * Adds the Mule facts; a response whose HTTP status is 500 or more (a SOAP fault passing through a proxy, which
     * Mule's CXF module hands on as a plain response) is recorded as a fault.
     */
    @Override
    protected void addFacts(Message message, LogRecord.Builder record) {
        MuleEvent event = eventOf(message);
        if (event == null) {
            return;
        }
        addFacts(event, record);
        boolean outbound = MessageUtils.isOutbound(message);
        boolean response = outbound != MessageUtils.isRequestor(message);
        if (response && httpStatus(event.getMessage()) >= 500) {
            record.type(outbound ? MessageType.FAULT_OUT : MessageType.FAULT_IN);
        }
    }

    @Override
    protected String correlationIdOf(Message message) {
        MuleEvent event = eventOf(message);
        return event == null ? null : correlationId(event.getMessage());
    }

    /** Mule's HTTP module sends outbound properties as headers: the id goes on as one. */
    @Override
    protected void correlationIdSent(Message request, String id) {
        MuleEvent event = eventOf(request);
        if (event != null) {
            event.getMessage().setOutboundProperty(getCorrelationHeader(), id);
        }
    }

    /** Adds the correlation id, the message's unique id and the flow's name of {@code event}. */
    void addFacts(MuleEvent event, LogRecord.Builder record) {
        MuleMessage message = event.getMessage();
        record.correlationId(correlationId(message)).attribute(MESSAGE_ID, message.getUniqueId());
        if (event.getFlowConstruct() != null) {
            record.attribute(FLOW_NAME, event.getFlowConstruct().getName());
        }
    }

    /** The message's correlation id, else the inbound correlation header's value, else the root id. */
    private String correlationId(MuleMessage message) {
        String id = message.getCorrelationId();
        if (id != null) {
            return id;
        }
        for (String name : message.getInboundPropertyNames()) {
            if (name.equalsIgnoreCase(getCorrelationHeader())) {
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
