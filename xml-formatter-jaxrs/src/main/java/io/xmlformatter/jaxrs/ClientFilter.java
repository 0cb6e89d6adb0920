package io.xmlformatter.jaxrs;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.record.MessageType;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;

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
        ExchangeLog.RequestStage exchange = ExchangeLog.client(settings.global(), request::getHeaderString, null,
                null).integration(XmlLoggingFeature.INTEGRATION)
                .operation(null, null, request.getUri().getPath(), request.getMethod(), null);
        if (!exchange.logs(MessageType.REQ_OUT) && !exchange.logs(MessageType.RESP_IN)) {
            exchange.end();
            return;
        }
        if (request.getHeaderString(exchange.correlationHeader()) == null) {
            request.getHeaders().putSingle(exchange.correlationHeader(), exchange.correlationId());
        }
        MessageFacts facts = exchange.facts(MessageType.REQ_OUT).httpMethod(request.getMethod())
                .address(request.getUri().toString());
        if (request.hasEntity() && exchange.capturesBody(MessageType.REQ_OUT)) {
            // logged once EntityRecorder has seen the entity written
            request.setProperty(EntityRecorder.EXCHANGE, exchange.request(facts,
                    EntityRecorder.follows(request::setProperty, facts, exchange)));
            return;
        }
        facts.headers(request.getStringHeaders());
        request.setProperty(EntityRecorder.EXCHANGE, exchange.request(facts));
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
        ExchangeLog.ResponseStage exchange = EntityRecorder.exchange(request.getProperty(EntityRecorder.EXCHANGE));
        if (exchange == null) {
            return;
        }
        MessageFacts facts = exchange.facts(MessageType.RESP_IN).responseCode(response.getStatus())
                .address(request.getUri().toString()).httpMethod(request.getMethod())
                .contentType(response.getHeaderString("Content-Type"));
        facts.headers(response.getHeaders());
        if (response.hasEntity() && exchange.capturesBody(MessageType.RESP_IN)) {
            BodyTee tee = new BodyTee(exchange.captureLimit(), response.getLength());
            response.setEntityStream(tee.tee(response.getEntityStream()));
            request.setProperty(EntityReader.TEE, tee);
            exchange.response(facts, tee).end(); // over once the caller has read the body, or closed it
        } else {
            exchange.response(facts).end();
        }
    }
}
