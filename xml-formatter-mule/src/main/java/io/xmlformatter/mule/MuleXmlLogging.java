package io.xmlformatter.mule;

import io.xmlformatter.cxf.BaseXmlLoggingFeature;
import io.xmlformatter.message.Options;

import java.util.Collections;

/**
 * The xml-formatter settings of a Mule 3 application, declared once as a Spring bean and shared by every flow:
 * the properties of {@link BaseXmlLoggingFeature} (CXF's LoggingFeature names, every other option through
 * {@code options}, the sinks).
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
 * (option {@code exchange.correlation-header}), or the message's root id; CXF clients send it on in that header, so the
 * flows behind a proxy share it. Duplicate suppression is on by default: within one correlation id a payload seen
 * again (coming into the proxy, going out to the backend, coming into the backend) is logged once.
 */
public class MuleXmlLogging extends BaseXmlLoggingFeature {
    /** The record attribute (and MDC key) holding the Mule message's unique id. */
    public static final String MESSAGE_ID = MuleHost.MESSAGE_ID;
    /** The record attribute (and MDC key) holding the flow's name. */
    public static final String FLOW_NAME = MuleHost.FLOW_NAME;

    final MuleHost host = new MuleHost(() -> getMessageLogger().correlationHeader());

    /** Settings with the CXF module's defaults, the Mule facts and duplicate suppression on. */
    public MuleXmlLogging() {
        setOptions(Collections.singletonMap(Options.SUPPRESS_DUPLICATES.property(), "true"));
        setHost(host);
    }
}
