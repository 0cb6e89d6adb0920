package io.xmlformatter.jaxrs;

import io.xmlformatter.log.MessageType;
import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import org.slf4j.MDC;

import java.io.IOException;

/**
 * The client side: the request's record (with its entity, through {@link EntityRecorder}), the correlation id
 * sent on (the caller's, from the MDC, or a new one), and the response's record, written when the caller has read
 * its body to the end or the limit, or closed it (the body is copied, up to the limit, as the caller reads it).
 */
@Priority(Priorities.USER + 1000) // after the caller's own filters: the request as it goes out
final class ClientFilter implements ClientRequestFilter, ClientResponseFilter {
    private final Settings settings;

    ClientFilter(Settings settings) {
        this.settings = settings;
    }

    @Override
    public void filter(ClientRequestContext request) {
        MessageLogger logger = settings.global();
        if (settings.excluded(request.getMethod(), request.getUri().getPath())
                || !(logger.wouldLog(MessageType.REQ_OUT, null) || logger.wouldLog(MessageType.RESP_IN, null))) {
            return;
        }
        String header = logger.correlationHeader();
        String id = request.getHeaderString(header);
        if (id == null) {
            id = callerCorrelationId();
        }
        Exchange exchange = new Exchange(logger, id, null, null, false);
        if (request.getHeaderString(header) == null) {
            request.getHeaders().putSingle(header, exchange.correlationId);
        }
        request.setProperty(Exchange.PROPERTY, exchange);
        MessageFacts facts = exchange.facts(MessageType.REQ_OUT).httpMethod(request.getMethod())
                .address(request.getUri().toString());
        if (request.hasEntity()) {
            exchange.pending = facts; // logged by EntityRecorder once the entity is written
            return;
        }
        Exchange.headers(facts, request.getStringHeaders());
        exchange.log(facts, null);
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
        Object e = request.getProperty(Exchange.PROPERTY);
        if (!(e instanceof Exchange)) {
            return;
        }
        Exchange exchange = (Exchange) e;
        MessageType type = response.getStatus() >= 500 ? MessageType.FAULT_IN : MessageType.RESP_IN;
        MessageFacts facts = exchange.facts(type).responseCode(response.getStatus())
                .address(request.getUri().toString()).httpMethod(request.getMethod())
                .contentType(response.getHeaderString("Content-Type"));
        Exchange.headers(facts, response.getHeaders());
        if (response.hasEntity() && exchange.logger.wouldLog(type, null)) {
            BodyTee tee = new BodyTee(exchange.logger.captureLimit(), response.getLength());
            response.setEntityStream(tee.tee(response.getEntityStream()));
            tee.whenDone(body -> exchange.log(facts, body));
        } else {
            exchange.log(facts, null);
        }
    }

    /** The id of the server exchange this call is made in, when SLF4J's MDC has one. */
    private static String callerCorrelationId() {
        try {
            return MDC.get(Exchange.MDC_CORRELATION_ID);
        } catch (LinkageError e) {
            return null;
        }
    }
}
