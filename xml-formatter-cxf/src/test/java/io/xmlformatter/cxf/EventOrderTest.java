package io.xmlformatter.cxf;

import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.jaxrs.client.WebClient;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.ws.rs.core.Response;
import javax.xml.ws.Endpoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 53: the records of a call whose client and server share one sink come in CXF's order — the client's request,
 * the server's request, the server's response, the client's response — on every one of 300 warm repeats of CXF's own
 * logging scenarios (a JAX-WS endpoint published with the feature, a JAX-RS service and {@code WebClient}). Runs on
 * CXF 3.6 and, through the compat modules, on 4.0, 4.1 and 4.2.
 */
@Tag("slow") // 640 calls per scenario; skipped by -Dfast
class EventOrderTest {
    private static final List<MessageType> CXF_ORDER = List.of(MessageType.REQ_OUT, MessageType.REQ_IN,
            MessageType.RESP_OUT, MessageType.RESP_IN);
    private static final int WARM_UP = 20;
    private static final int REPEATS = 300;

    @Test
    void soapEndpointPublishedWithTheFeature() throws Exception {
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/bank";
        Endpoint endpoint = Endpoint.publish(address, new BankImpl(), feature);
        try {
            JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
            cf.setServiceClass(Bank.class);
            cf.setAddress(address);
            cf.getFeatures().add(feature);
            Bank bank = (Bank) cf.create();
            assertEquals(List.of(), outOfOrder(sink, () -> bank.echo("hello")));
        } finally {
            endpoint.stop();
        }
    }

    @Test
    void restServiceAndWebClientWithTheFeature() throws Exception {
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        String address = "http://127.0.0.1:" + CxfServer.freePort() + "/rest";
        JAXRSServerFactoryBean sf = new JAXRSServerFactoryBean();
        sf.setServiceBean(new CxfDifferentialTest.Resources());
        sf.setAddress(address);
        sf.getFeatures().add(feature);
        org.apache.cxf.endpoint.Server server = sf.create();
        try {
            assertEquals(List.of(), outOfOrder(sink, () -> {
                WebClient client = WebClient.create(address, Collections.emptyList(),
                        Collections.singletonList(feature), null);
                Response r = client.path("accounts/7").accept("application/xml").get();
                r.readEntity(String.class);
                r.close();
            }));
        } finally {
            server.destroy();
        }
    }

    /** The calls, warmed up, whose records came in another order than CXF's: "index: types". */
    private static List<String> outOfOrder(CollectingSink sink, Runnable call) throws InterruptedException {
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < WARM_UP + REPEATS; i++) {
            sink.clear();
            call.run();
            sink.await(4);
            if (i >= WARM_UP && !sink.types().equals(CXF_ORDER)) {
                wrong.add(i + ": " + sink.types());
            }
        }
        return wrong;
    }
}
