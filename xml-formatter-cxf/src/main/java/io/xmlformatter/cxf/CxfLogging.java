package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

import java.time.Duration;

/**
 * What the interceptors share: the core message logger, the host and the correlation, and the CXF facts of a
 * message handed to the logger once. Immutable and thread-safe; built by {@link XmlLoggingSettings}.
 */
final class CxfLogging {
    /** CXF's per-endpoint switch: contextual property {@code org.apache.cxf.logging.enable=false}. */
    static final String ENABLE_PROPERTY = "org.apache.cxf.logging.enable";
    private static final String STARTED = CxfLogging.class.getName() + ".started";

    final MessageLogger logger;
    final Correlation correlation;
    private final CxfHost host;

    CxfLogging(MessageLogger logger, CxfHost host) {
        this.logger = logger;
        this.host = host;
        this.correlation = new Correlation(logger.correlationHeader(), host);
    }

    /**
     * Whether {@code message} is to be logged: not switched off for its endpoint, and its sink would write it
     * (asked before anything is captured).
     */
    boolean wanted(Message message) {
        return !isDisabled(message) && logger.wouldLog(CxfFacts.type(message), CxfFacts.owner(message));
    }

    /**
     * Whether {@code org.apache.cxf.logging.enable=false} is set for this message: as a String in its own
     * properties (a client's request context), or (String or Boolean) on the exchange, the endpoint or the bus.
     * A Boolean on a message is not read: CXF's own logging puts {@code Boolean.FALSE} there to mark a message it
     * has logged, and CXF lets an outbound message see its inbound one's properties.
     */
    static boolean isDisabled(Message message) {
        Object v = message.get(ENABLE_PROPERTY);
        if (!(v instanceof String)) {
            Exchange ex = message.getExchange();
            v = ex == null ? null : ex.get(ENABLE_PROPERTY);
            if (v == null && ex != null && ex.getEndpoint() != null) {
                v = ex.getEndpoint().get(ENABLE_PROPERTY);
                if (v == null && ex.getEndpoint().getEndpointInfo() != null) {
                    v = ex.getEndpoint().getEndpointInfo().getProperty(ENABLE_PROPERTY);
                }
            }
            if (v == null && ex != null && ex.getBus() != null) {
                v = ex.getBus().getProperty(ENABLE_PROPERTY);
            }
        }
        return v != null && "false".equalsIgnoreCase(v.toString().trim());
    }

    /** Marks the start of a request, for the response's duration. */
    static void markStart(Message message) {
        message.getExchange().putIfAbsent(STARTED, System.nanoTime());
    }

    /**
     * Whether {@code message} was already logged (a message is logged once, whatever the chains do). The mark is
     * a content of the message, not a property: CXF copies a request's properties into its response in some
     * paths (CXF-9233), and the response must still be logged.
     */
    static boolean isLogged(Message message) {
        return message.getContent(Logged.class) != null;
    }

    /** The mark of a message logged. */
    private enum Logged { YES }

    /**
     * Writes the record of {@code message} once: its CXF facts, the host's, the correlation id and the duration,
     * and the captured body (null when it has none). Never throws.
     */
    void log(Message message, CapturedBody body) {
        if (isLogged(message)) {
            return;
        }
        message.setContent(Logged.class, Logged.YES);
        MessageFacts facts;
        try {
            facts = CxfFacts.describe(message);
            facts.correlationId(correlation.idOf(message));
            Object started = message.getExchange().get(STARTED);
            if (started instanceof Long && !MessageLogger.isRequest(facts.type())) {
                facts.duration(Duration.ofNanos(System.nanoTime() - (Long) started));
            }
            host.addFacts(message, facts);
        } catch (RuntimeException e) {
            facts = MessageFacts.of(CxfFacts.type(message)).attribute("factsError", e.toString());
        }
        logger.log(facts, body);
    }

    /** Closes the sinks (each once). */
    void close() {
        logger.close();
    }

    /**
     * A server's exchange is answered: the request's record is written now if it is still to come (its body not
     * read to its end, or the chain broke before its record), with what has arrived of its body within the limit.
     */
    void settleRequest(Exchange exchange) {
        Message in = exchange.getInMessage();
        BodyTee tee = in == null ? null : in.getContent(BodyTee.class);
        if (tee != null && !isLogged(in)) {
            tee.whenDone(body -> log(in, body));
            tee.drainAndFinish();
        }
    }
}
