package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.xml.ws.BindingProvider;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leaks of the message-logging issue, each sent as exact bytes over HTTP to a CXF service on Jetty at
 * 127.0.0.1 that logs with the WS-Security preset and {@code sensitiveElementNames}: the secret is in no record
 * (payload, address, headers; nor in the payload re-encoded), and the wire is what a service without the feature
 * answers (status and body).
 */
class FailClosedOverHttpTest {
    private static final String SECRET = "Pa55-s3cr3t-42";
    private static final String ENVELOPE = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Header><wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-secext-1.0.xsd\"><wsse:UsernameToken><wsse:Username>bob</wsse:Username>"
            + "<wsse:Password>" + SECRET + "</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>"
            + "<soap:Body><ns:echo xmlns:ns=\"urn:example:bank\"><text>hello</text><pin>" + SECRET + "</pin>"
            + "</ns:echo></soap:Body></soap:Envelope>";
    /** A request the service answers with 200. */
    private static final String VALID = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><ns:echo xmlns:ns=\"urn:example:bank\"><text>hello</text></ns:echo></soap:Body>"
            + "</soap:Envelope>";
    private static final CollectingSink sink = new CollectingSink();
    private static final HttpClient http = HttpClient.newHttpClient();
    private static CxfServer logged;
    private static CxfServer plain;

    @BeforeAll
    static void start() {
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        feature.setSensitiveElementNames(Set.of("pin"));
        logged = new CxfServer(feature);
        plain = new CxfServer();
    }

    @AfterAll
    static void stop() {
        logged.close();
        plain.close();
    }

    @BeforeEach
    void clear() {
        sink.clear();
    }

    /** Sends the same bytes to both services; asserts the same answer; returns the request's record. */
    private static LogRecord send(String query, byte[] body, String... headers) throws Exception {
        HttpResponse<byte[]> withFeature = post(logged.address + query, body, headers);
        HttpResponse<byte[]> without = post(plain.address + query, body, headers);
        assertEquals(without.statusCode(), withFeature.statusCode());
        assertEquals(new String(without.body(), StandardCharsets.ISO_8859_1),
                new String(withFeature.body(), StandardCharsets.ISO_8859_1));
        List<LogRecord> records = sink.await(2);
        for (LogRecord r : records) {
            assertNoSecret(r);
        }
        return sink.only(MessageType.REQ_IN);
    }

    private static HttpResponse<byte[]> post(String address, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(address))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).header("SOAPAction", "\"\"");
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static void assertNoSecret(LogRecord r) {
        String all = r.address() + " " + r.headers() + " " + r.attributes() + " " + r.payload();
        Charset[] charsets = {StandardCharsets.UTF_8, StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE,
            StandardCharsets.ISO_8859_1};
        for (Charset from : charsets) {
            for (Charset to : charsets) {
                String again = new String(all.getBytes(from), to).replace("\u0000", "");
                assertFalse(again.contains(SECRET), () -> "secret in the record (" + from + " -> " + to + "): "
                        + all);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void multipartPartHeadersEndingWithLfAreSplitAndMasked() throws Exception {
        String body = "--MIME_b\nContent-Type: application/xop+xml; charset=UTF-8; type=\"text/xml\"\n"
                + "Content-Transfer-Encoding: binary\nContent-ID: <root.message@cxf.apache.org>\n\n" + ENVELOPE
                + "\n--MIME_b--\n";
        LogRecord r = send("", utf8(body), "Content-Type", "multipart/related; type=\"application/xop+xml\"; "
                + "boundary=\"MIME_b\"; start=\"<root.message@cxf.apache.org>\"; start-info=\"text/xml\"");
        assertEquals(2, r.maskedCount(), r.payload());
        assertTrue(r.payload().contains("<wsse:Password>[*****]</wsse:Password>"), r.payload());
    }

    @Test
    void leadingGarbageBeforeTheEnvelopeIsMasked() throws Exception {
        LogRecord r = send("", utf8("garbage " + ENVELOPE), "Content-Type", "text/xml");
        assertEquals(2, r.maskedCount(), r.payload());
    }

    @Test
    void gzipAndDeflateBodiesAreDecodedAndMasked() throws Exception {
        LogRecord r = send("", gzip(utf8(ENVELOPE)), "Content-Type", "text/xml", "Content-Encoding", "gzip");
        assertEquals(2, r.maskedCount(), r.payload());
        clear();
        r = send("", storedDeflate(utf8(ENVELOPE)), "Content-Type", "text/xml", "Content-Encoding", "deflate");
        assertEquals(2, r.maskedCount(), r.payload());
        clear();
        r = send("", storedDeflate(utf8(ENVELOPE)), "Content-Type", "text/xml", "Content-Encoding", "zstd");
        assertEquals("[body not logged: Content-Encoding zstd]", r.payload());
    }

    @Test
    void jsonWithAByteOrderMarkIsMasked() throws Exception {
        LogRecord r = send("", utf8("\uFEFF{\"user\":\"bob\",\"pin\":\"" + SECRET + "\"}"),
                "Content-Type", "application/json");
        assertEquals(1, r.maskedCount(), r.payload());
    }

    @Test
    void aCharsetLabelThatDoesNotFitTheBytesHidesTheBody() throws Exception {
        LogRecord r = send("", utf8(ENVELOPE), "Content-Type", "text/xml; charset=UTF-16");
        assertTrue(r.payload().startsWith("[body not logged: charset UTF-16"), r.payload());
        assertFalse(r.wellFormed());
    }

    /** The shapes that reached a record before: each masked, or its content not shown, on the same wire. */
    @Test
    void theFormerlyOpenShapesAreMaskedOrNotShown() throws Exception {
        String[][] shapes = {
            {"application/json", "{\"user\":\"bob\",\"PIN\":\"" + SECRET + "\"}"},
            {"application/json", "{'user':'bob', pin:'" + SECRET + "'}"},
            {"application/json", "{\"doc\":\"\\u003cpin\\u003e" + SECRET + "\\u003c/pin\\u003e\"}"},
            {"text/plain", "user=bob\npassword=" + SECRET},
            {"text/xml", ENVELOPE.replace("<pin>", "<Pin>").replace("</pin>", "</Pin>")},
        };
        for (String[] shape : shapes) {
            clear();
            LogRecord r = send("", utf8(shape[1]), "Content-Type", shape[0]);
            assertTrue(r.maskedCount() >= 1, shape[1] + " -> " + r.payload());
        }
        clear();
        LogRecord r = send("", gzip(utf8("user=bob&password=" + SECRET)), "Content-Type",
                "application/x-www-form-urlencoded");
        assertTrue(r.payload().startsWith("[body not logged: bytes that do not read as"), r.payload());
        clear();
        r = send(";jsessionid=" + SECRET, utf8(ENVELOPE), "Content-Type", "text/xml");
        assertTrue(r.address().endsWith(";jsessionid=[*****]"), r.address());
    }

    @Test
    void aClientAddressLosesItsUserInfoAndSensitiveMatrixParameters() throws Exception {
        Bank client = logged.client(clientFeature());
        ((BindingProvider) client).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                logged.address.replace("http://", "http://bob:" + SECRET + "@") + ";jsessionid=" + SECRET);
        assertEquals("hi", client.echo("hi"));
        List<LogRecord> records = sink.await(4);
        for (LogRecord r : records) {
            assertNoSecret(r);
        }
        assertTrue(sink.only(MessageType.REQ_OUT).address().startsWith("http://[*****]@127.0.0.1:"),
                sink.only(MessageType.REQ_OUT).address());
    }

    private static XmlLoggingFeature clientFeature() {
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        return feature;
    }

    @Test
    void queryStringSecretsAreMasked() throws Exception {
        LogRecord r = send("?password=" + SECRET + "&access_token=" + SECRET + "&client_secret=" + SECRET
                + "&pin=" + SECRET + "&page=2", utf8(ENVELOPE), "Content-Type", "text/xml");
        assertTrue(r.address().endsWith("?password=[*****]&access_token=[*****]&client_secret=[*****]"
                + "&pin=[*****]&page=2"), r.address());
    }

    @Test
    void aSinkThatThrowsChangesNothingOnTheWire() throws Exception {
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(record -> {
            throw new IllegalStateException("sink down");
        });
        try (CxfServer failing = new CxfServer(feature)) {
            byte[] body = utf8(VALID);
            HttpResponse<byte[]> a = post(failing.address, body, "Content-Type", "text/xml");
            HttpResponse<byte[]> b = post(plain.address, body, "Content-Type", "text/xml");
            assertEquals(200, a.statusCode());
            assertEquals(new String(b.body(), StandardCharsets.UTF_8), new String(a.body(), StandardCharsets.UTF_8));
            assertEquals("hello", failing.client(feature).echo("hello"), "a client whose sink throws gets its answer");
            assertTrue(feature.getMessageLogger().sinkFailures() >= 4);
        }
    }

    @Test
    void aSinkThatWouldNotWriteGetsNothingCapturedOrFormatted() throws Exception {
        AtomicInteger written = new AtomicInteger();
        AtomicInteger tapped = new AtomicInteger();
        LogSink off = new LogSink() {
            @Override
            public void write(LogRecord record) {
                written.incrementAndGet();
            }

            @Override
            public boolean wouldWrite(MessageType type, String owner) {
                return false;
            }
        };
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(off);
        AbstractPhaseInterceptor<Message> probe = new AbstractPhaseInterceptor<Message>(Phase.PRE_INVOKE) {
            @Override
            public void handleMessage(Message message) {
                if (message.getContent(BodyTee.class) != null) {
                    tapped.incrementAndGet();
                }
            }
        };
        try (CxfServer off1 = new CxfServer(p -> p.getInInterceptors().add(probe), feature)) {
            assertEquals(200, post(off1.address, utf8(VALID), "Content-Type", "text/xml").statusCode());
            assertEquals("x", off1.client(feature).echo("x"));
        }
        assertEquals(0, tapped.get(), "no body was captured");
        assertEquals(0, written.get());
    }

    static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(plain);
        }
        return out.toByteArray();
    }

    /** Deflate with stored (uncompressed) blocks: the plaintext is right there in the bytes. */
    static byte[] storedDeflate(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater(Deflater.NO_COMPRESSION))) {
            z.write(plain);
        }
        return out.toByteArray();
    }
}
