package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.sink.CxfTextLayout;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.sink.TextLayout;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fields a record derives from a request — the operation of a REST call (its URI), the SOAPAction, the
 * correlation id, URL-valued headers, the content type — sent as exact bytes over HTTP to CXF services on Jetty at
 * 127.0.0.1, with value detectors on, one record per message and one per exchange: no secret the address rule or
 * the detectors would mask and no raw line break (NEL, a 0x85 header byte, which Jetty accepts) in any field of any
 * layout (CXF's text, text, JSON, each field naming). Findings of the audit at {@code 92fcdc9} (issue 53).
 */
class DerivedFieldsOverHttpTest {
    private static final String SECRET = "Pa55-s3cr3t-42";
    private static final String CARD = "4111111111111111";
    private static final String FORGED = "FORGED INFO REQ_IN";
    private static final String VALID = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><ns:echo xmlns:ns=\"urn:example:bank\"><text>hello</text></ns:echo></soap:Body>"
            + "</soap:Envelope>";
    private static final CollectingSink sink = new CollectingSink();
    private static final List<AutoCloseable> servers = new ArrayList<>();
    private static final List<String> soap = new ArrayList<>();
    private static final List<String> rest = new ArrayList<>();

    @BeforeAll
    static void start() {
        for (boolean perExchange : new boolean[] {false, true}) {
            XmlLoggingFeature feature = new XmlLoggingFeature();
            feature.setSink(sink);
            feature.setOptions(Map.of("masking.detect", "card-numbers",
                    "exchange.record-per-exchange", String.valueOf(perExchange)));
            CxfServer server = new CxfServer(feature);
            servers.add(server);
            soap.add(server.address);
            String address = "http://127.0.0.1:" + CxfServer.freePort() + "/api";
            JAXRSServerFactoryBean sf = new JAXRSServerFactoryBean();
            sf.setServiceBean(new Cards());
            sf.setAddress(address);
            sf.getFeatures().add(feature);
            Server restServer = sf.create();
            servers.add(() -> {
                restServer.stop();
                restServer.destroy();
            });
            rest.add(address);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable s : servers) {
            s.close();
        }
    }

    @BeforeEach
    void clear() {
        sink.clear();
    }

    /** The REST resource: a card charged by its number in the path. */
    @Path("/")
    public static class Cards {
        /** Answers the number of digits of the card charged. */
        @GET
        @Path("cards/{card}/charge")
        @Produces("text/plain")
        public String charge(@PathParam("card") String card) {
            return Integer.toString(card.length());
        }
    }

    /** Sends {@code head} (request line and headers, CRLF each, ISO-8859-1 bytes as written) and the body. */
    private static String send(String address, String method, String target, String body, String... headers)
            throws Exception {
        URI uri = URI.create(address);
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + uri.getPort() + "\r\nConnection: close\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        head.append("Content-Length: ").append(bytes.length).append("\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            in.transferTo(answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    /** Posts a valid envelope with {@code headers} to each SOAP service; CXF answers its fault for the SOAPAction. */
    private static void postToEachSoapService(String... headers) throws Exception {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "text/xml; charset=UTF-8";
        System.arraycopy(headers, 0, all, 2, headers.length);
        for (String address : soap) {
            String answer = send(address, "POST", "/bank", VALID, all);
            assertTrue(answer.startsWith("HTTP/1.1 500"), "CXF knows no such SOAPAction: " + answer);
        }
    }

    /**
     * Every field but the payload of every record written, through every layout: nothing {@code shown} finds. (The
     * payload is the body rule's; a CXF fault echoes a SOAPAction it does not know in its body.)
     */
    private static void assertNowhere(String what, java.util.function.Predicate<String> shown, int records)
            throws InterruptedException {
        List<LogRecord> all = sink.await(records);
        for (LogRecord written : all) {
            LogRecord r = written.toBuilder().payload(null).request(written.request() == null ? null
                    : written.request().toBuilder().payload(null).build()).build();
            List<String> texts = new ArrayList<>();
            texts.add(CxfTextLayout.INSTANCE.format(r));
            texts.add(TextLayout.INSTANCE.format(r));
            texts.add(JsonLayout.INSTANCE.format(r));
            texts.add(String.valueOf(CxfTextLayout.operationName(r)));
            texts.add(r.correlationId() + " " + r.operation() + " " + r.soapAction() + " " + r.contentType() + " "
                    + r.headers() + " " + r.attributes());
            for (String t : texts) {
                assertFalse(shown.test(t), () -> what + " in a record: " + t);
            }
        }
    }

    @Test
    void aRestOperationNameShowsNoSecretOfItsUri() throws Exception {
        for (String address : rest) {
            String answer = send(address, "GET", "/api/cards/" + CARD + "/charge;jsessionid=" + SECRET
                    + "?access_token=" + SECRET + "&password=" + SECRET, "");
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.endsWith("16"), "the service saw the card whole: " + answer);
        }
        assertNowhere("a secret", t -> t.contains(SECRET) || t.contains(CARD), 3);
        assertTrue(sink.all().stream().anyMatch(r -> r.operation() != null && r.operation().startsWith("GET[")),
                "the operation is named: " + sink.all());
    }

    @Test
    void aLineBreakInAHeaderForgesNoLine() throws Exception {
        postToEachSoapService("SOAPAction", "\"urn:echo\u0085" + FORGED + "\"", "X-Correlation-ID",
                "c-1\u0085" + FORGED, "X-Note", "a\u0085" + FORGED);
        assertNowhere("a forged line", t -> t.contains("\u0085" + FORGED), 3);
        assertTrue(sink.all().stream().anyMatch(r -> ("c-1\\u0085" + FORGED).equals(r.correlationId())),
                "NEL written as an escape: " + sink.all());
    }

    @Test
    void secretsInTheSoapActionCorrelationIdAndUrlHeadersAreMasked() throws Exception {
        postToEachSoapService("SOAPAction", "\"urn:echo?access_token=" + SECRET + "\"", "X-Correlation-ID",
                "order-" + CARD, "Referer", "https://app.example/pay?password=" + SECRET + "#access_token=" + SECRET,
                "Location", "//bob:" + SECRET + "@host.example/next");
        assertNowhere("a secret", t -> t.contains(SECRET) || t.contains(CARD), 3);
    }
}
