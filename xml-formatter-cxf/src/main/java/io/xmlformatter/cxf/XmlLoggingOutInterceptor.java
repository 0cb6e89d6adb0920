package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyRecorder;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

import java.io.OutputStream;
import java.io.Writer;

/**
 * PRE_STREAM phase: records an outbound message (a client's request, a server's response or fault) as it is
 * written, keeping its first bytes in memory and counting the rest, and writes its record when the stream is
 * closed. The bytes on the wire are not touched. On a server it first has the request's record written if it is
 * still to come (a body the service did not read to its end, or a chain that broke before the record).
 */
final class XmlLoggingOutInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;

    XmlLoggingOutInterceptor(CxfLogging logging) {
        super(Phase.PRE_STREAM);
        // Wrap outside CXF's own logging stream, if any: that one restores, but never closes, the stream it wraps.
        addAfter("org.apache.cxf.ext.logging.LoggingOutInterceptor");
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) {
        if (CxfLogging.isDisabled(message)) {
            return;
        }
        boolean wanted = logging.wanted(message);
        boolean requestor = MessageUtils.isRequestor(message);
        if (requestor) {
            logging.beginClient(message);
        }
        Object partial = message.get(Message.PARTIAL_RESPONSE_MESSAGE);
        if (Boolean.TRUE.equals(partial) || "true".equalsIgnoreCase(String.valueOf(partial))) {
            logging.exchangeOf(message).accepted(); // a one-way call's 202: not a message of its own
            logging.end(message);
            return;
        }
        if (!requestor) {
            logging.settleRequest(message.getExchange());
        }
        if (!wanted) {
            if (!requestor) {
                logging.end(message);
            }
            return;
        }
        OutputStream os = message.getContent(OutputStream.class);
        Writer w = os == null ? message.getContent(Writer.class) : null;
        if (os != null || w != null) {
            Capture capture = new Capture(message);
            message.put(Capture.class.getName(), capture);
            // The record is written before the stream closes, as CXF's own logging does: a client's request before
            // its response is received, a server's response before its caller has all of it (so the caller, in the
            // same process, never sees its response's record before this one).
            if (os != null) {
                message.setContent(OutputStream.class, capture.recorder.tee(os, capture::logOnce));
            } else {
                message.setContent(Writer.class, capture.recorder.tee(w, capture::logOnce));
            }
        }
    }

    /**
     * Logs what was written when a later interceptor fails before the stream is closed; a client's call that
     * failed (the transport, say) ends its exchange as failed.
     */
    @Override
    public void handleFault(Message message) {
        logIfOpen(message);
        if (MessageUtils.isRequestor(message)) {
            logging.exchangeOf(message).failed();
            logging.end(message);
        }
    }

    /** Logs the message if its stream was never closed (another wrapper dropped it); see {@link Ending}. */
    static void logIfOpen(Message message) {
        Object capture = message.get(Capture.class.getName());
        if (capture instanceof Capture) {
            ((Capture) capture).logOnce();
        }
    }

    /** The last interceptor of an outbound chain: the fallback that guarantees the record is written. */
    static final class Ending extends AbstractPhaseInterceptor<Message> {
        Ending() {
            super(Phase.PREPARE_SEND_ENDING);
            addAfter("org.apache.cxf.interceptor.MessageSenderInterceptor$MessageSenderEndingInterceptor");
        }

        @Override
        public void handleMessage(Message message) {
            logIfOpen(message);
        }
    }

    /** The body as it is written, and the message's record written once, when the body ends. */
    private final class Capture {
        private final Message message;
        private final boolean withBody;
        private final BodyRecorder recorder;
        private boolean logged;

        Capture(Message message) {
            this.message = message;
            this.withBody = logging.capturesBody(message);
            this.recorder = new BodyRecorder(withBody ? logging.logger.captureLimit() : 0);
        }

        void logOnce() {
            if (logged) {
                return;
            }
            logged = true;
            try {
                logging.log(message, withBody ? recorder.body() : null);
            } finally {
                if (!MessageUtils.isRequestor(message)) {
                    logging.end(message);
                } else if (message.getExchange().isOneWay()) {
                    logging.exchangeOf(message).accepted(); // no response comes
                    logging.end(message);
                }
            }
        }
    }
}
