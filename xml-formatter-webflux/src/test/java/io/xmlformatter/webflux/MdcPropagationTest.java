package io.xmlformatter.webflux;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * With Reactor's automatic context propagation (Boot: {@code spring.reactor.context-propagation=auto}), the
 * application's code sees the exchange's correlation id in the MDC, on the event loop and after a hop to another
 * scheduler, as on the servlet stack.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MdcPropagationTest {
    private final CollectingSink sink = new CollectingSink();
    private Server server;

    @BeforeAll
    void start() {
        Checks.install();
        Hooks.enableAutomaticContextPropagation();
        server = Server.reactorNetty(new WebFluxApp().handler(new XmlLoggingWebFilter(MessageLogger.builder()
                .sink(sink).build())));
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        Hooks.disableAutomaticContextPropagation();
    }

    @Test
    void theHandlersCodeSeesTheCorrelationIdInTheMdc() throws Exception {
        String seen = WebClient.create(server.base()).get().uri("/mdc").header("X-Correlation-ID", "corr-mdc-1")
                .retrieve().bodyToMono(String.class).block();
        assertEquals("corr-mdc-1 corr-mdc-1", seen);
        assertEquals("corr-mdc-1", sink.awaitExchange().get(0).correlationId());
    }
}
