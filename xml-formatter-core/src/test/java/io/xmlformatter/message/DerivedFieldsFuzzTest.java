package io.xmlformatter.message;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.CxfTextLayout;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.sink.TextLayout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing (Jazzer) of what a record derives from a request beside its payload ({@link RecordFields}):
 * the fuzzer writes an address, an operation, a SOAPAction, a correlation id, header values and a content type,
 * with line breaks and control characters of its choosing, and one of them carries a secret token where a rule
 * masks it (the value of a sensitive parameter, an address's user-info); a JSON body carries the token under a
 * configured key inside JSON serialised into a string, escaped once or twice. Oracle, in every field of every record
 * and in the CXF text, text and JSON layouts with the payload left out (and in the payload for the JSON body): no
 * character of the token, no raw line break or control character in a field, no field past its bound.
 *
 * <p>{@code ./mvnw verify} replays the committed inputs ({@code DerivedFieldsFuzzTestInputs/}); to fuzz:
 * {@code JAZZER_FUZZ=1 ./mvnw -pl xml-formatter-core test -Dfast -Dtest='DerivedFieldsFuzzTest' -P '!jdk25-tests'}.
 */
class DerivedFieldsFuzzTest {
    /** The secret: private-use characters, which the fuzzer's own strings never hold (they are removed). */
    private static final String TOKEN = "\uE000\uE001\uE002\uE003\uE004\uE005\uE006\uE007";
    /** Where the token stands in a field that is not the address: what comes before it, and after it. */
    private static final String[][] FIELD_SLOTS = {
        {"&password=", "&"}, {"&password=", ""}, {";access_token=", ";"}, {" token=", " "}, {",secret=", ","},
        {"&pass%77ord=", "&"}, {" http://bob:", "@host/x"}, {"=//bob:", "@host/x"},
        {" http%3A%2F%2Fbob:", "%40host"}, {"&jsessionid=", "\r\n"},
    };
    /** Where the token stands in the address. */
    private static final String[][] ADDRESS_SLOTS = {
        {"?password=", "&"}, {"?password=", ""}, {"?a=1&access_token=", "#"}, {";jsessionid=", "/x"},
        {"#access_token=", "&state=1"}, {"?next=http://bob:", "@host/"}, {"?next=//bob:", "@host/"},
    };
    private static final String[] JSON_SLOTS = {
        "{\"event\":\"{\\\"password\\\":\\\"" + TOKEN + "\\\"}\"}",
        "[\"{\\\"a\\\":[{\\\"password\\\":\\\"" + TOKEN + "\\\"}]}\"]",
        "{\"e\":\"{\\\"inner\\\":\\\"{\\\\\\\"password\\\\\\\":\\\\\\\"" + TOKEN + "\\\\\\\"}\\\"}\"}",
    };
    private static final String[] FIELDS = {"address", "operation", "SOAPAction", "X-Correlation-ID", "Referer",
        "Content-Type", "attribute"};
    private static final MessageLogger[] LOGGERS = {
        MessageLogger.builder().sink(r -> { }).build(),
        MessageLogger.builder().sink(r -> { }).recordPerExchange(true).build(),
        MessageLogger.builder().sink(r -> { }).pseudonyms(io.xmlformatter.Pseudonyms.keyed(
                "the fuzz test's key of 32 bytes!")).build(),
    };

    /** The fuzzer's text: private-use characters (the token's) removed. */
    private static String text(FuzzedDataProvider data, int max) {
        return data.consumeString(max).replaceAll("[\uE000-\uF8FF]", "");
    }

    @FuzzTest(maxDuration = "30m")
    void aDerivedFieldNeverShowsTheTokenALineBreakOrMore(FuzzedDataProvider data) {
        MessageLogger base = LOGGERS[data.consumeInt(0, LOGGERS.length - 1)];
        List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());
        MessageLogger logger = base.toBuilder().sink(records::add).sensitiveElementNames(
                Collections.singleton("password")).build();
        String tokenField = FIELDS[data.consumeInt(0, FIELDS.length - 1)];
        Map<String, String> values = new HashMap<>();
        for (String field : FIELDS) {
            String before = text(data, 40);
            String after = text(data, 40);
            String value;
            if (!field.equals(tokenField)) {
                value = before + after;
            } else if (field.equals("address")) {
                String[] slot = ADDRESS_SLOTS[data.consumeInt(0, ADDRESS_SLOTS.length - 1)];
                value = "http://127.0.0.1/" + before + slot[0] + TOKEN + slot[1] + after;
            } else {
                String[] slot = FIELD_SLOTS[data.consumeInt(0, FIELD_SLOTS.length - 1)];
                value = before + slot[0] + TOKEN + slot[1] + after;
            }
            values.put(field.toLowerCase(Locale.ROOT), value);
        }
        boolean json = data.consumeBoolean();
        String body = json ? JSON_SLOTS[data.consumeInt(0, JSON_SLOTS.length - 1)] : "<a>1</a>";
        LoggedExchange x = LoggedExchange.server(logger, name -> values.get(name.toLowerCase(Locale.ROOT)), null, null);
        x.operation("{urn:bank}Bank", values.get("operation"), null, null, null);
        MessageFacts request = x.facts(MessageType.REQ_IN).address(values.get("address")).httpMethod("POST")
                .contentType(json ? "application/json" : values.get("content-type"))
                .attribute("flowName", values.get("attribute"));
        for (String header : new String[] {"SOAPAction", "X-Correlation-ID", "Referer"}) {
            request.header(header, Collections.singletonList(values.get(header.toLowerCase(Locale.ROOT))));
        }
        x.request(request, CapturedBody.of(body.getBytes(StandardCharsets.UTF_8)));
        x.response(x.facts(MessageType.RESP_OUT).responseCode(200).contentType("text/xml"),
                CapturedBody.of("<b>2</b>".getBytes(StandardCharsets.UTF_8)));
        x.end();
        assertTrue(!records.isEmpty());
        for (LogRecord written : records) {
            check(written, json);
            if (written.request() != null) {
                check(written.request(), json);
            }
        }
    }

    private static void check(LogRecord written, boolean json) {
        if (json && written.type().isRequest()) {
            assertFalse(holdsToken(written.payload()), () -> "the token in the payload: " + written.payload());
        }
        LogRecord r = written.toBuilder().payload(null).request(null).build();
        List<String> fields = new ArrayList<>(java.util.Arrays.asList(r.exchangeId(), r.correlationId(),
                r.messageId(), r.address(), r.httpMethod(), r.contentType(), r.service(), r.operation(),
                r.soapAction(), r.action(), r.relatesTo(), r.faultCode(), r.faultString()));
        for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
            fields.add(h.getKey());
            fields.addAll(h.getValue());
        }
        for (Map.Entry<String, String> a : r.attributes().entrySet()) {
            fields.add(a.getKey());
            fields.add(a.getValue());
        }
        for (String f : fields) {
            if (f == null) {
                continue;
            }
            assertTrue(f.length() <= RecordFields.MAX_TEXT, () -> "a field past its bound: " + f.length());
            for (int i = 0; i < f.length(); i++) {
                char c = f.charAt(i);
                assertFalse(RecordFields.escapes(c), () -> "a raw control character in a field: " + f);
            }
        }
        for (String t : new String[] {TextLayout.INSTANCE.format(r), CxfTextLayout.INSTANCE.format(r),
            JsonLayout.INSTANCE.format(r), String.join("|", fields)}) {
            assertFalse(holdsToken(t), () -> "the token in a record: " + t);
        }
    }

    private static boolean holdsToken(String s) {
        if (s == null) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= '\uE000' && s.charAt(i) <= '\uE007') {
                return true;
            }
        }
        return false;
    }
}
