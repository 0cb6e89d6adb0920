package io.xmlformatter.jaxrs;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;

import java.io.IOException;
import java.lang.reflect.Method;

/**
 * The server side: the request's record (its body copied, up to the limit, as the resource reads it), the
 * correlation id in the MDC until the response is written, and the response's record (with its entity, through
 * {@link EntityRecorder}). Runs first among the request filters, once the resource method is known.
 */
@Priority(Priorities.AUTHENTICATION - 500)
final class ServerFilter implements ContainerRequestFilter, ContainerResponseFilter {
    private final Settings settings;
    @Context
    private ResourceInfo resource;

    ServerFilter(Settings settings) {
        this.settings = settings;
    }

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        String path = ("/" + request.getUriInfo().getPath()).replace("//", "/");
        Class<?> type = resource == null ? null : resource.getResourceClass();
        Method method = resource == null ? null : resource.getResourceMethod();
        String owner = type == null ? null : type.getSimpleName();
        String operation = method == null ? null : method.getName();
        MessageLogger global = settings.global();
        MessageLogger logger = global.forExchange(owner, operation, path, request.getMethod(), null);
        if (logger == global) { // no rule: the method's annotation, if any
            logger = settings.forMethod(type, method);
        }
        if (logger == null) {
            return;
        }
        ExchangeLog.RequestStage exchange = ExchangeLog.server(logger, request::getHeaderString, null, null)
                .integration(XmlLoggingFeature.INTEGRATION)
                .operation(owner, operation, path, request.getMethod(), null);
        if (!exchange.logs(MessageType.REQ_IN) && !exchange.logs(MessageType.RESP_OUT)) {
            exchange.end();
            return;
        }
        MessageFacts facts = exchange.facts(MessageType.REQ_IN).httpMethod(request.getMethod())
                .address(request.getUriInfo().getRequestUri().toString())
                .contentType(request.getHeaderString("Content-Type"));
        facts.headers(request.getHeaders());
        if (request.getSecurityContext() != null && request.getSecurityContext().getUserPrincipal() != null) {
            facts.principal(request.getSecurityContext().getUserPrincipal().getName());
        }
        if (BodyTee.mayHaveBody(request.getMethod(), request.getLength(), request.getHeaderString("Transfer-Encoding"))
                && exchange.capturesBody(MessageType.REQ_IN)) {
            BodyTee tee = new BodyTee(exchange.captureLimit(), request.getLength());
            request.setEntityStream(tee.tee(request.getEntityStream()));
            request.setProperty(EntityReader.TEE, tee);
            request.setProperty(EntityRecorder.EXCHANGE, exchange.request(facts, tee));
        } else {
            request.setProperty(EntityRecorder.EXCHANGE, exchange.request(facts));
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        ExchangeLog.ResponseStage exchange = EntityRecorder.exchange(request.getProperty(EntityRecorder.EXCHANGE));
        if (exchange == null) {
            return;
        }
        MessageFacts facts = exchange.facts(MessageType.RESP_OUT).responseCode(response.getStatus())
                .address(request.getUriInfo().getRequestUri().toString()).httpMethod(request.getMethod());
        if (response.hasEntity() && exchange.capturesBody(MessageType.RESP_OUT)) {
            // logged, and the exchange over, once EntityRecorder has seen the entity written
            exchange.response(facts, EntityRecorder.follows(request::setProperty, facts, exchange)).end();
            return;
        }
        facts.headers(response.getStringHeaders());
        exchange.response(facts).end();
    }
}
