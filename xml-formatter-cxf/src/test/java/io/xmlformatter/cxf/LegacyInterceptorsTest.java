package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.springframework.beans.PropertyBatchUpdateException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.support.GenericXmlApplicationContext;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's removed {@code LoggingInInterceptor}/{@code LoggingOutInterceptor} beans (gone in CXF 4.2) with the package
 * changed to ours: their properties work, and they log as the feature does (masked, correlated, one record per
 * message) — in Spring XML as docs/cxf-4.2-migration.md writes it, and in code.
 */
class LegacyInterceptorsTest {
    private static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    @Test
    void theOldBeansInSpringXmlLogBothSidesMaskedAndCorrelated() throws Exception {
        System.setProperty("bank.address", "http://127.0.0.1:" + CxfServer.freePort() + "/bank");
        try (GenericXmlApplicationContext context =
                     new GenericXmlApplicationContext("classpath:spring-legacy-interceptors.xml")) {
            Bank bank = context.getBean("bankClient", Bank.class);
            CxfServer.soapHeaders(bank, "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken>"
                    + "<wsse:Username>alice</wsse:Username><wsse:Password>s3cr3t-P@ss</wsse:Password>"
                    + "</wsse:UsernameToken></wsse:Security>");
            assertTrue(bank.transfer("DE89370400440532013000", "1").startsWith("ok DE89"));
            CollectingSink server = context.getBean("serverSink", CollectingSink.class);
            CollectingSink client = context.getBean("clientSink", CollectingSink.class);
            List<LogRecord> in = server.await(2);
            List<LogRecord> out = client.await(2);
            assertEquals(List.of(MessageType.REQ_IN, MessageType.RESP_OUT), server.types());
            assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), client.types());
            assertTrue(in.get(0).payload().contains("\n  <soap:Body>"), "prettyLogging: " + in.get(0).payload());
            assertFalse(out.get(0).payload().contains("\n  <soap:Body>"), "not pretty on the client");
            for (LogRecord r : List.of(in.get(0), out.get(0))) {
                assertFalse(r.payload().contains("s3cr3t"), r.payload());
                assertTrue(r.payload().contains("<wsse:Username>alice</wsse:Username>"), r.payload());
            }
            assertEquals(out.get(0).correlationId(), in.get(0).correlationId(), "the client's id reached the server");
            assertEquals(in.get(0).exchangeId(), in.get(1).exchangeId(), "request and response: one exchange");
        } finally {
            System.clearProperty("bank.address");
        }
    }

    @Test
    void inCodeTheyGoIntoTheInterceptorListsAsBefore() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CxfServer server = new CxfServer()) {
            LoggingInInterceptor in = new LoggingInInterceptor(4096);
            LoggingOutInterceptor out = new LoggingOutInterceptor(4096);
            in.setSink(sink);
            out.setSink(sink);
            Bank bank = server.client(p -> {
                p.getInInterceptors().add(in);
                p.getOutInterceptors().add(out);
            });
            bank.transfer("a", "1");
            List<LogRecord> records = sink.await(2);
            assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), sink.types());
            assertEquals(records.get(0).exchangeId(), records.get(1).exchangeId());
            assertEquals(200, records.get(1).responseCode());
        }
    }

    @Test
    void anOutputLocationIsRefusedNamingWhereRecordsGo() {
        BeanCreationException e = assertThrows(BeanCreationException.class,
                () -> new GenericXmlApplicationContext("classpath:spring-legacy-output-location.xml").close());
        Throwable refusal = refusal(e);
        assertTrue(refusal != null && refusal.getMessage().contains("xml-formatter-cxf: 'outputLocation'")
                && refusal.getMessage().contains("SLF4J"), String.valueOf(refusal));
    }

    /** The setter's own exception, however Spring (5 or 6) nests it. */
    private static Throwable refusal(Throwable t) {
        if (t == null || t instanceof UnsupportedOperationException) {
            return t;
        }
        if (t instanceof PropertyBatchUpdateException) {
            for (Throwable nested : ((PropertyBatchUpdateException) t).getPropertyAccessExceptions()) {
                Throwable found = refusal(nested);
                if (found != null) {
                    return found;
                }
            }
        }
        return refusal(t.getCause());
    }
}
