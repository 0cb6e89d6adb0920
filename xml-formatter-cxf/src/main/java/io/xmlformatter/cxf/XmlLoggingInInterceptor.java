package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * PRE_INVOKE phase: once the operation is known, has the record of an inbound message (a server's request, a
 * client's response or fault) written when its body's capture is done: now if the chain has read the body (a SOAP
 * envelope, unmarshalled), else when the reader has read it to its end or the limit, or closed it, or the exchange
 * ends (a body the application streams: a JAX-RS entity, MTOM attachments). A client's exchange ends with its
 * response's record, a one-way call's once its service ran.
 */
final class XmlLoggingInInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;
    private final OneWayEnd oneWayEnd;

    XmlLoggingInInterceptor(CxfLogging logging) {
        super(Phase.PRE_INVOKE);
        this.logging = logging;
        this.oneWayEnd = new OneWayEnd(logging);
    }

    private static boolean isMultipart(Message message) {
        Object type = message.get(Message.CONTENT_TYPE);
        return type != null && type.toString().trim().regionMatches(true, 0, "multipart/", 0, 10);
    }

    @Override
    public void handleMessage(Message message) {
        BodyTee tee = message.getContent(BodyTee.class);
        boolean response = MessageUtils.isRequestor(message);
        boolean oneWay = !response && message.getExchange().isOneWay();
        if (!response) {
            logging.dispatched(message);
            logging.exchangeOf(message).enterThread(); // a one-way call's service runs on a work queue
        }
        if (oneWay) {
            logging.exchangeOf(message).accepted(); // no response comes (CXF sends its 202 outside our chain)
            message.getInterceptorChain().add(oneWayEnd); // ends once the service ran: it sees the ids in the MDC
        }
        boolean last = response;
        if (tee != null) {
            if (tee.bytesRead() > 0 && !isMultipart(message)) {
                tee.finishAsWhole(); // the chain has unmarshalled the body: it read all of it that it needs
            }
            tee.whenDone(body -> {
                logging.log(message, body);
                if (last) {
                    logging.end(message);
                }
            });
            return;
        }
        if (!CxfLogging.isLogged(message) && logging.wanted(message)) {
            logging.log(message, null);
        }
        if (last) {
            logging.end(message);
        }
    }

    /** POST_INVOKE, added to a one-way call's chain: its exchange ends once the service ran. */
    private static final class OneWayEnd extends AbstractPhaseInterceptor<Message> {
        private final CxfLogging logging;

        OneWayEnd(CxfLogging logging) {
            super(Phase.POST_INVOKE);
            this.logging = logging;
        }

        @Override
        public void handleMessage(Message message) {
            logging.end(message);
        }
    }
}
