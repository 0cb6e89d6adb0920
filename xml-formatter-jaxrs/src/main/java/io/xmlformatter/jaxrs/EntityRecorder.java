package io.xmlformatter.jaxrs;

import io.xmlformatter.message.BodyRecorder;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Records an entity as it is written (a server's response, a client's request), passing every byte on
 * unchanged, and writes the pending record of its message once it is written.
 */
@Priority(Priorities.ENTITY_CODER + 100) // inside any compression: the entity's bytes before encoding
final class EntityRecorder implements WriterInterceptor {
    /** The request property where the filters keep an exchange's {@link ExchangeLog}. */
    static final String EXCHANGE = ExchangeLog.class.getName();

    /** The exchange kept in a request property, or null. */
    static ExchangeLog exchange(Object property) {
        return property instanceof ExchangeLog ? (ExchangeLog) property : null;
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException, WebApplicationException {
        ExchangeLog exchange = exchange(context.getProperty(EXCHANGE));
        MessageFacts pending = exchange == null ? null : exchange.pending();
        if (pending == null) {
            context.proceed();
            return;
        }
        BodyRecorder recorder = new BodyRecorder(exchange.captureLimit());
        OutputStream original = context.getOutputStream();
        context.setOutputStream(recorder.tee(original, null));
        try {
            context.proceed();
        } finally {
            context.setOutputStream(original);
            if (context.getMediaType() != null) {
                pending.contentType(context.getMediaType().toString());
            }
            pending.headers(context.getHeaders());
            exchange.logPending(recorder.body());
            if (!pending.type().isRequest()) {
                exchange.end(); // a server's response: the exchange is over
            }
        }
    }
}
