package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import org.apache.cxf.Bus;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.WeakHashMap;

/**
 * What the interceptors share: the core message logger and the host; where a CXF exchange keeps the stages of its
 * core exchange ({@link ExchangeLog}: begun, requested, answered); and the CXF facts of a message. Immutable and
 * thread-safe; built by {@link BaseXmlLoggingFeature}.
 */
final class CxfLogging {
    /** CXF's per-endpoint switch: contextual property {@code org.apache.cxf.logging.enable=false}. */
    static final String ENABLE_PROPERTY = "org.apache.cxf.logging.enable";
    /** Where a CXF exchange keeps its core exchange's stages, as it reaches them. */
    private static final String BEGUN = ExchangeLog.RequestStage.class.getName();
    private static final String REQUESTED = ExchangeLog.ResponseStage.class.getName();
    private static final String ANSWERED = ExchangeLog.EndStage.class.getName();
    /** A client exchange's inbound message that is its response (see {@link #claimResponse}). */
    private static final String RESPONSE = CxfLogging.class.getName() + ".response";

    final MessageLogger logger;
    private final CxfHost host;
    /** The buses whose shutdown closes the sinks. */
    private final Set<Bus> closingWith = Collections.newSetFromMap(new WeakHashMap<Bus, Boolean>());

    CxfLogging(MessageLogger logger, CxfHost host) {
        this.logger = logger;
        this.host = host;
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
     * A server's exchange starts with its request (ids, trace context and MDC, until it ends); what is known of its
     * operation before dispatch (owner, path, method, SOAP action) applies to it.
     */
    ExchangeLog.RequestStage beginServer(Message request) {
        Exchange ex = request.getExchange();
        ExchangeLog.RequestStage x = stage(ex, BEGUN, ExchangeLog.RequestStage.class);
        if (x == null) {
            x = ExchangeLog.server(logger, name -> CxfFacts.header(request, name), host.correlationIdOf(request),
                    CxfFacts.exchangeId(request, logger));
            ex.put(BEGUN, x);
            operation(request, x);
        }
        return x;
    }

    /**
     * A client's exchange starts with its request, which carries the correlation id on (the host's, else the
     * caller's) in the correlation header.
     */
    ExchangeLog.RequestStage beginClient(Message request) {
        Exchange ex = request.getExchange();
        ExchangeLog.RequestStage x = ExchangeLog.client(logger, name -> CxfFacts.header(request, name),
                host.correlationIdOf(request), CxfFacts.exchangeId(request, logger));
        ex.put(BEGUN, x);
        ex.remove(REQUESTED); // a request sent again (a redirect, a retry) is an exchange of its own
        ex.remove(RESPONSE);
        ex.remove(ANSWERED);
        operation(request, x);
        Map<String, List<String>> headers = CxfFacts.protocolHeaders(request);
        if (headers == null) {
            headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            request.put(Message.PROTOCOL_HEADERS, headers);
        }
        if (CxfFacts.header(request, x.correlationHeader()) == null) {
            headers.put(x.correlationHeader(), new ArrayList<>(Collections.singletonList(x.correlationId())));
        }
        host.correlationIdSent(request, x.correlationId());
        return x;
    }

    /** What is known of the message's operation applies: the logger's rules, the names its records carry. */
    private static void operation(Message message, ExchangeLog.RequestStage x) {
        x.operation(CxfFacts.owner(message), CxfFacts.operation(message), CxfFacts.path(message),
                CxfFacts.string(message.get(Message.HTTP_REQUEST_METHOD)), CxfFacts.header(message, "SOAPAction"));
    }

    /** The exchange's stage kept under {@code key}, or null when it has not reached it (or is not logged). */
    private static <T> T stage(Exchange ex, String key, Class<T> type) {
        Object x = ex == null ? null : ex.get(key);
        return type.isInstance(x) ? type.cast(x) : null;
    }

    /** The stage after the request (a client's, once its request went out), or null. */
    /**
     * A client's first inbound message claims its exchange's response (what the caller reads); false for a later
     * one. Over CXF's local transport a server whose write fails sends a fault after the response, and the two
     * chains can reach PRE_INVOKE in either order: the record must follow the first, whose body the caller reads.
     */
    static boolean claimResponse(Message message) {
        Object first = message.getExchange().putIfAbsent(RESPONSE, message);
        return first == null || first == message;
    }

    /** Whether {@code message} is its client exchange's response (the first inbound message, or no claim made). */
    static boolean isResponse(Message message) {
        Object first = message.getExchange().get(RESPONSE);
        return first == null || first == message;
    }

    static ExchangeLog.ResponseStage requested(Exchange ex) {
        return stage(ex, REQUESTED, ExchangeLog.ResponseStage.class);
    }

    /** The stage after the response, the failure or the acceptance, or null. */
    static ExchangeLog.EndStage answered(Exchange ex) {
        return stage(ex, ANSWERED, ExchangeLog.EndStage.class);
    }

    /** The exchange's outcome is given: its last stage is kept, and it ends (once its bodies are captured). */
    static void answer(Exchange ex, ExchangeLog.EndStage answered) {
        keep(ex, answered);
        answered.end();
    }

    /** The exchange's outcome is given; it ends later. */
    static void keep(Exchange ex, ExchangeLog.EndStage answered) {
        ex.put(ANSWERED, answered);
    }

    /**
     * A server's request is given to its exchange, once: now that it is dispatched (its operation known, its body
     * read by the chain when it is a SOAP envelope), or when the response starts if the chain broke before (its
     * record then has what has arrived of the body within the limit). Null when no exchange was begun.
     *
     * @param dispatched whether the chain has dispatched the request: a body it has read some of is taken as whole
     */
    ExchangeLog.ResponseStage request(Exchange ex, boolean dispatched) {
        ExchangeLog.ResponseStage r = requested(ex);
        ExchangeLog.RequestStage x = stage(ex, BEGUN, ExchangeLog.RequestStage.class);
        Message in = ex.getInMessage();
        if (r != null || x == null || in == null) {
            return r;
        }
        operation(in, x);
        MessageType type = CxfFacts.type(in);
        BodyTee tee = in.getContent(BodyTee.class);
        if (!x.logs(type)) {
            r = x.noRequest();
        } else if (tee == null) {
            r = x.request(facts(in, x));
        } else {
            if (dispatched && tee.bytesRead() > 0 && !isMultipart(in)) {
                tee.readToEnd(); // the chain has unmarshalled the body: the rest (to the end or the limit) comes first
            }
            r = x.request(facts(in, x), tee);
        }
        ex.put(REQUESTED, r);
        return r;
    }

    /** A client's request goes out: its record is made once its body is written (see {@link #describe}). */
    static void requestSent(Exchange ex, ExchangeLog.ResponseStage r) {
        ex.put(REQUESTED, r);
    }

    static boolean isMultipart(Message message) {
        Object type = message.get(Message.CONTENT_TYPE);
        return type != null && type.toString().trim().regionMatches(true, 0, "multipart/", 0, 10);
    }

    /** The facts of {@code message}'s record: the exchange's, the CXF facts, the host's. Never throws. */
    MessageFacts facts(Message message, ExchangeLog.Stage x) {
        return describe(message, x.facts(CxfFacts.type(message)));
    }

    /** Adds the CXF facts and the host's to {@code facts}; a failure is noted in them. Never throws. */
    MessageFacts describe(Message message, MessageFacts facts) {
        try {
            CxfFacts.describe(message, facts, logger);
            host.addFacts(message, facts);
        } catch (RuntimeException e) {
            facts.attribute("factsError", e.toString());
        }
        return facts;
    }

    /**
     * The exchange ends: as failed if no outcome was given (the chain broke), at whichever stage it reached.
     * Nothing when none was begun (its messages are not logged).
     */
    static void endFailed(Exchange ex) {
        ExchangeLog.EndStage answered = answered(ex);
        ExchangeLog.ResponseStage r = requested(ex);
        if (answered != null) {
            answered.end();
        } else if (r != null) {
            answer(ex, r.failed());
        } else {
            ExchangeLog.RequestStage x = stage(ex, BEGUN, ExchangeLog.RequestStage.class);
            if (x != null) {
                x.end();
            }
        }
    }

    /** The exchange goes on on another thread: this one's MDC gets back what it held. */
    static void leaveThread(Exchange ex) {
        ExchangeLog.RequestStage x = stage(ex, BEGUN, ExchangeLog.RequestStage.class);
        if (x != null) {
            x.leaveThread();
        }
    }

    /** Whether {@code bus}'s shutdown is to close the sinks now: false when it does already. */
    boolean closesWith(Bus bus) {
        synchronized (closingWith) {
            return closingWith.add(bus);
        }
    }

    /** Closes the sinks (each once). */
    void close() {
        logger.close();
    }
}
