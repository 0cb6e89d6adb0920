package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * PRE_INVOKE phase: once the operation is known, gives an inbound message to its exchange (a server's request, a
 * client's response or fault); its record is made when its body's capture is done: now if the chain has read the
 * body (a SOAP envelope, unmarshalled), else when the reader has read it to its end or the limit, or closed it, or
 * the response starts (a body the application streams: a JAX-RS entity, MTOM attachments). A client's exchange
 * ends with its response's record, a one-way call's once its service ran.
 */
final class XmlLoggingInInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;
    private final OneWayEnd oneWayEnd = new OneWayEnd();

    XmlLoggingInInterceptor(CxfLogging logging) {
        super(Phase.PRE_INVOKE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) {
        Exchange ex = message.getExchange();
        if (!MessageUtils.isRequestor(message)) {
            ExchangeLog.ResponseStage r = logging.request(ex, true);
            if (r == null) {
                return;
            }
            r.enterThread(); // a one-way call's service runs on a work queue
            if (ex.isOneWay() && CxfLogging.answered(ex) == null) {
                CxfLogging.keep(ex, r.accepted()); // no response comes (CXF sends its 202 outside our chain)
                message.getInterceptorChain().add(oneWayEnd); // ends once the service ran: it sees the ids
            }
            return;
        }
        ExchangeLog.ResponseStage r = CxfLogging.requested(ex);
        if (r == null || CxfLogging.answered(ex) != null || !CxfLogging.isResponse(message)) {
            return;
        }
        BodyTee tee = message.getContent(BodyTee.class);
        MessageFacts facts = logging.facts(message, r);
        if (tee == null) {
            CxfLogging.answer(ex, r.response(facts));
            return;
        }
        if (tee.bytesRead() > 0 && !CxfLogging.isMultipart(message)) {
            tee.readToEnd(); // the chain has unmarshalled the body: the rest (to the end or the limit) comes first
        }
        CxfLogging.answer(ex, r.response(facts, tee)); // over once the body is read
    }

    /** POST_INVOKE, added to a one-way call's chain: its exchange ends once the service ran. */
    private static final class OneWayEnd extends AbstractPhaseInterceptor<Message> {
        OneWayEnd() {
            super(Phase.POST_INVOKE);
        }

        @Override
        public void handleMessage(Message message) {
            CxfLogging.endFailed(message.getExchange());
        }
    }
}
