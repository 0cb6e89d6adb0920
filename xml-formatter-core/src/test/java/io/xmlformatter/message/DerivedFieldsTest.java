package io.xmlformatter.message;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.CxfTextLayout;
import io.xmlformatter.sink.FieldNames;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.sink.Slf4jSink;
import io.xmlformatter.sink.TextLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every string a record carries beside its payload — the ids, the operation, the SOAPAction, the content type,
 * headers, attributes, the MDC — passes one gate ({@link RecordFields}): no secret the address rule or the detectors
 * would mask, no raw line break or control character (log forging), no unbounded length; through every output form
 * core has (text, CXF's text, JSON, the SLF4J sink's fields under each naming and in the MDC) and with one record per
 * exchange. Findings of the audit at {@code 92fcdc9} (issue 53), each kept here.
 */
class DerivedFieldsTest {
    private static final String CARD = "4111 1111 1111 1111";
    private static final String SECRET = "s3cr3tValue";
    /** Line breaks a log reader takes for a new line: CR, LF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
    private static final String[] BREAKS = {"\r", "\n", "\u0085", "\u2028", "\u2029"};
    private static final String FORGED = "FORGED 2026-11-26 INFO REQ_IN";

    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent e) {
            e.prepareForDeferredProcessing();
            super.append(e);
        }
    };
    private Logger root;
    private final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());
    /** The MDC as each record was written, and as the exchange left it during the call. */
    private final List<Map<String, String>> mdcs = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void attach() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        appender.setContext(context);
        appender.start();
        root.addAppender(appender);
    }

    @AfterEach
    void detach() {
        root.detachAppender(appender);
        MDC.clear();
    }

    private MessageLogger logger(Consumer<MessageLoggerBuilder> options) {
        MessageLoggerBuilder b = MessageLogger.builder().sink(r -> {
            records.add(r);
            Slf4jSink.text().write(r);
            Slf4jSink.fullText().write(r);
            Slf4jSink.json().write(r);
            for (FieldNames names : FieldNames.values()) {
                Slf4jSink.fields(names, Level.INFO).write(r);
                Slf4jSink.fieldsInMdc(names, Level.INFO).write(r);
            }
        }).set("detect", "card-numbers");
        options.accept(b);
        return b.build();
    }

    /** One server exchange whose request carries {@code headers} (name, value, ...) and {@code uri}. */
    private void serve(MessageLogger logger, String uri, String operation, String... headers) {
        Map<String, String> h = new HashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            h.put(headers[i].toLowerCase(java.util.Locale.ROOT), headers[i + 1]);
        }
        LoggedExchange x = LoggedExchange.server(logger, name -> h.get(name.toLowerCase(java.util.Locale.ROOT)), null, null);
        mdcs.add(MDC.getCopyOfContextMap());
        x.operation("{urn:bank}Bank", operation, null, null, null);
        MessageFacts request = x.facts(MessageType.REQ_IN).address(uri).httpMethod("POST")
                .contentType(h.getOrDefault("content-type", "text/xml")).attribute("flowName", operation);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], List.of(headers[i + 1]));
        }
        x.request(request, CapturedBody.of("<a>1</a>".getBytes(StandardCharsets.UTF_8)));
        x.response(x.facts(MessageType.RESP_OUT).responseCode(200).contentType("text/xml"),
                CapturedBody.of("<b>2</b>".getBytes(StandardCharsets.UTF_8)));
        x.end();
    }

    /** Every field of every record, every event's message, arguments and MDC: none shows what {@code shown} finds. */
    private void assertNowhere(String what, java.util.function.Predicate<String> shown) {
        List<String> texts = new ArrayList<>();
        for (LogRecord r : records) {
            texts.add(TextLayout.INSTANCE.format(r));
            texts.add(CxfTextLayout.INSTANCE.format(r));
            texts.add(JsonLayout.INSTANCE.format(r));
            texts.add(String.valueOf(CxfTextLayout.operationName(r)));
        }
        for (ILoggingEvent e : appender.list) {
            texts.add(e.getFormattedMessage());
            texts.add(String.valueOf(e.getMDCPropertyMap()));
            texts.add(String.valueOf(e.getKeyValuePairs()));
        }
        for (Map<String, String> mdc : mdcs) {
            texts.add(String.valueOf(mdc));
        }
        assertTrue(appender.list.size() >= records.size() * 9, "every output form wrote");
        for (String t : texts) {
            assertFalse(shown.test(t), () -> what + ": " + (t.length() > 600 ? t.substring(0, 300) + " ... "
                    + t.substring(t.length() - 300) : t));
        }
    }

    private void assertNoForgedLine() {
        assertNowhere("a forged line", t -> {
            for (String lineBreak : BREAKS) {
                if (t.contains(lineBreak + FORGED)) {
                    return true;
                }
            }
            return false;
        });
    }

    @Test
    void lineBreaksInACorrelationIdSoapActionAddressOrOperationForgeNoLine() {
        for (boolean perExchange : new boolean[] {false, true}) {
            for (String lineBreak : BREAKS) {
                MessageLogger logger = logger(b -> b.recordPerExchange(perExchange));
                serve(logger, "http://127.0.0.1/svc/a" + lineBreak + FORGED + "?q=1" + lineBreak + FORGED,
                        "op" + lineBreak + FORGED, "X-Correlation-ID", "c-1" + lineBreak + FORGED,
                        "SOAPAction", "\"urn:pay" + lineBreak + FORGED + "\"",
                        "Content-Type", "text/xml; action=x" + lineBreak + FORGED,
                        "X-Note" + lineBreak + FORGED, "v");
            }
        }
        assertNoForgedLine();
        assertTrue(records.stream().anyMatch(r -> r.correlationId().equals("c-1\\n" + FORGED)),
                "a line feed is written as a visible escape");
        assertTrue(records.stream().anyMatch(r -> r.correlationId().equals("c-1\\u0085" + FORGED)), "NEL too");
    }

    @Test
    void aRestOperationNameIsMaskedAsTheAddressIs() {
        String uri = "/cards/" + CARD.replace(" ", "") + "/charge;jsessionid=" + SECRET + "?access_token=" + SECRET
                + "&password=" + SECRET + "&x=1#access_token=" + SECRET;
        serve(logger(b -> { }), "http://127.0.0.1" + uri, "GET[" + uri + "]");
        serve(logger(b -> b.recordPerExchange(true)), "http://127.0.0.1" + uri, "GET[" + uri + "]");
        assertNowhere("a secret", t -> t.contains(SECRET) || t.contains(CARD.replace(" ", "")));
        assertEquals("GET[/cards/[*****]/charge;jsessionid=[*****]&password=[*****]&x=1#access_token=[*****]",
                records.get(0).operation(), "a value runs to '&', ';', ',' or the end (here over '?access_token=')");
    }

    @Test
    void secretsInTheSoapActionContentTypeCorrelationIdAndUrlHeadersAreMasked() {
        for (boolean perExchange : new boolean[] {false, true}) {
            serve(logger(b -> b.recordPerExchange(perExchange)), "http://127.0.0.1/svc", "pay",
                    "SOAPAction", "\"urn:pay?access_token=" + SECRET + "\"",
                    "Content-Type", "application/soap+xml; access_token=" + SECRET + "; note=" + CARD,
                    "X-Correlation-ID", "order-" + CARD,
                    "Referer", "https://app.example/pay?password=" + SECRET + "#access_token=" + SECRET,
                    "Location", "//bob:" + SECRET + "@host.example/next",
                    "Link", "<http://host/x?api_key=" + SECRET + ">; rel=next",
                    "Content-Location", "http://host/r?q=http%253A%252F%252Fbob%253A" + SECRET + "%2540evil/",
                    "X-Debug", "{\"user\": \"bob\", \"password\": \"" + SECRET + "\"}");
        }
        assertNowhere("a secret", t -> t.contains(SECRET) || t.contains(CARD) || t.contains(CARD.replace(" ", "")));
    }

    @Test
    void anAddressWithUserInfoNestedInItsPathOrSchemeRelativeIsMasked() {
        serve(logger(b -> { }), "http://127.0.0.1:8080http://bob:" + SECRET + "@evil.example/x", "op");
        serve(logger(b -> { }), "//bob:" + SECRET + "@host.example/x", "op");
        assertNowhere("a password", t -> t.contains(SECRET));
    }

    @Test
    void everyFieldIsBounded() {
        String huge = "x".repeat(64 * 1024);
        serve(logger(b -> b.recordPerExchange(true)), "http://127.0.0.1/" + huge, huge, "X-Correlation-ID", huge,
                "SOAPAction", huge, "X-Big", huge);
        serve(logger(b -> { }), "http://127.0.0.1/" + huge, huge, "X-Correlation-ID", huge, "SOAPAction", huge);
        assertNowhere("64 KiB whole", t -> t.contains(huge.substring(0, RecordFields.MAX_TEXT + 1)));
        for (Map<String, String> mdc : mdcs) {
            for (String v : mdc.values()) {
                assertTrue(v.length() <= RecordFields.MAX_ID, "an MDC id is bounded: " + v.length());
            }
        }
        LogRecord r = records.get(0);
        assertEquals(RecordFields.MAX_ID, r.correlationId().length(), "cut to the bound, marker included");
        assertTrue(r.correlationId().endsWith("...[TRUNCATED BY " + (huge.length() - RecordFields.MAX_ID
                + "...[TRUNCATED BY 65536]".length()) + "]"),
                r.correlationId());
    }

    @Test
    void aMarkerOrDelimiterEchoingAHeaderValueMasksIt() {
        MessageLogger logger = logger(b -> { });
        String card = CARD.replace(" ", "");
        String[][] shapes = {
            {"text/xml; charset=" + card, null, "<a>1</a>"},
            {"text/xml", card, "<a>1</a>"},
            {"multipart/related; boundary=" + card, null, "--" + card + "\r\nContent-Type: text/xml\r\n\r\n<a>1</a>"
                + "\r\n--" + card + "--"},
            {"multipart/related; boundary=b", null, "--b\r\nContent-Type: text/xml\r\nContent-Transfer-Encoding: "
                + card + "\n\u0085x\r\n\r\n<a>1</a>\r\n--b--"},
        };
        for (String[] shape : shapes) {
            MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).contentType(shape[0]);
            if (shape[1] != null) {
                facts.header("Content-Encoding", List.of(shape[1]));
            }
            logger.log(facts, CapturedBody.of(shape[2].getBytes(StandardCharsets.ISO_8859_1)));
        }
        assertEquals(shapes.length, records.size());
        assertTrue(records.get(0).payload().startsWith("[body not logged: unknown charset [*****]"),
                records.get(0).payload());
        assertNowhere("a card", t -> t.contains(card));
    }

    @Test
    void cleaningIsIdempotentAndLeavesACleanRecordAsItIs() {
        ParameterMasker parameters = new ParameterMasker(List.of(), new Masks("[*****]", null), null, null);
        RecordFields fields = new RecordFields(parameters, false);
        LogRecord clean = LogRecord.builder(MessageType.REQ_IN).correlationId("c-1").operation("pay")
                .contentType("text/xml; charset=UTF-8").address("http://127.0.0.1/svc?a=1")
                .header("SOAPAction", List.of("\"urn:pay\"")).attribute("flowName", "f").build();
        assertTrue(fields.clean(clean) == clean, "nothing changed: the same record");
        LogRecord dirty = clean.toBuilder().correlationId("x".repeat(500) + "\n").operation("a=1&token=t&b=\u2028")
                .header("Referer", List.of("http://bob:pw@host/")).build();
        LogRecord once = fields.clean(dirty);
        LogRecord twice = fields.clean(once);
        assertTrue(twice == once, "a cleaned record is clean");
        assertEquals("a=1&token=[*****]&b=\\u2028", once.operation());
        assertEquals(List.of("http://[*****]@host/"), once.headers().get("Referer"));
    }
}
