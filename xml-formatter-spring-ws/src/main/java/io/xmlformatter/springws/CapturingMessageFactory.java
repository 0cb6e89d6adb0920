package io.xmlformatter.springws;

import io.xmlformatter.message.BodyTee;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapMessageFactory;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.soap.saaj.SaajSoapMessage;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.transport.TransportInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;

/**
 * A client's message factory around the template's own: a request it makes can capture its bytes as written
 * ({@link CapturedSaajMessage}), and a response it reads while a logged exchange waits for one on this thread is
 * read through that exchange's capture. Everything else is the template's factory's.
 */
final class CapturingMessageFactory implements SoapMessageFactory {
    /** The capture of the response the exchange on this thread waits for, set while it is sent and received. */
    static final ThreadLocal<BodyTee> RESPONSE = new ThreadLocal<>();
    private final SoapMessageFactory factory;

    CapturingMessageFactory(SoapMessageFactory factory) {
        this.factory = factory;
    }

    @Override
    public void setSoapVersion(SoapVersion version) {
        factory.setSoapVersion(version);
    }

    @Override
    public SoapMessage createWebServiceMessage() {
        SoapMessage m = factory.createWebServiceMessage();
        return m instanceof SaajSoapMessage saaj && factory instanceof SaajSoapMessageFactory f
                ? new CapturedSaajMessage(saaj.getSaajMessage(), f.getMessageFactory()) : m;
    }

    @Override
    public SoapMessage createWebServiceMessage(InputStream in) throws IOException {
        BodyTee tee = RESPONSE.get();
        if (tee == null) {
            return factory.createWebServiceMessage(in);
        }
        RESPONSE.remove();
        InputStream teed = tee.tee(in);
        return factory.createWebServiceMessage(in instanceof TransportInputStream t ? new TransportInputStream() {
            @Override
            protected InputStream createInputStream() {
                return teed;
            }

            @Override
            public Iterator<String> getHeaderNames() throws IOException {
                return t.getHeaderNames();
            }

            @Override
            public Iterator<String> getHeaders(String name) throws IOException {
                return t.getHeaders(name);
            }
        } : teed);
    }
}
