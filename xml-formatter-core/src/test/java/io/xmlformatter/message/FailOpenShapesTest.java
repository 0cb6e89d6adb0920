package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shapes through which a secret reached a record before (issue: no fail-open path between the wire and the
 * record), one test per class, each kept as a regression test.
 */
class FailOpenShapesTest {
    private static final String SECRET = "s3cr3t-T0ken";

    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger logger = MessageLogger.builder().sink(records::add).limit(4096)
            .sensitiveElementNames(Set.of("secret", "password", "cardNumber")).build();

    private LogRecord log(String contentType, String address, byte[] body, String... headers) {
        records.clear();
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType(contentType).address(address);
        for (int i = 0; i < headers.length; i += 2) {
            facts.header(headers[i], Collections.singletonList(headers[i + 1]));
        }
        logger.log(facts, body == null ? null : CapturedBody.of(body));
        assertEquals(1, records.size());
        LogRecord r = records.get(0);
        String all = r.address() + " " + r.headers() + " " + r.payload();
        assertFalse(all.contains(SECRET), all);
        return r;
    }

    private LogRecord body(String contentType, String body) {
        return log(contentType, "http://127.0.0.1/svc", body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void jsonKeysMatchTheConfiguredNamesInAnyCase() {
        for (String key : new String[] {"PASSWORD", "Password", "cardnumber", "CardNumber", "SECRET"}) {
            LogRecord r = body("application/json", "{\"" + key + "\":\"" + SECRET + "\"}");
            assertEquals("{\"" + key + "\":\"[*****]\"}", r.payload());
        }
    }

    @Test
    void lenientJsonIsMaskedAsLenientReadersReadIt() {
        String[] shapes = {"{'password':'" + SECRET + "'}", "{password:'" + SECRET + "'}",
            "{password: " + SECRET + "}", "{'Secret'='" + SECRET + "'}",
            "{\"a\":1; \"password\" /* c */ : \"" + SECRET + "\"}", "{password:\"" + SECRET};
        for (String json : shapes) {
            LogRecord r = body("application/json", json);
            assertEquals(1, r.maskedCount(), json + " -> " + r.payload());
        }
        body("text/plain", "{'password':'" + SECRET + "'}");
    }

    @Test
    void xmlInJsonStringsWrittenWithUnicodeEscapesIsMasked() {
        String[] shapes = {
            "{\"doc\":\"\\u003cpassword\\u003e" + SECRET + "\\u003c/password\\u003e\"}",
            "{\"doc\":\"\\u003Cpassword\\u003E" + SECRET + "\\u003C\\/password\\u003E\"}",
            "{\"doc\":\"{\\\"inner\\\":\\\"\\\\u003cpassword\\\\u003e" + SECRET + "\\\\u003c/password\\\\u003e\\\"}\"}",
            "{\"doc\":\"\\u003cSECRET a=\\\"1\\\"\\u003e" + SECRET + "\\u003c/SECRET\\u003e\"}",
            "{\"doc\":\"\\u0026lt;password\\u0026gt;" + SECRET + "\\u0026lt;/password\\u0026gt;\"}",
        };
        for (String json : shapes) {
            LogRecord r = body("application/json", json);
            assertTrue(r.maskedCount() >= 1, json + " -> " + r.payload());
        }
    }

    @Test
    void elementAndAttributeNamesGivenAsNamesMatchInAnyCase() {
        MessageLogger named = MessageLogger.builder().sink(records::add).sensitiveElementNames(Set.of("password"))
                .sensitiveAttributeNames(Set.of("pin")).anonymize(Set.of("//exact")).build();
        records.clear();
        named.log(MessageFacts.of(MessageType.REQ_IN).contentType("text/xml"), CapturedBody.of(("<a><Password>"
                + SECRET + "</Password><PASSWORD>" + SECRET + "</PASSWORD><x PIN=\"" + SECRET + "\" Pin=\"" + SECRET
                + "\"/><b>&lt;PassWord&gt;" + SECRET + "&lt;/PassWord&gt;</b><Exact>shown</Exact></a>")
                .getBytes(StandardCharsets.UTF_8)));
        String payload = records.get(0).payload();
        assertFalse(payload.contains(SECRET), payload);
        assertTrue(payload.contains("<Exact>shown</Exact>"), "explicit paths stay exact: " + payload);
    }

    @Test
    void nameValuePairsInPlainTextAreMasked() {
        LogRecord r = body("text/plain", "user=bob\npassword=" + SECRET + "\nnext=1");
        assertEquals("user=bob\npassword=[*****]\nnext=1", r.payload());
        r = body("text/plain", "user=bob&Password=" + SECRET + "&x=<b>");
        assertEquals(1, r.maskedCount(), r.payload());
        r = body("text/plain; charset=UTF-8", "login: bob, secret: " + SECRET + " (rotated)");
        assertEquals("login: bob, secret: [*****]", r.payload());
        r = body(null, "user[password]=\"" + SECRET + " with spaces\" ok");
        assertEquals("user[password]=[*****] ok", r.payload());
        r = body("text/plain", "credentials.password = '" + SECRET + "'");
        assertEquals("credentials.password = [*****]", r.payload());
        r = body("text/plain", "nothing to hide: a=1, b=2");
        assertEquals("nothing to hide: a=1, b=2", r.payload());
        assertEquals(0, r.maskedCount());
    }

    @Test
    void addressesLoseUserInfoAndSensitiveMatrixParameters() {
        LogRecord r = log(null, "http://bob:" + SECRET + "@127.0.0.1:8080/svc/a;jsessionid=" + SECRET
                + ";v=1/b;Secret=" + SECRET + "?password=" + SECRET + "#top", null);
        assertEquals("http://[*****]@127.0.0.1:8080/svc/a;jsessionid=[*****];v=1/b;Secret=[*****]?password=[*****]#top",
                r.address());
        assertEquals(4, r.maskedCount());
        r = log(null, "/svc;JSESSIONID=" + SECRET + "?a=1", null);
        assertEquals("/svc;JSESSIONID=[*****]?a=1", r.address());
        r = log(null, "https://" + SECRET + "@host/p", null);
        assertEquals("https://[*****]@host/p", r.address());
        r = log(null, "http://host/p?next=http://u:" + SECRET + "@x/&password=" + SECRET, null);
        assertEquals("http://host/p?next=http://[*****]@x/&password=[*****]", r.address());
        r = log(null, "http://host/p?next=https%3A%2F%2Fu%3A" + SECRET + "%40x%2F", null);
        assertEquals("http://host/p?next=https%3A%2F%2F[*****]%40x%2F", r.address());
    }

    @Test
    void bytesThatDoNotReadAsTheirDeclaredTypeAreNotShown() throws IOException {
        byte[] form = ("user=bob&password=" + SECRET).getBytes(StandardCharsets.UTF_8);
        byte[][] junks = {gzip(form), storedDeflate(form), concat(new byte[] {1, 2, (byte) 0xC3}, form)};
        for (byte[] junk : junks) {
            for (String type : new String[] {"application/x-www-form-urlencoded", "text/plain", "application/json",
                null}) {
                LogRecord r = log(type, "http://127.0.0.1/svc", junk);
                assertTrue(r.payload().startsWith("[body not logged: bytes that do not read as ")
                        || r.payload().contains("content not shown"), r.payload());
                assertFalse(r.payload().contains("password"), r.payload());
                assertFalse(r.wellFormed());
            }
        }
        LogRecord r = log("application/x-www-form-urlencoded", "http://127.0.0.1/svc",
                ("junk\u00ffpassword=" + SECRET).getBytes(StandardCharsets.ISO_8859_1));
        assertFalse(r.payload().contains(SECRET));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = new byte[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(plain);
        }
        return out.toByteArray();
    }

    private static byte[] storedDeflate(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater(Deflater.NO_COMPRESSION))) {
            z.write(plain);
        }
        return out.toByteArray();
    }
}
