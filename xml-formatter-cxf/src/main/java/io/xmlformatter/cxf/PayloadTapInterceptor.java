package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
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
        if (message.getContent(BodyTee.class) != null || CxfLogging.isDisabled(message)) {
            return;
        }
        ExchangeLog.Stage x = MessageUtils.isRequestor(message) ? CxfLogging.requested(message.getExchange())
                : logging.beginServer(message);
        if (x == null || !x.capturesBody(CxfFacts.type(message))) {
            return;
        }
        if (MessageUtils.isRequestor(message) && !CxfLogging.claimResponse(message)) {
            return; // a second inbound message (a fault the local transport sends after a failed write)
        }
        InputStream is = message.getContent(InputStream.class);
        if (is != null) {
            BodyTee tee = new BodyTee(x.captureLimit(), CxfFacts.contentLength(message));
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
            BodyTee tee = new BodyTee(x.captureLimit(), -1);
            message.setContent(Reader.class, tee.tee(reader));
            message.setContent(BodyTee.class, tee);
        }
    }

    /**
     * The inbound chain broke. A client's exchange, or a one-way call's, is over (failed, unless its outcome was
     * given); a server's two-way exchange ends once its fault chain has logged the fault.
     */
    @Override
    public void handleFault(Message message) {
        if (MessageUtils.isRequestor(message) || message.getExchange().isOneWay()) {
            CxfLogging.endFailed(message.getExchange());
        }
    }
}
