package io.xmlformatter.cxf;

import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * PRE_INVOKE phase: writes the record of an inbound message (a server's request, a client's response or fault)
 * from what {@link PayloadTapInterceptor} kept, once the operation is known.
 */
public final class XmlLoggingInInterceptor extends AbstractPhaseInterceptor<Message> {
    private final XmlLogging logging;

    XmlLoggingInInterceptor(XmlLogging logging) {
        super(Phase.PRE_INVOKE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) {
        if (XmlLogging.isDisabled(message)) {
            return;
        }
        log(logging, message);
        if (MessageUtils.isRequestor(message)) {
            logging.correlation.end(message);
        }
    }

    /** Logs an inbound message from its tapped body (or without a body when none was tapped). */
    static void log(XmlLogging logging, Message message) {
        TappedPayload p = message.getContent(TappedPayload.class);
        if (p == null) {
            logging.log(message, null, 0, -1, true);
        } else {
            logging.log(message, p.bytes, p.length, p.originalSize, p.complete);
        }
    }
}
