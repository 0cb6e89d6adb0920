package io.xmlformatter.message;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Coverage-guided fuzzing (Jazzer) of the bodies that do not go through the XML engine: JSON (strict, lenient, behind
 * an anti-XSSI guard or in a JSONP call, cut anywhere), form data and plain text. A secret token stands as the value
 * of a masked name, in one of the shapes services write, and a card number stands elsewhere; the fuzzer writes what
 * comes before, between and after (stray quotes, brackets, guards), picks the content type, the logger (pretty or as
 * written, keyed pseudonyms) and the limit. Oracle: no character of the token and no four digits of the card in a
 * row reach the payload (the markers' own numbers and pseudonyms aside).
 *
 * <p>{@code ./mvnw verify} replays the committed inputs ({@code BodyMaskingFuzzTestInputs/}); to fuzz:
 * {@code JAZZER_FUZZ=1 ./mvnw -pl xml-formatter-core test -Dfast -Dtest='BodyMaskingFuzzTest' -P '!jdk25-tests'}.
 */
class BodyMaskingFuzzTest {
    /** The secret: private-use characters, which the fuzzer's own strings never hold (they are removed). */
    private static final String TOKEN = "\uE000\uE001\uE002\uE003\uE004\uE005\uE006\uE007";
    private static final String CARD = "4929 8046 1775 0034";
    /** The token as the value of a masked name: JSON members as strict and lenient writers write them. */
    private static final String[] JSON_SLOTS = {
        "\"password\":\"%s\"", "'password':'%s'", "\"password\" : \"%s\"", "password: \"%s\"", "Password: %s",
        "\"PassWord\"=>\"%s\"", "\"password\":{\"v\":\"%s\"}", "\"password\":[\"%s\",1]", "\"pin\":\"%s\"",
        "\"password\":\"a\\\"%s\"", "\"pass\\u0077ord\":\"%s\"", "\"event\":\"{\\\"password\\\":\\\"%s\\\"}\"",
        "\"note\":\"password=%s\"", "\"note\":'token: %s'",
    };
    private static final String[] GUARDS = {"", ")]}',\n", ")]}'\n", "while(1);", "for(;;);", "\uFEFF", "cb(",
        "/**/ jQuery.x(",
    };
    private static final String[] FORM_SLOTS = {"password=%s", "pass%%77ord=%s", "user[password]=%s", "pin=%s",
        "access_token=%s"};
    private static final String[] TEXT_SLOTS = {"password=%s", "password: %s", "\"password\":\"%s\"",
        "pin = '%s'", "client_secret=%s;", "{\"password\":\"%s\"}"};
    private static final String[] TYPES = {"application/json", "application/problem+json; charset=utf-8",
        "text/plain", "application/javascript", "", "application/x-ndjson"};
    private static final MessageLogger[] LOGGERS = {
        logger().build(),
        logger().pretty(true).build(),
        logger().limit(64).build(),
        logger().pseudonyms(Pseudonyms.keyed("the fuzz test's key of 32 bytes!")).build(),
    };

    private static MessageLoggerBuilder logger() {
        return MessageLogger.builder().sink(r -> { }).set("masking.element-names", "pin")
                .set("masking.detect", "card-numbers,ibans");
    }

    /**
     * The fuzzer's text: no private-use characters (the token's), no digits (so the card stays one), no {@code <}
     * (markup sends a body to the XML engine, whose masking by name is {@code MaskingFuzzTest}'s to fuzz: in XML,
     * {@code pin = '...'} inside a tag is an attribute no rule names), no NUL (which makes the bytes read as UTF-16,
     * where other bytes can spell the token's characters: the oracle's own false alarm; encodings are
     * {@code MaskingFuzzTest}'s).
     */
    private static String text(FuzzedDataProvider data, int max) {
        return data.consumeString(max).replaceAll("[\uE000-\uF8FF0-9\uFF10-\uFF19<\u0000]", "");
    }

    @FuzzTest(maxDuration = "30m")
    void noMaskedValueNorCardReachesTheRecord(FuzzedDataProvider data) {
        int kind = data.consumeInt(0, 2);
        String before = text(data, 40);
        String between = text(data, 40);
        String after = text(data, 40);
        String secret = TOKEN.substring(0, data.consumeInt(1, TOKEN.length()));
        String body;
        String type;
        if (kind == 0) {
            String slot = String.format(JSON_SLOTS[data.consumeInt(0, JSON_SLOTS.length - 1)], secret);
            String guard = GUARDS[data.consumeInt(0, GUARDS.length - 1)];
            body = guard + before + "{" + between + " " + slot + ", \"note\": \"" + CARD + "\"" + after + "}"
                    + (guard.endsWith("(") ? ");" : "");
            type = TYPES[data.consumeInt(0, TYPES.length - 1)];
        } else if (kind == 1) {
            body = before + "&" + String.format(FORM_SLOTS[data.consumeInt(0, FORM_SLOTS.length - 1)], secret) + "&"
                    + between + "&note=" + CARD.replace(' ', '+') + "&" + after;
            type = "application/x-www-form-urlencoded";
        } else {
            body = before + " " + String.format(TEXT_SLOTS[data.consumeInt(0, TEXT_SLOTS.length - 1)], secret)
                    + "\n" + between + " " + CARD + " " + after;
            type = data.consumeBoolean() ? "text/plain" : "";
        }
        int cut = data.consumeInt(0, body.length());
        MessageLogger base = LOGGERS[data.consumeInt(0, LOGGERS.length - 1)];
        List<LogRecord> records = new ArrayList<>();
        MessageLogger logger = base.toBuilder().sink(records::add).build();
        byte[] bytes = body.substring(0, cut).getBytes(StandardCharsets.UTF_8);
        logger.log(MessageFacts.of(MessageType.REQ_IN).contentType(type),
                cut == body.length() ? CapturedBody.of(bytes) : CapturedBody.prefix(bytes, bytes.length, body.getBytes(StandardCharsets.UTF_8).length));
        check(body, type, records.get(0).payload());
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return b.toString();
    }

    private static void check(String body, String type, String payload) {
        for (int i = 0; i < payload.length(); i++) {
            if (payload.charAt(i) >= '\uE000' && payload.charAt(i) <= '\uE007') {
                throw new AssertionError("the token leaked\ntype:   " + type + "\ninput:  " + escape(body) + "\noutput: "
                        + escape(payload));
            }
        }
        String shown = payload.replaceAll("\\[h:[0-9a-f]{0,8}]?", "")
                .replaceAll("\\[(NOT WELL-FORMED|DOCUMENT TRUNCATED|TRUNCATED BY|body not logged)[^\\]]*\\]", "");
        String digits = CARD.replace(" ", "");
        for (int i = 0; i + 4 <= digits.length(); i++) {
            if (shown.contains(digits.substring(i, i + 4))) {
                throw new AssertionError("the card's digits leaked\ntype:   " + type + "\ninput:  " + escape(body)
                        + "\noutput: " + escape(payload));
            }
        }
    }
}
