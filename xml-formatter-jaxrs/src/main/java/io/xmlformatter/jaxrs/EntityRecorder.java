package io.xmlformatter.jaxrs;

import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.WrittenBody;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BiConsumer;

/**
 * Captures an entity as it is written (a server's response, a client's request), passing every byte on
 * unchanged; its message's record is made once it is written, with the headers and media type it went out with.
 */
@Priority(Priorities.ENTITY_CODER + 100) // inside any compression: the entity's bytes before encoding
final class EntityRecorder implements WriterInterceptor {
    /** The request property where the filters keep an exchange's stage. */
    static final String EXCHANGE = ExchangeLog.class.getName();
    /** The request property where a filter leaves an entity to capture. */
    private static final String ENTITY = Entity.class.getName();

    /** The response stage kept in a request property, or null. */
    static ExchangeLog.ResponseStage exchange(Object property) {
        return property instanceof ExchangeLog.ResponseStage ? (ExchangeLog.ResponseStage) property : null;
    }

    /** The capture of an entity still to be written, left where this interceptor finds it. */
    static WrittenBody follows(BiConsumer<String, Object> properties, MessageFacts facts, ExchangeLog.Stage stage) {
        Entity e = new Entity(facts, new WrittenBody(stage.captureLimit()));
        properties.accept(ENTITY, e);
        return e.body;
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException, WebApplicationException {
        Object property = context.getProperty(ENTITY);
        if (!(property instanceof Entity)) {
            context.proceed();
            return;
        }
        context.removeProperty(ENTITY);
        Entity entity = (Entity) property;
        Runnable describe = () -> {
            if (context.getMediaType() != null) {
                entity.facts.contentType(context.getMediaType().toString());
            }
            entity.facts.headers(context.getHeaders());
        };
        OutputStream original = context.getOutputStream();
        context.setOutputStream(entity.body.tee(original, describe));
        try {
            context.proceed();
        } finally {
            context.setOutputStream(original);
            describe.run();
            entity.body.finish();
        }
    }

    /** An entity's facts and capture. */
    private static final class Entity {
        final MessageFacts facts;
        final WrittenBody body;

        Entity(MessageFacts facts, WrittenBody body) {
            this.facts = facts;
            this.body = body;
        }
    }
}
