package io.xmlformatter.message;

import io.xmlformatter.ValueDetector;
import io.xmlformatter.record.LogLevel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The options table: each row found by each of its names, its text form read back, its errors named. */
class OptionsTest {

    /** One meaning per name: the builder's methods that name what is masked add, as the engine builder's do. */
    @Test
    void theBuildersMaskingMethodsAddAndSetReplaces() {
        MessageLoggerBuilder b = MessageLogger.builder().sensitiveElementNames(List.of("pin"))
                .sensitiveElementNames(List.of("iban")).anonymize(List.of("//a")).anonymize(List.of("//b"));
        Options o = b.build().options();
        assertTrue(o.get(Options.SENSITIVE_ELEMENT_NAMES).containsAll(List.of("pin", "iban")));
        assertTrue(o.get(Options.ANONYMIZE).containsAll(List.of("//a", "//b")));
        int defaults = Options.defaults().get(Options.DETECT).size();
        assertEquals(defaults + 1, MessageLogger.builder().detect(ValueDetector.emailAddresses()).build().options()
                .get(Options.DETECT).size(), "added to the default detectors");
        assertEquals(List.of("iban"), b.set(Options.SENSITIVE_ELEMENT_NAMES, List.of("iban")).build().options()
                .get(Options.SENSITIVE_ELEMENT_NAMES), "set replaces");
    }

    @Test
    void everyRowIsFoundByItsNamePropertyAndCxfNameAndNoNameIsTaken() {
        Set<String> properties = new HashSet<>();
        for (Option<?> o : Options.all()) {
            assertSame(o, Options.named(o.name()));
            assertSame(o, Options.named(o.property()));
            assertSame(o, Options.named(o.property().toUpperCase(java.util.Locale.ROOT)));
            if (o.cxfName() != null) {
                assertSame(o, Options.named(o.cxfName()));
            }
            assertTrue(properties.add(o.property()), o.property());
            assertTrue(o.property().matches("(body|masking|exchange|otel)\\.[a-z]+(-[a-z]+)*"), o.property());
            assertFalse(o.description().isEmpty(), o.name());
        }
        assertTrue(Options.all().size() >= 38, "rows: " + Options.all().size());
    }

    @Test
    void everyDefaultReadsBackFromItsOwnTextForm() {
        for (Option<?> o : Options.all()) {
            readsBack(o);
        }
    }

    private static <T> void readsBack(Option<T> o) {
        T d = o.defaultValue();
        if (d != null) {
            assertEquals(d, o.parse(o.text(d)), o.name());
        }
    }

    /** The values offered as hints (IDE completion) are each taken, and the closed sets are offered. */
    @Test
    void everyValueOfAClosedSetIsTaken() {
        for (Option<?> o : Options.all()) {
            for (String v : o.values()) { // a list's item three times: the levels take three
                boolean list = o.metadataType().startsWith(List.class.getName());
                assertTrue(o.parse(list ? String.join(",", v, v, v) : v) != null, o + " " + v);
            }
        }
        assertEquals(Arrays.asList("card-numbers", "card-numbers-first-six-last-four", "ibans", "email-addresses",
                "url-credentials"), Options.DETECT.values());
        assertTrue(Options.STRATEGY.values().contains("body-on-failure"), Options.STRATEGY.values().toString());
        assertEquals(Arrays.asList("trace", "debug", "info", "warn", "error"), Options.LEVELS.values());
        assertTrue(Options.LIMIT.values().isEmpty());
        String detectors = "card-numbers,ibans,card-numbers-first-six-last-four,email-addresses";
        assertEquals(detectors, Options.DETECT.text(Options.DETECT.parse(detectors)), "the detectors by name");
    }

    @Test
    void sizesDurationsListsAndConstantsAreReadAsBootWritesThem() {
        Options o = Options.defaults().with("body.limit", "4KB").with("exchange.max-held-bytes", "2MB")
                .with("slowThreshold", "1500ms").with("exchange.chain-max-age", "PT30S")
                .with("exchange.strategy", "body-on-failure").with("exchange.levels", "debug, WARN,error")
                .with("prettyLogging", "TRUE").with("masking.element-names", "password, pin ,");
        assertEquals(4096L, o.get(Options.LIMIT));
        assertEquals(2L * 1024 * 1024, o.get(Options.MAX_HELD_BYTES));
        assertEquals(Duration.ofMillis(1500), o.get(Options.SLOW_THRESHOLD));
        assertEquals(Duration.ofSeconds(30), o.get(Options.CHAIN_MAX_AGE));
        assertEquals(Strategy.BODY_ON_FAILURE, o.get(Options.STRATEGY));
        assertEquals(List.of(LogLevel.DEBUG, LogLevel.WARN, LogLevel.ERROR), o.get(Options.LEVELS));
        assertTrue(o.get(Options.PRETTY));
        assertEquals(List.of("password", "pin"), o.get(Options.SENSITIVE_ELEMENT_NAMES));
        assertEquals("{body.limit=4KB, body.pretty=true, masking.element-names=password,pin,"
                + " exchange.strategy=BODY_ON_FAILURE, exchange.slow-threshold=1500ms, exchange.levels=DEBUG,WARN,ERROR,"
                + " exchange.chain-max-age=30s, exchange.max-held-bytes=2MB}", o.changed().toString());
    }

    @Test
    void aWrongValueOrKeyIsToldWithTheOptionAndWhatItTakes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.defaults().with("exchange.fault-status", "42"));
        assertEquals("faultStatus (exchange.fault-status): '42' is not accepted (out of range); expected a whole"
                + " number from 100 to 599", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.defaults().with("body.limit", "48 parsecs"));
        assertTrue(e.getMessage().startsWith("limit (body.limit): '48 parsecs' is not accepted"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.defaults().with("exchange.strategy", "often"));
        assertTrue(e.getMessage().contains("expected one of [ALWAYS, WITHOUT_BODY, BODY_ON_FAILURE"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.defaults().with("masking.element-name", "pin"));
        assertTrue(e.getMessage().startsWith("no option named 'masking.element-name'; the options are [body.limit,"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.defaults().with(Options.CHAIN_MAX_AGE,
                Duration.ZERO));
        assertTrue(e.getMessage().startsWith("chainMaxAge (exchange.chain-max-age): PT0S is not accepted"));
    }

    @Test
    void aSecretKeyIsNeverShownInAnErrorOrInTheOptionsText() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.defaults().with("masking.pseudonym-key", "short-s3cret"));
        assertFalse(e.getMessage().contains("short-s3cret"), e.getMessage());
        Options o = Options.defaults().with("masking.pseudonym-key", "a-long-enough-s3cret-key");
        assertEquals("Options{masking.pseudonym-key=[hidden]}", o.toString());
    }

    @Test
    void anOverlayAddsToWhatIsMaskedAndReplacesTheRest() {
        Options global = Options.defaults().with("masking.element-names", "password").with("body.limit", "1KB");
        Map<String, String> rule = new LinkedHashMap<>();
        rule.put("masking.element-names", "pin");
        rule.put("limit", "-1");
        Options o = global.overlay(rule);
        assertEquals(List.of("password", "pin"), o.get(Options.SENSITIVE_ELEMENT_NAMES));
        assertEquals(-1L, o.get(Options.LIMIT));
        assertEquals(List.of("pin"), global.with("masking.element-names", "pin").get(Options.SENSITIVE_ELEMENT_NAMES));
    }

    /**
     * Issue 62: a rule with {@code masking.ws-security=false} or {@code masking.common-names=false} was accepted and
     * the next record showed the password. Walks the table: for every row that masks, no overlay and no derived
     * logger masks less, and the refusal names the row.
     */
    @Test
    void noOverlayLowersARowThatMasks() {
        Options base = Options.defaults().with("masking.pseudonym-key", "0123456789abcdef0123");
        for (Option<?> o : Options.all()) { // every list that masks holds something to lower
            if (o.widens()) {
                base = base.with(o.property(), o.property().contains("json") ? "$.card"
                        : o.property().equals("masking.detect") ? "card-numbers"
                        : o.property().endsWith("paths") || o.property().endsWith("prune") ? "//card" : "pin");
            }
        }
        Options configured = base;
        MessageLogger logger = MessageLogger.builder().options(base).sink(r -> { }).build();
        int masking = 0;
        for (Option<?> o : Options.all()) {
            if (!o.masks()) {
                continue;
            }
            masking++;
            for (String lower : lowerValues(o)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> configured.overlay(Map.of(o.property(), lower)), o + "=" + lower);
                assertTrue(e.getMessage().startsWith(o.name() + " (" + o.property() + "): a rule or annotation can"
                        + " mask more, never less"), e.getMessage());
                assertFalse(e.getMessage().contains("0123456789abcdef"), e.getMessage());
                if (!o.widens()) { // a list overlaid is added to: it cannot lower; set directly, it can
                    assertThrows(IllegalArgumentException.class, () -> logger.derive(b -> b.set(o.property(), lower)),
                            o + "=" + lower);
                }
            }
            if (o.widens()) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> logger.derive(b -> b.set(o.property(), "")), o.name());
                assertTrue(e.getMessage().startsWith(o.name() + " (" + o.property() + "): a rule, annotation or"
                        + " derived logger can mask more, never less"), e.getMessage());
                Options widened = configured.overlay(Map.of(o.property(), ""));
                assertEquals(base.get(o), widened.get(o), o.name());
            }
        }
        assertEquals(12, masking, "rows that mask");
        assertTrue(configured.overlay(Map.of("masking.ws-security", "true", "masking.common-names", "true"))
                .get(Options.WS_SECURITY));
        assertFalse(Options.defaults().with("masking.ws-security", "false").get(Options.WS_SECURITY),
                "the base configuration sets it");
    }

    /** Values of a masking row that an overlay gives to mask less. */
    private static List<String> lowerValues(Option<?> o) {
        if (o.metadataType().equals(Boolean.class.getName())) {
            return List.of("false", "FALSE");
        }
        if (o.metadataType().equals(String.class.getName())) { // the pseudonyms' key: not an overlay's to change
            return List.of("another-key-of-twenty-bytes");
        }
        return List.of(); // lists: an overlay adds to them
    }

    @Test
    void theBuilderAndTheLoggerHoldTheOptionsSetByNameOrType() {
        MessageLogger logger = MessageLogger.builder().set("exchange.fault-status", "502").limit(100)
                .set(Options.SLOW_THRESHOLD, Duration.ofSeconds(2)).sink(r -> { }).build();
        assertEquals(502, logger.options().get(Options.FAULT_STATUS));
        assertEquals(100L, logger.options().get(Options.LIMIT));
        assertEquals(logger.options().changed(), logger.toBuilder().options().changed());
        assertEquals("{body.limit=100B, exchange.slow-threshold=2s, exchange.fault-status=502}",
                logger.options().changed().toString());
    }
}
