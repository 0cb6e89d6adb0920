package io.xmlformatter.webflux;

import org.junit.jupiter.api.Test;
import org.springframework.http.server.reactive.HttpHandler;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The WebFilter on Reactor Netty, as Boot's WebFlux starter runs it. */
class ReactorNettyServerTest extends ServerContract {
    @Override
    Server serve(HttpHandler handler) {
        return Server.reactorNetty(handler);
    }

    /** BlockHound is on: a handler that blocks on the event loop fails (so the tests' passing exchanges do not). */
    @Test
    void aHandlerThatBlocksOnTheEventLoopFails() {
        assertEquals(500, client.get().uri(server.base() + "/blocking").exchangeToMono(r -> r.releaseBody()
                .thenReturn(r.statusCode().value())).block());
    }
}
