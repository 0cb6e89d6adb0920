package io.xmlformatter.message;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The body rule and the rest of the message policy, row by row, without any transport. */
class MessageLoggerTest {
    private static final String SECRET = "s3cr3t-T0ken";
    private static final String ENVELOPE = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Header><wsse:Security xmlns:wsse=\"urn:wsse\"><wsse:UsernameToken><wsse:Username>bob"
            + "</wsse:Username><wsse:Password>" + SECRET + "</wsse:Password></wsse:UsernameToken></wsse:Security>"
            + "</soap:Header><soap:Body><echo><secret>" + SECRET + "</secret></echo></soap:Body></soap:Envelope>";

    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger logger = MessageLogger.builder().sink(records::add).limit(4096)
            .sensitiveElementNames(Set.of("secret", "password")).build();

    private LogRecord log(String contentType, byte[] body, String... headers) {
        return log(logger, contentType, CapturedBody.of(body), headers);
    }

    private LogRecord log(MessageLogger with, String contentType, CapturedBody body, String... headers) {
        records.clear();
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType(contentType)
                .address("http://127.0.0.1/svc");
        for (int i = 0; i < headers.length; i += 2) {
            facts.header(headers[i], Collections.singletonList(headers[i + 1]));
        }
        with.log(facts, body);
        assertEquals(1, records.size());
        LogRecord r = records.get(0);
        assertNoSecret(r.payload());
        return r;
    }

    /** The secret is in no reading of the payload: as is, nor re-encoded between UTF-8, UTF-16 and Latin-1. */
    private static void assertNoSecret(String payload) {
        if (payload == null) {
            return;
        }
        Charset[] charsets = {StandardCharsets.UTF_8, StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE,
            StandardCharsets.ISO_8859_1, Charset.forName("IBM037")};
        assertFalse(payload.contains(SECRET), payload);
        for (Charset from : charsets) {
            for (Charset to : charsets) {
                String again = new String(payload.getBytes(from), to).replace("\u0000", "");
                assertFalse(again.contains(SECRET), () -> "re-encoded " + from + " -> " + to + ": " + payload);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A logger's builder holds its configuration: built again it logs the same; changed, only the new one differs. */
    @Test
    void toBuilderGivesTheConfigurationBack() {
        String logged = log("text/xml", utf8(ENVELOPE)).payload();
        MessageLogger same = logger.toBuilder().build();
        assertEquals(logged, log(same, "text/xml", CapturedBody.of(utf8(ENVELOPE))).payload());
        MessageLogger shorter = logger.toBuilder().limit(64).build();
        assertTrue(log(shorter, "text/xml", CapturedBody.of(utf8(ENVELOPE))).truncated());
        assertEquals(logged, log("text/xml", utf8(ENVELOPE)).payload());
    }

    /**
     * A complete XML body is formatted into the thread's buffer and taken from it: a record after a longer one, a
     * truncated one or one too large to keep the buffer holds its own text only.
     */
    @Test
    void eachXmlPayloadIsItsOwnAfterLongerOnesOnTheSameThread() {
        MessageLogger unlimited = MessageLogger.builder().sink(records::add).limit(-1)
                .sensitiveElementNames(Set.of("secret", "password")).build();
        String big = "<r>" + "<line>text of a long body</line>".repeat(20_000) + "<secret>" + SECRET + "</secret></r>";
        String small = "<a><secret>" + SECRET + "</secret></a>";
        String expected = "<a><secret>[*****]</secret></a>";
        for (String before : new String[] {big, big.substring(0, 1000), ENVELOPE}) {
            LogRecord first = log(unlimited, "text/xml", CapturedBody.of(utf8(before)));
            assertTrue(first.payload().startsWith("<r>") || first.payload().startsWith("<soap:"), first.payload());
            assertEquals(expected, log(unlimited, "text/xml", CapturedBody.of(utf8(small))).payload());
            assertEquals(expected, log("text/xml", utf8(small)).payload());
        }
        LogRecord cut = log("text/xml", utf8(big));
        assertTrue(cut.truncated() && cut.payload().length() < 4096 + 200, () -> "" + cut.payload().length());
        assertEquals(expected, log("text/xml", utf8(small)).payload());
    }

    @Test
    void xmlIsFormattedAndMasked() {
        LogRecord r = log("text/xml; charset=UTF-8", utf8(ENVELOPE));
        assertTrue(r.payload().contains("<wsse:Password>[*****]</wsse:Password>"), r.payload());
        assertEquals(2, r.maskedCount());
        assertTrue(r.wellFormed());
    }

    @Test
    void leadingGarbageBeforeTheEnvelopeDoesNotTurnMaskingOff() {
        LogRecord r = log("text/xml", utf8("garbage\u0001 " + ENVELOPE));
        assertFalse(r.wellFormed());
        assertEquals(2, r.maskedCount());
    }

    @Test
    void anyTextGoesThroughTheEngine() {
        LogRecord r = log("text/plain", utf8("note: <secret>" + SECRET + "</secret>"));
        assertEquals(1, r.maskedCount());
    }

    @Test
    void textWithoutMarkupIsShownAsItIsCutAtTheLimit() {
        LogRecord r = log("text/plain", utf8("UP"));
        assertEquals("UP", r.payload());
        assertTrue(r.wellFormed());
        r = log("text/plain; charset=ISO-8859-1", "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("caf\u00e9", r.payload());
        MessageLogger small = MessageLogger.builder().sink(records::add).limit(10).build();
        r = log(small, "text/plain", CapturedBody.of(utf8("x".repeat(50))));
        assertTrue(r.truncated());
        assertEquals("x".repeat(10) + "\n...[DOCUMENT TRUNCATED: original 50 bytes]", r.payload());
    }

    @Test
    void jsonWithAndWithoutByteOrderMarkIsMasked() {
        String json = "{\"user\":\"bob\",\"password\":\"" + SECRET + "\",\"n\":[1,{\"secret\":{\"x\":\"" + SECRET
                + "\"}}]}";
        assertEquals(2, log("application/json", utf8(json)).maskedCount());
        assertEquals(2, log("application/json", utf8("\uFEFF" + json)).maskedCount());
        assertEquals(2, log("text/plain", utf8("\uFEFF " + json)).maskedCount());
        assertEquals(2, log(null, json.getBytes(StandardCharsets.UTF_16LE)).maskedCount());
    }

    @Test
    void markupInsideJsonIsMaskedToo() {
        LogRecord r = log("application/json", utf8("{\"doc\":\"<Envelope><secret>" + SECRET
                + "</secret></Envelope>\"}"));
        assertEquals(1, r.maskedCount());
    }

    @Test
    void textThatIsNotJsonAfterAllStillGoesThroughTheEngine() {
        log("application/json", utf8("[INFO] <secret>" + SECRET + "</secret>"));
    }

    @Test
    void gzipAndDeflateAreDecodedThenMasked() throws IOException {
        for (String coding : new String[] {"gzip", "x-gzip", "deflate", "deflate-raw", "deflate-stored"}) {
            byte[] body = compress(coding, utf8(ENVELOPE));
            LogRecord r = log("text/xml", body, "Content-Encoding", coding.startsWith("deflate") ? "deflate" : coding);
            assertTrue(r.payload().contains("<wsse:Password>[*****]</wsse:Password>"), coding + ": " + r.payload());
        }
    }

    @Test
    void aCutCompressedBodyShowsTheDecodedStartMasked() throws IOException {
        byte[] body = compress("gzip", utf8(ENVELOPE + ENVELOPE));
        LogRecord r = log(logger, "text/xml", CapturedBody.prefix(body, body.length - 8, body.length),
                "Content-Encoding", "gzip");
        assertTrue(r.payload().contains("<wsse:Password>[*****]</wsse:Password>"), r.payload());
    }

    @Test
    void aContentEncodingNotDecodedBecomesAMarker() throws IOException {
        LogRecord r = log("text/xml", compress("deflate-stored", utf8(ENVELOPE)), "Content-Encoding", "br");
        assertEquals("[body not logged: Content-Encoding br]", r.payload());
        r = log("text/xml", utf8(ENVELOPE), "Content-Encoding", "gzip"); // not gzip at all
        assertEquals("[body not logged: Content-Encoding gzip]", r.payload());
    }

    @Test
    void aCharsetLabelThatDoesNotFitTheBytesHidesTheBody() {
        for (String label : new String[] {"UTF-16", "UTF-16LE", "UTF-32", "IBM037", "UTF-7", "x-unknown-cs"}) {
            LogRecord r = log("text/xml; charset=" + label, utf8(ENVELOPE));
            assertTrue(r.payload().startsWith("[body not logged: "), label + ": " + r.payload());
            assertFalse(r.wellFormed());
            r = log("application/json; charset=\"" + label + "\"", utf8("{\"password\":\"" + SECRET + "\"}"));
            assertTrue(r.payload().startsWith("[body not logged: "), label + ": " + r.payload());
        }
        LogRecord r = log("text/xml; charset=UTF-8", ENVELOPE.getBytes(StandardCharsets.UTF_16LE));
        assertTrue(r.payload().startsWith("[body not logged: "), r.payload());
    }

    @Test
    void bodiesInTheirLabelledOrOwnEncodingAreMasked() {
        for (Charset cs : new Charset[] {StandardCharsets.UTF_16, StandardCharsets.UTF_16BE,
            StandardCharsets.UTF_16LE, Charset.forName("UTF-32BE"), Charset.forName("UTF-32LE"),
            Charset.forName("IBM037"), StandardCharsets.ISO_8859_1}) {
            byte[] bytes = ENVELOPE.getBytes(cs);
            assertEquals(2, log("text/xml; charset=" + cs.name(), bytes).maskedCount(), cs.name());
            assertEquals(2, log("text/xml", bytes).maskedCount(), "unlabelled " + cs.name());
        }
    }

    @Test
    void multipartPartsAreMaskedWhateverTheirLineEnds() {
        for (String eol : new String[] {"\r\n", "\n"}) {
            String body = "--b1" + eol + "Content-Type: application/xop+xml; type=\"text/xml\"" + eol
                    + "Content-ID: <root>" + eol + "Authorization: Basic " + SECRET + eol + eol + ENVELOPE + eol
                    + "--b1" + eol + "Content-Type: application/octet-stream" + eol + eol + SECRET + eol
                    + "--b1" + eol + "Content-Type: text/xml" + eol + "Content-Transfer-Encoding: base64" + eol + eol
                    + "PHNlY3JldD4=" + eol + "--b1--" + eol;
            LogRecord r = log("multipart/related; type=\"application/xop+xml\"; boundary=b1", utf8(body));
            assertTrue(r.multipartContent());
            assertEquals(3, r.maskedCount(), r.payload());
            assertTrue(r.payload().contains("--- Attachment suppressed: 12 bytes ---"), r.payload());
            assertTrue(r.payload().contains("[body not logged: Content-Transfer-Encoding base64]"), r.payload());
            assertTrue(r.wellFormed(), r.payload());
        }
    }

    @Test
    void multipartWithoutPartHeadersOrBoundaryGoesThroughTheEngine() {
        LogRecord r = log("multipart/related; boundary=b1", utf8("--b1\r\n" + ENVELOPE + "\r\n--b1--"));
        assertEquals(2, r.maskedCount(), r.payload());
        r = log("multipart/related; boundary=zz", utf8("--b1\r\n\r\n" + ENVELOPE + "\r\n--b1--"));
        assertEquals(3, r.maskedCount(), r.payload()); // and the detectors' (on by default): text after the root
        assertFalse(r.wellFormed());
        r = log("multipart/related", utf8("--b1\n\n" + ENVELOPE));
        assertEquals(2, r.maskedCount(), r.payload());
    }

    @Test
    void nestedMultipartAndJsonPartsAreMasked() {
        String inner = "--in\nContent-Type: application/json\n\n{\"password\":\"" + SECRET + "\"}\n--in--\n";
        String body = "--out\nContent-Type: multipart/mixed; boundary=in\n\n" + inner + "--out--\n";
        assertEquals(1, log("multipart/form-data; boundary=out", utf8(body)).maskedCount());
    }

    @Test
    void aCutMultipartBodyMasksItsLastPart() {
        byte[] body = utf8("--b\r\nContent-Type: text/xml\r\n\r\n" + ENVELOPE + "\r\n--b--\r\n");
        int cut = new String(body, StandardCharsets.UTF_8).indexOf(SECRET) + 4;
        LogRecord r = log(logger, "multipart/related; boundary=b", CapturedBody.prefix(body, cut, body.length));
        assertTrue(r.truncated());
        assertEquals(1, r.maskedCount(), r.payload());
    }

    @Test
    void queryAndFormParametersAreMaskedByName() {
        records.clear();
        logger.log(MessageFacts.of(MessageType.REQ_IN).address("http://h/p?a=1&password=" + SECRET
                + "&Access_Token=" + SECRET + ";pass%77ord=" + SECRET + "&secret=" + SECRET + "#frag"), null);
        LogRecord r = records.get(0);
        assertEquals("http://h/p?a=1&password=[*****]&Access_Token=[*****];pass%77ord=[*****]&secret=[*****]#frag",
                r.address());
        assertEquals(4, r.maskedCount());
        r = log("application/x-www-form-urlencoded", utf8("grant_type=password&username=bob&password=" + SECRET
                + "&client_secret=" + SECRET));
        assertEquals("grant_type=password&username=bob&password=[*****]&client_secret=[*****]", r.payload());
    }

    @Test
    void headersAreMaskedIgnoringCase() {
        LogRecord r = log("text/xml", utf8("<a/>"), "authorization", "Bearer " + SECRET, "X-Api-Key", SECRET,
                "Accept", "text/xml");
        assertEquals(List.of("[*****]"), r.headers().get("authorization"));
        assertEquals(List.of("[*****]"), r.headers().get("X-Api-Key"));
        assertEquals(List.of("text/xml"), r.headers().get("Accept"));
    }

    @Test
    void binaryIsSuppressedUnlessAskedForThenItGoesThroughTheEngine() {
        LogRecord r = log("application/octet-stream", utf8(SECRET));
        assertEquals(MessageLogger.CONTENT_SUPPRESSED, r.payload());
        assertTrue(r.binaryContent());
        MessageLogger binary = MessageLogger.builder().sink(records::add).logBinary(true)
                .sensitiveElementNames(Set.of("secret")).build();
        r = log(binary, "application/octet-stream", CapturedBody.of(utf8(ENVELOPE)));
        assertEquals(2, r.maskedCount());
    }

    @Test
    void compactDropsWhitespaceBetweenXmlElementsAndJsonTokensAndMasksAsEver() {
        MessageLogger compact = MessageLogger.builder().sink(records::add).set("body.compact", "true").build();
        assertEquals("<a><password>[*****]</password><b>x y</b></a>", log(compact, "text/xml",
                CapturedBody.of(utf8("<a>\n  <password>s3cret</password>\n  <b>x y</b>\n</a>"))).payload());
        assertEquals("{\"password\":\"[*****]\",\"b\":[1,2],\"c\":\"x y\"}", log(compact, "application/json",
                CapturedBody.of(utf8("{ \"password\" : \"s3cret\",\n  \"b\": [1, 2], \"c\": \"x y\" }"))).payload());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MessageLogger.builder().pretty(true).set("body.compact", "true").build());
        assertTrue(e.getMessage().contains("body.pretty, body.compact"), e.getMessage());
    }

    @Test
    void textIsCutAtTheLimitVisibly() {
        MessageLogger small = MessageLogger.builder().sink(records::add).limit(20).build();
        LogRecord r = log(small, "application/json", CapturedBody.of(utf8("{\"a\":\"" + "x".repeat(100) + "\"}")));
        assertTrue(r.truncated());
        assertTrue(r.payload().endsWith("...[DOCUMENT TRUNCATED: original 108 bytes]"), r.payload());
    }

    @Test
    void aSinkThatThrowsNeitherFailsTheCallNorGoesUncounted() {
        MessageLogger failing = MessageLogger.builder().sink(record -> {
            throw new IllegalStateException("sink down");
        }).build();
        Logger warnings = (Logger) LoggerFactory.getLogger(MessageLogger.class);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        warnings.addAppender(appender);
        try {
            failing.log(MessageFacts.of(MessageType.REQ_IN), CapturedBody.of(utf8(ENVELOPE)));
            failing.log(MessageFacts.of(MessageType.RESP_OUT), null);
            failing.log(MessageFacts.of(MessageType.RESP_OUT), null);
        } finally {
            warnings.detachAppender(appender);
        }
        assertEquals(3, failing.sinkFailures());
        assertTrue(failing.lastFailure().contains("sink down"));
        // the warnings reach the application's logging (SLF4J, here logback): the 1st and 2nd time, not the 3rd
        assertEquals(2, appender.list.size(), appender.list.toString());
        ILoggingEvent first = appender.list.get(0);
        assertEquals(Level.WARN, first.getLevel());
        assertTrue(first.getFormattedMessage().contains("logging a message failed (failures so far: 1)"),
                first.getFormattedMessage());
        assertEquals("sink down", first.getThrowableProxy().getMessage());
    }

    @Test
    void aSinkSaysWhetherItWouldWrite() {
        LogSink off = new LogSink() {
            @Override
            public void write(LogRecord record) {
                records.add(record);
            }

            @Override
            public boolean wouldWrite(MessageType type, String owner) {
                return type != MessageType.RESP_OUT;
            }
        };
        MessageLogger l = MessageLogger.builder().inSink(records::add).outSink(off).suppressDuplicates(true).build();
        assertTrue(l.wouldLog(MessageType.REQ_IN, null));
        assertTrue(l.wouldLog(MessageType.REQ_OUT, "Bank"));
        assertFalse(l.wouldLog(MessageType.RESP_OUT, "Bank"));
    }

    @Test
    void wrongSettingsAreNamed() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MessageLogger.builder().anonymize(List.of("/a//")).build());
        assertTrue(e.getMessage().startsWith("bad masking or pruning setting"), e.getMessage());
    }

    @Test
    void wholeJsonIsIndentedAfterMaskingWhenPayloadsAre() {
        MessageLogger pretty = MessageLogger.builder().sink(records::add).pretty(true)
                .sensitiveElementNames(Set.of("secret")).build();
        LogRecord r = log(pretty, "application/json", CapturedBody.of(utf8("{\"a\":1, \"secret\" : {\"deep\":\""
                + SECRET + "\"},\"list\":[1,{\"b\":\"x}y\\\"z,\"}],\"e\":{},\"f\":[ ]}")));
        assertEquals("{\n  \"a\": 1,\n  \"secret\": \"[*****]\",\n  \"list\": [\n    1,\n    {\n      \"b\": \"x}y\\\"z,\"\n"
                + "    }\n  ],\n  \"e\": {},\n  \"f\": []\n}", r.payload(), "strings as written, only whitespace moved");
        String commented = "{/* note */ \"secret\": \"" + SECRET + "\"}";
        assertTrue(log(pretty, "application/json", CapturedBody.of(utf8(commented))).payload()
                .startsWith("{/*[*****]*/"), "a comment: as written, its content masked (it can hold anything)");
        byte[] whole = utf8("{\"secret\": \"" + SECRET + "\", \"more\": [1, 2, 3]}");
        LogRecord cut = log(pretty, "application/json", CapturedBody.prefix(whole, 30, whole.length));
        assertTrue(cut.payload().startsWith("{\"secret\": \"[*****]\", \"mo"), "a cut body: as written, "
                + cut.payload());
        assertTrue(cut.truncated());
        assertEquals("{\"a\": 1}", log(logger, "application/json", CapturedBody.of(utf8("{\"a\": 1}"))).payload(),
                "not pretty: as written");
    }

    @Test
    void jsonStringsAreCappedAsXmlTextIsWithoutCuttingAnEscape() {
        MessageLogger capped = MessageLogger.builder().sink(records::add).maxTextLength(4)
                .sensitiveElementNames(Set.of("secret")).build();
        LogRecord r = log(capped, "application/json", CapturedBody.of(utf8("{ \"a\" : \"abcdefgh\", \"b\": \"ab\\u00e9cd\","
                + " \"c\": \"abc\", \"secret\": \"" + SECRET + "\" }")));
        assertEquals("{ \"a\" : \"abcd...[TRUNCATED BY 4]\", \"b\": \"ab...[TRUNCATED BY 8]\", \"c\": \"abc\","
                + " \"secret\": \"[*****]\" }", r.payload(), "whitespace as written, an escape kept whole or not at all");
        assertTrue(r.truncated());
    }

    @Test
    void writtenBodiesAreCapturedUpToTheLimit() {
        byte[] body = utf8(ENVELOPE);
        BodyRecorder recorder = new BodyRecorder(10);
        recorder.add(body, 0, 7);
        recorder.add(body, 7, 7);
        recorder.add(new byte[] {'x'}, 0, 1);
        assertFalse(recorder.body().complete());
        assertEquals(15, recorder.body().originalSize());
        assertNull(MessageFacts.of(MessageType.REQ_IN).header("Content-Type"));
    }

    private static byte[] compress(String how, byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        switch (how) {
            case "gzip":
            case "x-gzip":
                try (GZIPOutputStream z = new GZIPOutputStream(out)) {
                    z.write(plain);
                }
                break;
            case "deflate":
                try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
                    z.write(plain);
                }
                break;
            default:
                Deflater d = new Deflater(how.equals("deflate-stored") ? Deflater.NO_COMPRESSION
                        : Deflater.DEFAULT_COMPRESSION, true);
                try (DeflaterOutputStream z = new DeflaterOutputStream(out, d)) {
                    z.write(plain);
                }
        }
        return out.toByteArray();
    }
}
