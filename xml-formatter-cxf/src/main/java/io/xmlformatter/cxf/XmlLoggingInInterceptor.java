package io.xmlformatter.cxf;

import io.xmlformatter.message.CapturedBody;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * PRE_INVOKE phase: writes the record of an inbound message (a server's request, a client's response or fault)
 * from what {@link PayloadTapInterceptor} kept, once the operation is known.
 */
public final class XmlLoggingInInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;

    XmlLoggingInInterceptor(CxfLogging logging) {
        super(Phase.PRE_INVOKE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) {
        if (!CxfLogging.isLogged(message) && (message.getContent(CapturedBody.class) != null
                || logging.wanted(message))) {
            logging.log(message, message.getContent(CapturedBody.class));
        }
        if (MessageUtils.isRequestor(message)) {
            logging.correlation.end(message);
        }
    }
}
