package io.xmlformatter.cxf;

import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.apache.cxf.message.Exchange;
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
        Exchange ex = message.getExchange();
        MessageType type = CxfFacts.type(message);
        if (!MessageUtils.isRequestor(message)) {
            Object partial = message.get(Message.PARTIAL_RESPONSE_MESSAGE);
            if (Boolean.TRUE.equals(partial) || "true".equalsIgnoreCase(String.valueOf(partial))) {
                CxfLogging.leaveThread(ex); // a one-way call's 202, not a message of its own: its service runs later
                return;
            }
            ExchangeLog.ResponseStage r = logging.request(ex, false);
            if (r == null || CxfLogging.answered(ex) != null) {
                return;
            }
            MessageFacts facts = r.facts(type);
            WrittenBody body = capture(message, facts, r);
            CxfLogging.answer(ex, body == null ? r.response(logging.describe(message, facts))
                    : r.response(facts, body));
            return;
        }
        ExchangeLog.RequestStage x = logging.beginClient(message);
        MessageFacts facts = x.facts(type);
        WrittenBody body = capture(message, facts, x);
        ExchangeLog.ResponseStage r = body == null ? x.request(logging.describe(message, facts))
                : x.request(facts, body);
        CxfLogging.requestSent(ex, r);
        if (ex.isOneWay()) {
            CxfLogging.answer(ex, r.accepted()); // no response comes
        }
    }

    /**
     * The capture of the message's body as it is written (its first bytes kept when the exchange shows bodies), or
     * null when the message is not logged or has no stream. Its record is made before
     * the stream closes, as CXF's own logging does: a client's request before its response is received, a server's
     * response before its caller has all of it (so the caller, in the same process, never sees its response's
     * record before this one).
     */
    private WrittenBody capture(Message message, MessageFacts facts, ExchangeLog.Stage x) {
        MessageType type = facts.type();
        if (!x.logs(type)) {
            return null;
        }
        int limit = x.capturesBody(type) ? x.captureLimit() : 0;
        OutputStream os = message.getContent(OutputStream.class);
        Writer w = os == null ? message.getContent(Writer.class) : null;
        if (os == null && w == null) {
            return null;
        }
        Capture capture = new Capture(message, facts, new WrittenBody(limit));
        message.put(Capture.class.getName(), capture);
        if (os != null) {
            message.setContent(OutputStream.class, capture.body.tee(os, capture::describe));
        } else {
            message.setContent(Writer.class, capture.body.tee(w, capture::describe));
        }
        return capture.body;
    }

    /**
     * Logs what was written when a later interceptor fails before the stream is closed; a client's call that
     * failed (the transport, say) ends its exchange as failed.
     */
    @Override
    public void handleFault(Message message) {
        logIfOpen(message);
        if (MessageUtils.isRequestor(message)) {
            CxfLogging.endFailed(message.getExchange());
        }
    }

    /** Logs the message if its stream was never closed (another wrapper dropped it); see {@link Ending}. */
    static void logIfOpen(Message message) {
        Object capture = message.get(Capture.class.getName());
        if (capture instanceof Capture) {
            ((Capture) capture).done();
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

    /** The body as it is written, and the facts of its message, described once, when the body ends. */
    private final class Capture {
        private final Message message;
        private final MessageFacts facts;
        private final WrittenBody body;
        private boolean described;

        Capture(Message message, MessageFacts facts, WrittenBody body) {
            this.message = message;
            this.facts = facts;
            this.body = body;
        }

        void describe() {
            if (!described) {
                described = true;
                logging.describe(message, facts);
            }
        }

        void done() {
            describe();
            body.finish();
        }
    }
}
