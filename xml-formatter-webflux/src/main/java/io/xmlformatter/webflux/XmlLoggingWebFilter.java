package io.xmlformatter.webflux;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Logs each exchange of a Spring WebFlux application, on any server WebFlux runs on (Reactor Netty, Tomcat, Jetty,
 * Undertow): the request (REQ_IN) and the response (RESP_OUT, or FAULT_OUT at or above the fault status), their
 * bodies copied as the application reads and writes them, up to the limit — never buffered, never waited for, in
 * the application's demand — and masked by the message logger's rules. A streamed response (server-sent events,
 * NDJSON) goes on as it comes; its record is written once the limit is passed (cut) or the stream ends. An error the
 * application lets escape is logged with the status the error handling answers. SOAP requests carry their operation
 * (the Body's first element). Nothing here blocks.
 *
 * <p>The correlation id (the request's header, else the trace's or the exchange's own, as on every adapter) goes
 * into the Reactor {@link reactor.util.context.Context} of the chain ({@link ReactiveCorrelation#KEY}): the
 * {@code WebClient} calls the application makes within it, through {@link XmlLoggingExchangeFilter}, send it on.
 * Records are named {@code io.xmlformatter.webflux.<host>.<TYPE>} by the SLF4J sink.
 *
 * <pre>{@code
 * @Bean WebFilter xmlLogging(MessageLogger logger) { return new XmlLoggingWebFilter(logger); }
 * }</pre>
 */
public final class XmlLoggingWebFilter implements WebFilter, Ordered {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "webflux";
    private final MessageLogger logger;
    private final int order;

    /** Logs with {@code logger}, ordered before Spring Security's filters (so that a refused request is logged). */
    public XmlLoggingWebFilter(MessageLogger logger) {
        this(logger, Ordered.HIGHEST_PRECEDENCE + 10);
    }

    /** Logs with {@code logger}, at {@code order} among the application's {@code WebFilter}s. */
    public XmlLoggingWebFilter(MessageLogger logger, int order) {
        this.logger = logger;
        this.order = order;
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        HttpHeaders headers = request.getHeaders();
        ExchangeLog.RequestStage begun = ExchangeLog.server(logger, headers::getFirst, null, null)
                .integration(INTEGRATION).operation(request.getURI().getHost(), null,
                        request.getPath().pathWithinApplication().value(), request.getMethod().name(),
                        headers.getFirst("SOAPAction"));
        begun.leaveThread(); // an event loop serves many exchanges at once: the ids travel in the Context instead
        if (!begun.logs(MessageType.REQ_IN) && !begun.logs(MessageType.RESP_OUT)) {
            begun.end();
            return chain.filter(exchange);
        }
        MessageFacts facts = describe(begun.facts(MessageType.REQ_IN), request);
        facts.contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
        headers.forEach(facts::header);
        long length = headers.getContentLength();
        BodyTee tee = BodyTee.mayHaveBody(request.getMethod().name(), length,
                headers.getFirst(HttpHeaders.TRANSFER_ENCODING)) && begun.capturesBody(MessageType.REQ_IN)
                ? new BodyTee(begun.captureLimit(), length) : null;
        String type = String.valueOf(headers.getFirst(HttpHeaders.CONTENT_TYPE));
        if (tee != null && (headers.getFirst("SOAPAction") != null || type.startsWith("application/soap+xml"))) {
            tee.whenDone(facts::operationOf);
        }
        ExchangeLog.ResponseStage stage = tee != null ? begun.request(facts, tee) : begun.request(facts);
        LoggedServerResponse response = new LoggedServerResponse(exchange.getResponse(), request, stage);
        ServerWebExchange logged = new LoggedServerExchange(exchange.mutate()
                .request(tee != null ? new LoggedServerRequest(request, tee) : request).response(response).build());
        String correlationId = stage.correlationId();
        return chain.filter(logged).doFinally(response::over)
                .contextWrite(context -> ReactiveCorrelation.with(context, correlationId));
    }

    static MessageFacts describe(MessageFacts facts, ServerHttpRequest request) {
        return facts.httpMethod(request.getMethod().name()).address(request.getURI().toString());
    }
}
