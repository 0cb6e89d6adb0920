package io.xmlformatter.cxf;

import io.xmlformatter.message.MessageLogger;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.ext.logging.event.EventType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.xml.ws.BindingProvider;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CXF's own {@code LoggingFeature} with {@link XmlFormattingLogEventSender}, over HTTP at 127.0.0.1: every payload
 * CXF puts into an event, and the event's address, goes through the message logger's body rule.
 */
class LogEventSenderOverHttpTest {
    private static final String SECRET = "Pa55-s3cr3t-42";
    private static final String ENVELOPE = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><ns:echo xmlns:ns=\"urn:example:bank\"><text>hello</text><pin>" + SECRET + "</pin>"
            + "</ns:echo></soap:Body></soap:Envelope>";
    private static final List<LogEvent> events = Collections.synchronizedList(new ArrayList<>());
    private static final HttpClient http = HttpClient.newHttpClient();
    private static CxfServer server;
    private static LoggingFeature feature;

    @BeforeAll
    static void start() {
        feature = new LoggingFeature();
        feature.setLimit(400);
        feature.setSender(new XmlFormattingLogEventSender(events::add, MessageLogger.builder().pretty(true)
                .limit(-1).sensitiveElementNames(Set.of("pin")).build()));
        server = new CxfServer(feature);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void clear() {
        events.clear();
    }

    private static LogEvent send(String pathAndQuery, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.address + pathAndQuery))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        return requestEvent();
    }

    private static LogEvent requestEvent() {
        synchronized (events) {
            for (LogEvent e : events) {
                assertNoSecret(e);
            }
            LogEvent in = events.stream().filter(e -> e.getType() == EventType.REQ_IN).findFirst().orElse(null);
            assertNotNull(in, "CXF logged the request");
            return in;
        }
    }

    private static void assertNoSecret(LogEvent e) {
        String all = e.getAddress() + " " + e.getHeaders() + " " + e.getPayload();
        Charset[] charsets = {StandardCharsets.UTF_8, StandardCharsets.UTF_16BE, StandardCharsets.ISO_8859_1};
        for (Charset from : charsets) {
            for (Charset to : charsets) {
                String again = new String(all.getBytes(from), to).replace("\u0000", "");
                assertFalse(again.contains(SECRET), () -> e.getType() + " (" + from + " -> " + to + "): " + all);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyKindOfPayloadIsMaskedOrNotShown() throws Exception {
        String[][] shapes = {
            {"application/json", "{\"user\":\"bob\",\"Pin\":\"" + SECRET + "\"}"},
            {"application/json", "{'user':'bob', pin:'" + SECRET + "'}"},
            {"application/json", "{\"doc\":\"\\u003cpin\\u003e" + SECRET + "\\u003c/pin\\u003e\"}"},
            {"application/x-www-form-urlencoded", "user=bob&password=" + SECRET},
            {"text/plain", "user=bob\npassword=" + SECRET},
            {"text/xml", "\uFEFF" + ENVELOPE},
            {"text/xml", "junk before " + ENVELOPE},
            {"application/json", "{\"a\":\"" + "x".repeat(380) + "\",\"pin\":\"" + SECRET + "\"}"},
        };
        for (String[] shape : shapes) {
            events.clear();
            LogEvent in = send("", utf8(shape[1]), "Content-Type", shape[0]);
            assertNotNull(in.getPayload(), shape[1]);
        }
    }

    @Test
    void mtomAndCompressedBodiesAreMaskedOrNotShown() throws Exception {
        String mtom = "--MIME_b\r\nContent-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\r\n\r\n"
                + ENVELOPE + "\r\n--MIME_b\r\nContent-Type: application/octet-stream\r\n\r\npin=" + SECRET
                + "\r\n--MIME_b--\r\n";
        send("", utf8(mtom), "Content-Type", "multipart/related; type=\"application/xop+xml\"; boundary=\"MIME_b\";"
                + " start-info=\"text/xml\"");
        events.clear();
        send("", FailClosedOverHttpTest.gzip(utf8(ENVELOPE)), "Content-Type", "text/xml", "Content-Encoding", "gzip");
        events.clear();
        send("", FailClosedOverHttpTest.storedDeflate(utf8(ENVELOPE)), "Content-Type", "text/xml",
                "Content-Encoding", "deflate");
        events.clear();
        LogEvent in = send("", FailClosedOverHttpTest.gzip(utf8("user=bob&password=" + SECRET)), "Content-Type",
                "application/x-www-form-urlencoded");
        assertTrue(in.getPayload().startsWith("[body not logged"), in.getPayload());
        events.clear();
        send("", FailClosedOverHttpTest.storedDeflate(utf8("user=bob&password=" + SECRET)), "Content-Type",
                "text/plain");
    }

    @Test
    void theAddressIsMasked() throws Exception {
        LogEvent in = send(";jsessionid=" + SECRET + "?password=" + SECRET, utf8(ENVELOPE),
                "Content-Type", "text/xml");
        assertTrue(in.getAddress().contains("[*****]"), in.getAddress());
        events.clear();
        Bank client = server.client(feature);
        ((BindingProvider) client).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                server.address.replace("http://", "http://bob:" + SECRET + "@") + ";jsessionid=" + SECRET);
        client.echo("hello");
        synchronized (events) {
            LogEvent out = events.stream().filter(e -> e.getType() == EventType.REQ_OUT).findFirst().orElse(null);
            assertNotNull(out, "CXF logged the client's request");
            assertTrue(out.getAddress().startsWith("http://[*****]@127.0.0.1:"), out.getAddress());
            for (LogEvent e : events) {
                assertNoSecret(e);
            }
        }
    }
}
