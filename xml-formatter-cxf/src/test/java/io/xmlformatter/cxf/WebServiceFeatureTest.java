package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;

import javax.xml.ws.Endpoint;
import javax.xml.ws.WebServiceFeature;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Finding of issue 53: JAX-WS code that passes CXF's {@code LoggingFeature} as a {@code WebServiceFeature}
 * ({@code Endpoint.publish(address, implementor, features...)}) compiles and logs with ours in its place.
 */
class WebServiceFeatureTest {

    @Test
    void endpointPublishTakesTheFeatureAsItTakesCxfs() throws Exception {
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        WebServiceFeature asJaxWs = feature;
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/bank";
        Endpoint endpoint = Endpoint.publish(address, new BankImpl(), asJaxWs);
        try {
            org.apache.cxf.jaxws.JaxWsProxyFactoryBean cf = new org.apache.cxf.jaxws.JaxWsProxyFactoryBean();
            cf.setServiceClass(Bank.class);
            cf.setAddress(address);
            assertEquals("hello", ((Bank) cf.create()).echo("hello"));
            List<LogRecord> records = sink.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), sink.types());
            assertTrue(records.get(0).payload().contains("<text>hello</text>"), records.get(0).payload());
        } finally {
            endpoint.stop();
        }
    }
}
