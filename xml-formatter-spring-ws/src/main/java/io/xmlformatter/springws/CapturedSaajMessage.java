package io.xmlformatter.springws;

import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.WrittenBody;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPMessage;
import org.springframework.ws.soap.saaj.SaajSoapMessage;
import org.springframework.ws.transport.TransportOutputStream;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A client's SAAJ message whose bytes, as it writes them to the transport, pass through a capture unchanged (and
 * the transport headers it sets reach the record's facts). Otherwise the message Spring-WS made.
 */
final class CapturedSaajMessage extends SaajSoapMessage {
    private WrittenBody capture;
    private MessageFacts facts;

    CapturedSaajMessage(SOAPMessage message, MessageFactory factory) {
        super(message, factory);
    }

    /** The next write goes through {@code into}; the headers it sets are added to {@code headers}. */
    void captureInto(WrittenBody into, MessageFacts headers) {
        capture = into;
        facts = headers;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        WrittenBody into = capture;
        if (into == null) {
            super.writeTo(out);
            return;
        }
        capture = null;
        OutputStream teed = into.tee(out, null);
        try {
            super.writeTo(out instanceof TransportOutputStream t ? new TransportOutputStream() {
                @Override
                public void addHeader(String name, String value) throws IOException {
                    t.addHeader(name, value);
                    facts.header(name, List.of(value));
                }

                @Override
                protected OutputStream createOutputStream() {
                    return teed;
                }
            } : teed);
        } finally {
            into.finish();
        }
    }
}
