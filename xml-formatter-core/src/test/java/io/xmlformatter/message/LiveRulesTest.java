package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules added to a running logger: they apply at once, before the configured ones, and end at their expiry. */
class LiveRulesTest {
    private final List<LogRecord> records = new ArrayList<>();
    private final MovingClock clock = new MovingClock();
    private final MessageLogger logger = MessageLogger.builder().sink(records::add).strategy(Strategy.WITHOUT_BODY)
            .set("masking.element-names", "pin").clock(clock).build();

    private String requestPayload(String operation) {
        records.clear();
        LoggedExchange x = LoggedExchange.server(logger, null, null, null).operation("Bank", operation, "/bank", "POST", null);
        x.request(x.facts(MessageType.REQ_IN).contentType("text/xml"),
                CapturedBody.of("<pay><pin>1</pin><iban>DE02</iban></pay>".getBytes(StandardCharsets.UTF_8)));
        x.end();
        return records.get(0).payload();
    }

    @Test
    void aRuleAppliesToTheExchangesItMatchesUntilItExpires() {
        assertNull(requestPayload("pay"));
        LiveRule r = logger.addRule(ExchangeMatch.any().operation("pay"),
                Map.of("exchange.strategy", "always", "masking.element-names", "iban"), Duration.ofMinutes(10));
        assertEquals("<pay><pin>[*****]</pin><iban>[*****]</iban></pay>", requestPayload("pay"),
                "bodies now; the names masked are added to, never replaced");
        assertNull(requestPayload("browse"), "another operation");
        assertEquals(List.of(r.id()), logger.liveRules().stream().map(LiveRule::id).collect(
                java.util.stream.Collectors.toList()));
        clock.advance(Duration.ofMinutes(10));
        assertNull(requestPayload("pay"), "expired");
        assertTrue(logger.liveRules().isEmpty());
        assertSame(logger, logger.forExchange("Bank", "pay", "/bank", "POST", null));
    }

    @Test
    void theNewestRuleWinsAndARemovedOneIsGone() {
        LiveRule first = logger.addRule(ExchangeMatch.any(), Map.of("exchange.strategy", "always"),
                Duration.ofHours(1));
        LiveRule second = logger.addRule(ExchangeMatch.any().operation("pay"), Map.of("body.limit", "5"),
                Duration.ofHours(1));
        assertEquals(5L, logger.forExchange(null, "pay", null, null, null).options().get(Options.LIMIT));
        assertTrue(logger.removeRule(second.id()));
        assertFalse(logger.removeRule(second.id()));
        assertEquals(Strategy.ALWAYS, logger.forExchange(null, "pay", null, null, null).options()
                .get(Options.STRATEGY));
        assertTrue(logger.removeRule(first.id()));
    }

    @Test
    void aWrongRuleIsRefusedNamingWhatIsWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> logger.addRule(
                ExchangeMatch.any(), Map.of("exchange.strategy", "sometimes"), Duration.ofMinutes(1)));
        assertTrue(e.getMessage().startsWith("strategy (exchange.strategy): 'sometimes' is not accepted"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> logger.addRule(ExchangeMatch.any(), Map.of(),
                Duration.ofDays(2)));
        assertEquals("a live rule lasts more than nothing and at most PT24H, not PT48H", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExchangeMatch.of(Options.pairs("operations=pay")));
        assertTrue(e.getMessage().contains("not 'operations'"), e.getMessage());
        assertTrue(logger.liveRules().isEmpty());
    }

    /** Issue 62: a rule added while running cannot switch the WS-Security preset or the common names off. */
    @Test
    void aRuleThatWouldMaskLessIsRefusedOnTheLoggerAndOverJmx() throws Exception {
        for (String unmask : List.of("masking.ws-security=false", "masking.common-names=false",
                "masking.pseudonym-key=0123456789abcdef0123")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> logger.addRule(
                    ExchangeMatch.any(), Options.pairs(unmask), Duration.ofMinutes(1)));
            assertTrue(e.getMessage().contains("a rule or annotation can mask more, never less"), e.getMessage());
        }
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("io.xmlformatter:type=MessageLogger,name=\"unmask\"");
        try (LoggerJmx bean = LoggerJmx.register(logger, "unmask")) {
            Exception e = assertThrows(Exception.class, () -> server.invoke(name, "addRule", new Object[] {"",
                "masking.ws-security=false", "10m"}, new String[] {String.class.getName(), String.class.getName(),
                    String.class.getName()}));
            assertTrue(String.valueOf(e.getCause()).contains("masking.ws-security"), String.valueOf(e.getCause()));
        }
        assertTrue(logger.liveRules().isEmpty());
    }

    @Test
    void onJmxTheOptionsAndRulesAreReadAndARuleIsAddedAndRemoved() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("io.xmlformatter:type=MessageLogger,name=\"test\"");
        try (LoggerJmx bean = LoggerJmx.register(logger, "test")) {
            assertEquals("{masking.element-names=pin, exchange.strategy=WITHOUT_BODY}",
                    server.getAttribute(name, "Options"));
            String id = (String) server.invoke(name, "addRule", new Object[] {"operation=pay; method=POST",
                "exchange.strategy=ALWAYS; body.limit=2KB", "10m"}, new String[] {String.class.getName(),
                    String.class.getName(), String.class.getName()});
            assertEquals("<pay><pin>[*****]</pin><iban>DE02</iban></pay>", requestPayload("pay"));
            String[] rules = (String[]) server.getAttribute(name, "Rules");
            assertEquals(1, rules.length);
            assertTrue(rules[0].startsWith(id + ": ExchangeMatch[service=null, operation=pay"), rules[0]);
            assertEquals(true, server.invoke(name, "removeRule", new Object[] {id},
                    new String[] {String.class.getName()}));
            assertArrayEquals(new String[0], (String[]) server.getAttribute(name, "Rules"));
        }
        assertFalse(server.isRegistered(name));
    }

    /** A clock the test moves on. */
    private static final class MovingClock extends Clock {
        private volatile Instant now = Instant.parse("2026-11-27T10:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
