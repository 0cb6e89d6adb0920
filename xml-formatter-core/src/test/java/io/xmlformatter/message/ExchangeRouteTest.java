package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An exchange's route alone: the logger the rules give it as its facts come, sampling, and what it captures. */
class ExchangeRouteTest {
    private final MessageLogger logger = MessageLogger.builder().sink(r -> { }).strategy(Strategy.WITHOUT_BODY)
            .rule(ExchangeMatch.any().operation("pay"), b -> b.strategy(Strategy.ALWAYS))
            .exclude(ExchangeMatch.any().path("/health")).build();

    @Test
    void theRulesApplyAsTheFactsComeAndCaptureWhileOneCouldStillMatch() {
        ExchangeRoute route = new ExchangeRoute(logger, true);
        assertTrue(route.capturesBody(MessageType.REQ_IN), "the operation is not known: a rule could capture");
        route.operation("Bank", "transfer", "/bank", "POST", null);
        assertFalse(route.capturesBody(MessageType.REQ_IN), "known, and no rule matches: the base strategy");
        assertEquals(Strategy.WITHOUT_BODY, route.strategy());

        ExchangeRoute learnt = new ExchangeRoute(logger, true);
        learnt.operation("servlet", null, "/bank", "POST", null);
        learnt.operationOf(MessageFacts.of(MessageType.REQ_IN).operation("pay"));
        assertEquals(Strategy.ALWAYS, learnt.strategy(), "the operation a request's facts name applies the rules");
        assertEquals("pay", learnt.operation());
        learnt.operationOf(MessageFacts.of(MessageType.REQ_IN).operation("transfer"));
        assertEquals("pay", learnt.operation(), "once known, it stays");
    }

    @Test
    void anExcludedOrUnsampledExchangeLogsNothing() {
        ExchangeRoute excluded = new ExchangeRoute(logger, true);
        excluded.operation(null, null, "/health", "GET", null);
        assertTrue(excluded.off());
        assertFalse(excluded.logs(MessageType.REQ_IN));

        MessageLogger always = MessageLogger.builder().sink(r -> { }).build();
        ExchangeRoute unsampled = new ExchangeRoute(always, false);
        assertEquals(Strategy.FAILED_ONLY, unsampled.strategy(), "left out by sampling: failures only");
        assertFalse(unsampled.off(), "failures are kept by default");
        ExchangeRoute dropped = new ExchangeRoute(MessageLogger.builder().sink(r -> { }).sampleKeepsFailures(false)
                .build(), false);
        assertTrue(dropped.off());
    }
}
