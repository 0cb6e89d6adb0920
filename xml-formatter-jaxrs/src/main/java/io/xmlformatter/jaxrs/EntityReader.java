package io.xmlformatter.jaxrs;

import io.xmlformatter.message.BodyTee;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Sees an entity read (a server's request, a client's response): once a provider has made its object of it (a JSON
 * or XML reader stops at the end of the value it parsed, before the stream's end), the body read is taken as whole,
 * unless more than the limit was read. An entity read as a stream or a reader is the caller's to read: its capture
 * ends as it reads.
 */
@Priority(Priorities.ENTITY_CODER + 100) // inside any decompression: the entity's bytes as the provider reads them
final class EntityReader implements ReaderInterceptor {
    /** The request property where a filter leaves the capture of an entity to be read. */
    static final String TEE = BodyTee.class.getName();

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException, WebApplicationException {
        Object entity = context.proceed();
        Object tee = context.getProperty(TEE);
        Class<?> type = context.getType();
        if (tee instanceof BodyTee && !InputStream.class.isAssignableFrom(type) && !Reader.class.isAssignableFrom(type)
                && ((BodyTee) tee).bytesRead() > 0) {
            ((BodyTee) tee).finishAsWhole();
        }
        return entity;
    }
}
