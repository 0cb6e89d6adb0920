package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An exchange's verdict alone: the outcome the first response settles, and what the strategy makes of it. */
class ExchangeVerdictTest {
    private static ExchangeVerdict verdict(Strategy strategy) {
        MessageLogger logger = MessageLogger.builder().sink(r -> { }).strategy(strategy).build();
        return new ExchangeVerdict(new ExchangeRoute(logger, true), System.nanoTime());
    }

    @Test
    void aStatusAtTheFaultStatusMakesAFaultAndTheFirstResponseSettles() {
        ExchangeVerdict v = verdict(Strategy.FAILED_ONLY);
        assertFalse(v.known());
        MessageFacts response = MessageFacts.of(MessageType.RESP_OUT).responseCode(500);
        assertTrue(v.response(response));
        assertEquals(MessageType.FAULT_OUT, response.type(), "the facts say so too");
        assertTrue(v.known() && v.failed() && v.notable());
        assertEquals(500, v.status());
        assertFalse(v.settle(Outcome.SUCCESS, null), "settled once");
        assertTrue(v.failed());
    }

    @Test
    void theStrategyDecidesTheBodyAndTheOutcomeTheLevel() {
        ExchangeVerdict v = verdict(Strategy.FAILED_ONLY);
        MessageLogger l = MessageLogger.builder().sink(r -> { }).build();
        MessageFacts request = MessageFacts.of(MessageType.REQ_IN);
        assertEquals(ExchangeStrategy.Decision.WITH_BODY, v.decide(l, request, true), "held, its chain failed");
        assertEquals(l.policy().level(Outcome.FAILURE), request.record().build().level(),
                "notable and not yet known: a failure's level");
        assertTrue(v.settle(Outcome.SUCCESS, MessageFacts.of(MessageType.RESP_OUT).responseCode(200)));
        assertFalse(v.notable(), "it went well");
        assertEquals(ExchangeStrategy.Decision.NONE, v.decide(l, request, false), "failed-only: nothing");
        assertEquals(l.policy().level(Outcome.SUCCESS), request.record().build().level());
        assertNull(verdict(Strategy.ALWAYS).status(), "no response yet");
    }
}
