package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A strategy of the user's own, through the interface the built-in ones implement: bodies only for operation
 * {@code pay}, and only when its answer is a client error or carries {@code X-Debug: true}.
 */
class OwnStrategyTest {
    private final List<LogRecord> records = new ArrayList<>();

    /** The strategy a user writes (Logbook's BodyOnlyIfStatusAtLeastStrategy is the model). */
    private static final class PayDebugging implements ExchangeStrategy {
        @Override
        public boolean waitsForOutcome() {
            return true;
        }

        @Override
        public boolean notable(ExchangeOutcome o) {
            return "pay".equals(o.operation()) && (o.clientError() || "true".equals(o.responseHeader("x-debug")));
        }

        @Override
        public Decision decide(boolean notable) {
            return notable ? Decision.WITH_BODY : Decision.WITHOUT_BODY;
        }
    }

    private void serve(MessageLogger logger, String operation, int status, String debug) {
        LoggedExchange x = LoggedExchange.server(logger, null, null, null).operation("Shop", operation, null, null, null);
        x.request(x.facts(MessageType.REQ_IN).contentType("application/xml"), body("<q>" + operation + "</q>"));
        MessageFacts response = x.facts(MessageType.RESP_OUT).responseCode(status).contentType("application/xml");
        if (debug != null) {
            response.header("X-Debug", List.of(debug));
        }
        x.response(response, body("<a>" + status + "</a>"));
        x.end();
    }

    private static CapturedBody body(String text) {
        return CapturedBody.of(text.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> summary() {
        List<String> s = records.stream().map(r -> r.type() + (r.payload() == null ? "" : " " + r.payload()))
                .collect(Collectors.toList());
        records.clear();
        return s;
    }

    @Test
    void bodiesOnlyForOneOperationWhenItsAnswerIsAClientErrorOrAsksForThem() {
        MessageLogger logger = MessageLogger.builder().sink(records::add).strategy(new PayDebugging()).build();
        serve(logger, "pay", 200, null);
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT"), summary(), "went well: no bodies");
        serve(logger, "pay", 422, null);
        assertEquals(Arrays.asList("REQ_IN <q>pay</q>", "RESP_OUT <a>422</a>"), summary(), "a client error");
        serve(logger, "pay", 200, "true");
        assertEquals(Arrays.asList("REQ_IN <q>pay</q>", "RESP_OUT <a>200</a>"), summary(), "asked by the header");
        serve(logger, "browse", 404, "true");
        assertEquals(Arrays.asList("REQ_IN", "RESP_OUT"), summary(), "another operation");
        serve(logger, "pay", 500, null);
        assertEquals(Arrays.asList("REQ_IN", "FAULT_OUT"), summary(), "a failure is not what this one is for");
        assertEquals("{exchange.strategy=" + logger.options().get(Options.STRATEGY) + "}",
                logger.options().changed().toString());
    }
}
