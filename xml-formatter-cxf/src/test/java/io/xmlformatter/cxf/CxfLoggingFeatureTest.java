package io.xmlformatter.cxf;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.CxfTextLayout;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.LogMessageFormatter;
import org.apache.cxf.feature.Feature;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Beside CXF's own LoggingFeature: the sender decorator inside it, and field-by-field parity with its events. */
class CxfLoggingFeatureTest {
    private static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    @Test
    void theSenderDecoratorMasksAndFormatsCxfsOwnEvents() throws Exception {
        List<LogEvent> events = Collections.synchronizedList(new ArrayList<>());
        LoggingFeature cxf = new LoggingFeature();
        cxf.setLimit(700); // CXF cuts inside the password; the decorator still masks what is left of it
        cxf.setSender(new XmlFormattingLogEventSender(events::add, MessageLogger.builder().pretty(true).limit(-1)
                .sensitiveHeaderNames(Set.of("X-Secret")).build()));
        try (CxfServer server = new CxfServer(cxf)) {
            Bank client = server.client();
            CxfServer.soapHeaders(client, "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken>"
                    + "<wsse:Password>" + "SECRET".repeat(100) + "</wsse:Password></wsse:UsernameToken></wsse:Security>");
            CxfServer.httpHeaders(client, CxfServer.header("x-secret", "hidden-value"));
            client.transfer("a", "1");
            synchronized (events) {
                LogEvent in = events.stream().filter(e -> e.getType() == EventType.REQ_IN).findFirst().orElseThrow();
                assertTrue(in.isTruncated());
                assertFalse(in.getPayload().contains("SECRET"), in.getPayload());
                assertTrue(in.getPayload().contains("<wsse:Password>[*****]"), in.getPayload());
                assertTrue(in.getPayload().contains("\n  <soap:Header>"), "formatted: " + in.getPayload());
                assertFalse(in.getHeaders().toString().contains("hidden-value"), in.getHeaders().toString());
            }
        }
    }

    /**
     * One transfer through a server and a client that carry CXF's feature and ours: each of CXF's four events with
     * our record of the same message.
     */
    private static List<Map.Entry<LogEvent, LogRecord>> sameExchangeThroughBoth() throws Exception {
        List<LogEvent> events = Collections.synchronizedList(new ArrayList<>());
        LoggingFeature cxf = new LoggingFeature();
        cxf.setSender(events::add);
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature ours = new XmlLoggingFeature();
        ours.setSink(sink);
        try (CxfServer server = new CxfServer(cxf, ours)) {
            server.client(cxf, ours).transfer("a", "1");
            List<LogRecord> records = sink.await(4);
            assertEquals(4, records.size());
            List<Map.Entry<LogEvent, LogRecord>> pairs = new ArrayList<>();
            synchronized (events) {
                assertEquals(4, events.size());
                for (LogEvent e : events) {
                    pairs.add(new AbstractMap.SimpleEntry<>(e, records.stream()
                            .filter(x -> x.type() == MessageType.valueOf(e.getType().name())
                                    && x.exchangeId().equals(e.getExchangeId())).findFirst()
                            .orElseThrow(() -> new AssertionError("no record for " + e.getType()))));
                }
            }
            return pairs;
        }
    }

    @Test
    void ourRecordsCarryAtLeastWhatCxfsEventsCarry() throws Exception {
        for (Map.Entry<LogEvent, LogRecord> pair : sameExchangeThroughBoth()) {
            LogEvent e = pair.getKey();
            LogRecord r = pair.getValue();
            assertEquals(e.getAddress(), r.address(), e.getType() + " address");
            assertEquals(e.getContentType(), r.contentType(), e.getType() + " content type");
            assertEquals(e.getEncoding(), r.encoding(), e.getType() + " encoding");
            assertEquals(e.getHttpMethod(), r.httpMethod(), e.getType() + " method");
            assertEquals(e.getResponseCode(), r.responseCode() == null ? null : r.responseCode().toString(),
                    e.getType() + " status");
            assertEquals(String.valueOf(e.getServiceName()), r.service(), e.getType() + " service");
            assertEquals(String.valueOf(e.getPortName()), r.port(), e.getType() + " port");
            assertEquals(String.valueOf(e.getPortTypeName()), r.portType(), e.getType() + " port type");
            assertEquals(e.getOperationName(), "{urn:example:bank}" + r.operation(), e.getType() + " op");
            assertEquals(e.isBinaryContent(), r.binaryContent());
            assertEquals(e.isMultipartContent(), r.multipartContent());
            Set<String> cxfHeaders = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
            cxfHeaders.addAll(e.getHeaders().keySet());
            Set<String> ourHeaders = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
            ourHeaders.addAll(r.headers().keySet());
            assertTrue(ourHeaders.containsAll(cxfHeaders), e.getType() + " headers " + cxfHeaders + " vs "
                    + ourHeaders);
            assertNotNull(r.payload());
            assertNotNull(r.timestamp());
        }
    }

    /**
     * The same exchange through CXF's feature and ours: every line CXF's {@code LogMessageFormatter} writes for an
     * event, ours writes for its record with {@link CxfTextLayout} (the order of both features' interceptors makes
     * the lines each sees the same; no value here is masked).
     */
    @Test
    void cxfsTextLayoutLineForLine() throws Exception {
        for (Map.Entry<LogEvent, LogRecord> pair : sameExchangeThroughBoth()) {
            assertEquals(LogMessageFormatter.format(pair.getKey()), CxfTextLayout.INSTANCE.format(pair.getValue()),
                    pair.getKey().getType().name());
        }
    }

    /** What a server and a client with {@code feature} log through SLF4J for one echo, by message type. */
    private static Map<String, ILoggingEvent> loggedWith(Feature feature) throws Exception {
        Logger services = (Logger) LoggerFactory.getLogger("org.apache.cxf.services");
        Map<String, ILoggingEvent> byType = new java.util.concurrent.ConcurrentHashMap<>();
        ListAppender<ILoggingEvent> appender = new ListAppender<>() {
            @Override
            protected synchronized void append(ILoggingEvent e) {
                e.prepareForDeferredProcessing();
                byType.put(e.getMDCPropertyMap().get("Type"), e);
                notifyAll();
            }
        };
        appender.start();
        services.addAppender(appender);
        try (CxfServer server = new CxfServer(feature)) {
            server.client(feature).echo("the same text");
            synchronized (appender) { // the server's response record is written just before the reply leaves
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (byType.size() < 4 && System.nanoTime() < deadline) {
                    appender.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
            }
        } finally {
            services.detachAppender(appender);
        }
        assertEquals(4, byType.size(), byType.keySet().toString());
        return byType;
    }

    /** {@code verbose=false} on both: CXF's Slf4jEventSender and our payload-only sink log the same message and MDC. */
    @Test
    void nonVerboseAsCxfsSlf4jEventSender() throws Exception {
        LoggingFeature cxf = new LoggingFeature();
        cxf.setVerbose(false);
        XmlLoggingFeature ours = new XmlLoggingFeature();
        ours.setVerbose(false);
        Map<String, ILoggingEvent> theirs = loggedWith(cxf);
        Map<String, ILoggingEvent> mine = loggedWith(ours);
        for (String type : theirs.keySet()) {
            ILoggingEvent a = theirs.get(type);
            ILoggingEvent b = mine.get(type);
            assertEquals(a.getLoggerName(), b.getLoggerName(), type);
            assertEquals(a.getFormattedMessage(), b.getFormattedMessage(), type + ": the payload is the message");
            for (String key : List.of("Type", "Address", "HttpMethod", "Content-Type", "ResponseCode", "ServiceName",
                    "PortName", "PortTypeName")) {
                assertEquals(withoutPort(a.getMDCPropertyMap().get(key)), withoutPort(b.getMDCPropertyMap().get(key)),
                        type + " " + key); // two servers, two ports
            }
        }
    }

    private static String withoutPort(String value) {
        return value == null ? null : value.replaceAll(":\\d+/", ":PORT/");
    }
}
