package io.xmlformatter.servlet;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServlet;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the filter is set up: from {@code web.xml}'s init parameters, beside other integrations, under rules. */
class FilterSetupTest {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private String post(Containers.Running server, String path, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void buildsItsLoggerFromInitParametersAndWritesThroughSlf4j() throws Exception {
        Lines lines = new Lines();
        Logger records = (Logger) LoggerFactory.getLogger("io.xmlformatter.servlet");
        lines.start();
        records.addAppender(lines);
        records.setLevel(Level.INFO);
        try (Containers.Running server = Containers.tomcat(new XmlLoggingFilter(), Map.of("/app/*", new TestApp()),
                Map.of("body.limit", "12", "masking.element-names", "pin"))) {
            assertEquals("{\"pin\":\"1234\",\"note\":\"a long note\"}",
                    post(server, "/app/echo", "{\"pin\":\"1234\",\"note\":\"a long note\"}"));
            List<ILoggingEvent> two = lines.await(2);
            assertEquals("io.xmlformatter.servlet.app.REQ_IN", two.get(0).getLoggerName());
            assertEquals("io.xmlformatter.servlet.app.RESP_OUT", two.get(1).getLoggerName());
            String request = two.get(0).getFormattedMessage();
            assertTrue(!request.contains("1234") && !request.contains("a long note"), request); // masked, cut
        } finally {
            records.detachAppender(lines);
            records.setLevel(null);
        }
    }

    @Test
    void refusesAWrongInitParameterByName() {
        XmlLoggingFilter filter = new XmlLoggingFilter();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> filter.init(config(Map.of("body.limt", "12"))));
        assertTrue(e.getMessage().contains("body.limt"), e.getMessage());
    }

    @Test
    void leavesServletsLoggedElsewhereAndExcludedPathsAlone() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink)
                .exclude(ExchangeMatch.any().path("/app/health")).build();
        try (Containers.Running server = Containers.tomcat(new XmlLoggingFilter(logger, List.of("other")),
                Map.of("/app/*", new TestApp(), "/other/*", new TestApp()))) {
            post(server, "/other/echo", "{\"by\":\"another integration\"}");
            post(server, "/app/health", "{}");
            post(server, "/app/echo", "{\"logged\":true}");
            List<io.xmlformatter.record.LogRecord> records = sink.await(2);
            assertEquals(2, records.size(), sink.types().toString());
            assertTrue(records.get(0).address().endsWith("/app/echo"), records.get(0).address());
        }
    }

    /** A filter's configuration as a container gives it, holding {@code init}. */
    private static FilterConfig config(Map<String, String> init) {
        return new FilterConfig() {
            @Override
            public String getFilterName() {
                return "xml-formatter";
            }

            @Override
            public ServletContext getServletContext() {
                return null;
            }

            @Override
            public String getInitParameter(String name) {
                return init.get(name);
            }

            @Override
            public Enumeration<String> getInitParameterNames() {
                return Collections.enumeration(init.keySet());
            }
        };
    }

    /** Logback's events, with a wait for the count a test expects. */
    private static final class Lines extends AppenderBase<ILoggingEvent> {
        private final List<ILoggingEvent> events = new ArrayList<>();

        @Override
        protected synchronized void append(ILoggingEvent e) {
            events.add(e);
            notifyAll();
        }

        synchronized List<ILoggingEvent> await(int n) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (events.size() < n && deadline - System.nanoTime() > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, deadline - System.nanoTime());
            }
            return new ArrayList<>(events);
        }
    }
}
