package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the interceptors share: the core message logger and the host; where a CXF exchange keeps its core
 * {@link ExchangeLog}; and the CXF facts of a message handed to it once. Immutable and thread-safe; built by
 * {@link XmlLoggingSettings}.
 */
final class CxfLogging {
    /** CXF's per-endpoint switch: contextual property {@code org.apache.cxf.logging.enable=false}. */
    static final String ENABLE_PROPERTY = "org.apache.cxf.logging.enable";
    /** Where a CXF exchange keeps its {@link ExchangeLog}. */
    private static final String EXCHANGE_LOG = ExchangeLog.class.getName();

    final MessageLogger logger;
    private final CxfHost host;

    CxfLogging(MessageLogger logger, CxfHost host) {
        this.logger = logger;
        this.host = host;
    }

    /**
     * Whether {@code message} is to be logged: not switched off for its endpoint, and its sink would write it
     * (asked before anything is captured).
     */
    boolean wanted(Message message) {
        return !isDisabled(message) && logger.wouldLog(CxfFacts.type(message), CxfFacts.owner(message));
    }

    /**
     * Whether {@code message}, wanted, is logged with its body: neither sampling nor the strategy says no. Asked
     * once {@link #wanted} said yes.
     */
    boolean capturesBody(Message message) {
        return exchangeOf(message).capturesBody(CxfFacts.type(message), CxfFacts.owner(message));
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

    /**
     * A server's exchange starts with its request: ids (the host's correlation id, else the correlation header's),
     * trace context and MDC, from now until {@link #end}.
     */
    void beginServer(Message request) {
        Exchange ex = request.getExchange();
        if (!(ex.get(EXCHANGE_LOG) instanceof ExchangeLog)) {
            ex.put(EXCHANGE_LOG, ExchangeLog.server(logger, name -> CxfFacts.header(request, name),
                    host.correlationIdOf(request), CxfFacts.exchangeId(request)));
        }
    }

    /**
     * A client's exchange starts with its request, which carries the correlation id on (the host's, else the
     * caller's) in the correlation header.
     */
    void beginClient(Message request) {
        ExchangeLog x = ExchangeLog.client(logger, name -> CxfFacts.header(request, name), host.correlationIdOf(request),
                CxfFacts.exchangeId(request));
        request.getExchange().put(EXCHANGE_LOG, x);
        dispatched(request);
        Map<String, List<String>> headers = CxfFacts.protocolHeaders(request);
        if (headers == null) {
            headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            request.put(Message.PROTOCOL_HEADERS, headers);
        }
        if (CxfFacts.header(request, x.correlationHeader()) == null) {
            headers.put(x.correlationHeader(), new ArrayList<>(Collections.singletonList(x.correlationId())));
        }
        host.correlationIdSent(request, x.correlationId());
    }

    /**
     * The message's operation is known: the logger's rules apply to the exchange from now on (a server's request
     * is dispatched; a client's request goes out).
     */
    void dispatched(Message message) {
        exchangeOf(message).forOperation(CxfFacts.owner(message), CxfFacts.operation(message),
                CxfFacts.path(message), CxfFacts.string(message.get(Message.HTTP_REQUEST_METHOD)),
                CxfFacts.header(message, "SOAPAction"));
    }

    /** The exchange's log; one made now (changing no MDC) if none was begun. */
    ExchangeLog exchangeOf(Message message) {
        Exchange ex = message.getExchange();
        Object x = ex.get(EXCHANGE_LOG);
        if (x instanceof ExchangeLog) {
            return (ExchangeLog) x;
        }
        ExchangeLog made = ExchangeLog.client(logger, name -> CxfFacts.header(message, name),
                host.correlationIdOf(message), CxfFacts.exchangeId(message));
        ex.put(EXCHANGE_LOG, made);
        return made;
    }

    /** The exchange is over: held records settled, the MDC of a server exchange restored. */
    void end(Message message) {
        ExchangeLog x = begun(message);
        if (x != null) {
            x.end();
        }
    }

    /** The exchange failed (no response will tell); nothing when none was begun (its messages are not logged). */
    void failed(Message message) {
        ExchangeLog x = begun(message);
        if (x != null) {
            x.failed();
        }
    }

    private static ExchangeLog begun(Message message) {
        Object x = message.getExchange().get(EXCHANGE_LOG);
        return x instanceof ExchangeLog ? (ExchangeLog) x : null;
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
     * Writes the record of {@code message} once, through its exchange: its CXF facts, the host's and the captured
     * body (null when it has none). Never throws.
     */
    void log(Message message, CapturedBody body) {
        if (isLogged(message)) {
            return;
        }
        message.setContent(Logged.class, Logged.YES);
        ExchangeLog x = exchangeOf(message);
        MessageFacts facts = x.facts(CxfFacts.type(message));
        try {
            CxfFacts.describe(message, facts);
            host.addFacts(message, facts);
        } catch (RuntimeException e) {
            facts.attribute("factsError", e.toString());
        }
        x.log(facts, body);
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
