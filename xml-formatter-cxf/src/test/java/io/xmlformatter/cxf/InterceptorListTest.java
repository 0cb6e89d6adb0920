package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.DeduplicatingSink;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Configurations that list interceptors instead of features ({@code jaxws:inInterceptors}, Mule's
 * {@code cxf:inInterceptors}): one interceptor per chain from {@link BaseXmlLoggingFeature} logs like the feature.
 */
class InterceptorListTest {

    private static Consumer<InterceptorProvider> interceptorsOf(BaseXmlLoggingFeature settings) {
        return p -> {
            p.getInInterceptors().add(settings.getInInterceptor());
            p.getInFaultInterceptors().add(settings.getInInterceptor());
            p.getOutInterceptors().add(settings.getOutInterceptor());
            p.getOutFaultInterceptors().add(settings.getOutInterceptor());
        };
    }

    private static BaseXmlLoggingFeature settings(CollectingSink sink) {
        BaseXmlLoggingFeature s = new BaseXmlLoggingFeature();
        s.setSink(sink);
        s.setPrettyLogging(true);
        return s;
    }

    @Test
    void oneInterceptorPerChainLogsEachMessageOnceOnBothSides() throws Exception {
        CollectingSink serverSink = new CollectingSink();
        CollectingSink clientSink = new CollectingSink();
        try (CxfServer server = new CxfServer(interceptorsOf(settings(serverSink)))) {
            Bank client = server.client(interceptorsOf(settings(clientSink)));
            CxfServer.soapHeaders(client, "<wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/"
                    + "oasis-200401-wss-wssecurity-secext-1.0.xsd\"><wsse:UsernameToken><wsse:Username>bob"
                    + "</wsse:Username><wsse:Password>hunter2</wsse:Password></wsse:UsernameToken></wsse:Security>");

            assertTrue(client.transfer("DE-1", "5.00").startsWith("ok DE-1 5.00"));
            List<LogRecord> served = serverSink.await(2);
            clientSink.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), serverSink.types());
            assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), clientSink.types());
            assertEquals("transfer", served.get(0).operation(), "logged at PRE_INVOKE, once the operation is known");
            assertTrue(served.get(0).payload().contains("<wsse:Password>[*****]</wsse:Password>"));
            assertFalse(served.get(0).payload().contains("hunter2"));
            assertTrue(served.get(0).payload().contains("\n        <wsse:Username>bob</wsse:Username>\n"));

            serverSink.clear();
            clientSink.clear();
            assertThrows(BankException.class, () -> client.fail("no funds"));
            serverSink.await(2);
            clientSink.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.FAULT_OUT), serverSink.types());
            assertEquals(List.of(MessageType.REQ_OUT, MessageType.FAULT_IN), clientSink.types());
        }
    }

    @Test
    void withDuplicateSuppressionTheSamePayloadInOneCorrelationIdIsLoggedOnce() throws Exception {
        CollectingSink sink = new CollectingSink();
        BaseXmlLoggingFeature settings = settings(sink);
        settings.setOptions(Map.of("exchange.suppress-duplicates", "true"));
        // client and service share the sink and, through X-Correlation-ID, the correlation id
        try (CxfServer server = new CxfServer(interceptorsOf(settings))) {
            Bank client = server.client(interceptorsOf(settings));
            client.transfer("DE-2", "7.00");
            List<LogRecord> all = sink.await(4);
            LogRecord sent = sink.only(MessageType.REQ_OUT);
            LogRecord received = sink.only(MessageType.REQ_IN);
            assertEquals(sent.correlationId(), received.correlationId());
            assertNull(sent.attributes().get(DeduplicatingSink.DUPLICATE_OF));
            assertEquals("REQ_OUT " + sent.messageId(), received.attributes().get(DeduplicatingSink.DUPLICATE_OF));
            assertEquals("RESP_OUT " + sink.only(MessageType.RESP_OUT).messageId(),
                    sink.only(MessageType.RESP_IN).attributes().get(DeduplicatingSink.DUPLICATE_OF), all.toString());
        }
    }
}
