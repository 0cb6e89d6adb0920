package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A call logged by a synchronous adapter is not logged again by a client exchange begun within it. */
class ClientCallsTest {
    private final MessageLogger logger = MessageLogger.builder().sink(r -> { }).build();

    private ExchangeLog.RequestStage call(String host, String path) {
        return ExchangeLog.client(logger, null, null, null).operation(host, null, path, "POST", null);
    }

    @Test
    void aClientExchangeForTheSameAddressWithinACallOnItsThreadLogsNothing() throws Exception {
        ExchangeLog.ResponseStage outer = call("bank", "/pay").request(MessageFacts.of(MessageType.REQ_OUT));
        try (ExchangeLog.CallOnThread c = outer.callOnThisThread()) {
            ExchangeLog.RequestStage inner = call("bank", "/pay");
            assertFalse(inner.logs(MessageType.REQ_OUT) || inner.logs(MessageType.RESP_IN));
            inner.end();
            assertTrue(call("bank", "/other").logs(MessageType.REQ_OUT), "another address: another call");
            assertTrue(call("shop", "/pay").logs(MessageType.REQ_OUT), "another host: another call");
            assertTrue(CompletableFuture.supplyAsync(() -> call("bank", "/pay").logs(MessageType.REQ_OUT)).get(),
                    "another thread: another call");
        }
        assertTrue(call("bank", "/pay").logs(MessageType.REQ_OUT), "the call is over: the next is logged");
        outer.response(MessageFacts.of(MessageType.RESP_IN)).end();
    }

    @Test
    void nestedCallsCloseInAnyOrderAndAServersCallIsNone() {
        ExchangeLog.CallOnThread a = call("bank", "/a").request(MessageFacts.of(MessageType.REQ_OUT))
                .callOnThisThread();
        ExchangeLog.CallOnThread b = call("bank", "/b").request(MessageFacts.of(MessageType.REQ_OUT))
                .callOnThisThread();
        a.close();
        assertTrue(call("bank", "/a").logs(MessageType.REQ_OUT));
        assertTrue(call("bank", "/b").logs(MessageType.REQ_OUT), "closed with the call it ran within");
        b.close();
        ExchangeLog.RequestStage server = ExchangeLog.server(logger, null, null, null)
                .operation("bank", null, "/c", "POST", null);
        ExchangeLog.ResponseStage stage = server.request(MessageFacts.of(MessageType.REQ_IN));
        try (ExchangeLog.CallOnThread c = stage.callOnThisThread()) {
            assertTrue(call("bank", "/c").logs(MessageType.REQ_OUT));
        }
        stage.response(MessageFacts.of(MessageType.RESP_OUT)).end();
    }
}
