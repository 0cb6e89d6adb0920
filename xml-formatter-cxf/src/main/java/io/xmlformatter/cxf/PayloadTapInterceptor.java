package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.io.DelegatingInputStream;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

import java.io.InputStream;
import java.io.Reader;

/**
 * RECEIVE phase: puts a tee in front of an inbound body, so that what the service (or the client) reads of it is
 * copied, up to the limit, into memory (never to disk) as it arrives: nothing is read ahead, and the reader sees
 * the bytes, their timing and any I/O error as without logging. Also where a server's exchange starts (its ids,
 * trace context and MDC).
 */
final class PayloadTapInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;

    PayloadTapInterceptor(CxfLogging logging) {
        super(Phase.RECEIVE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        if (message.getContent(BodyTee.class) != null || !logging.wanted(message)) {
            return;
        }
        if (!MessageUtils.isRequestor(message)) {
            logging.beginServer(message);
        }
        if (!logging.capturesBody(message)) {
            return;
        }
        InputStream is = message.getContent(InputStream.class);
        if (is != null) {
            BodyTee tee = new BodyTee(logging.logger.captureLimit(), CxfFacts.contentLength(message));
            if (is instanceof DelegatingInputStream) {
                DelegatingInputStream d = (DelegatingInputStream) is;
                d.setInputStream(tee.tee(d.getInputStream()));
            } else {
                message.setContent(InputStream.class, tee.tee(is));
            }
            message.setContent(BodyTee.class, tee);
            return;
        }
        Reader reader = message.getContent(Reader.class);
        if (reader != null) {
            BodyTee tee = new BodyTee(logging.logger.captureLimit(), -1);
            message.setContent(Reader.class, tee.tee(reader));
            message.setContent(BodyTee.class, tee);
        }
    }

    /**
     * The inbound chain broke. A client's exchange, or a one-way call's, is over; a server's two-way exchange ends
     * once its fault chain has logged the fault (so that the fault's record still belongs to it).
     */
    @Override
    public void handleFault(Message message) {
        if (MessageUtils.isRequestor(message) || message.getExchange().isOneWay()) {
            logging.end(message);
        } else {
            logging.failed(message);
        }
    }
}
