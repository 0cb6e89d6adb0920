package io.xmlformatter.jaxrs;

import io.xmlformatter.log.MessageType;
import io.xmlformatter.message.BodyRecorder;
import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import org.slf4j.MDC;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One logged exchange, kept in the request's properties from the first filter to the last record: its logger,
 * ids, start, operation, and the facts of a message whose body is still to be written.
 */
final class Exchange {
    static final String PROPERTY = Exchange.class.getName();
    static final String MDC_CORRELATION_ID = "correlationId";
    static final String MDC_EXCHANGE_ID = "exchangeId";
    /**
     * The server exchange whose ids are in this thread's MDC. A request that starts while one is still there
     * ends it first: a runtime that skips the response filters (CXF for an exception no mapper maps) leaves no
     * stale id behind.
     */
    private static final ThreadLocal<Exchange> ON_THREAD = new ThreadLocal<>();

    final MessageLogger logger;
    final String exchangeId = UUID.randomUUID().toString();
    final String correlationId;
    final String operation;
    final String owner;
    private final long started = System.nanoTime();
    private final boolean mdc;
    private String previousCorrelationId;
    private String previousExchangeId;
    /** The facts of the message being written (its body goes through {@link EntityRecorder}), or null. */
    MessageFacts pending;
    /** A server's request body as the resource reads it, or null. */
    BodyTee request;

    Exchange(MessageLogger logger, String correlationId, String owner, String operation, boolean mdc) {
        this.logger = logger;
        this.correlationId = correlationId != null ? correlationId : exchangeId;
        this.owner = owner;
        this.operation = operation;
        this.mdc = mdc && MdcAvailable.YES;
        if (this.mdc) {
            Exchange stale = ON_THREAD.get();
            if (stale != null) {
                stale.end();
            }
            ON_THREAD.set(this);
            previousCorrelationId = MDC.get(MDC_CORRELATION_ID);
            previousExchangeId = MDC.get(MDC_EXCHANGE_ID);
            MDC.put(MDC_CORRELATION_ID, this.correlationId);
            MDC.put(MDC_EXCHANGE_ID, exchangeId);
        }
    }

    /** The facts every record of this exchange shares. */
    MessageFacts facts(MessageType type) {
        MessageFacts f = MessageFacts.of(type).exchangeId(exchangeId).correlationId(correlationId)
                .service(owner).operation(operation);
        if (!MessageLogger.isRequest(type)) {
            f.duration(Duration.ofNanos(System.nanoTime() - started));
        }
        return f;
    }

    /** Logs a message now. */
    void log(MessageFacts facts, CapturedBody body) {
        logger.log(facts, body);
    }

    /** Logs the pending message with what was written of its body. */
    void logPending(BodyRecorder recorder) {
        MessageFacts f = pending;
        pending = null;
        if (f != null) {
            logger.log(f, recorder.body());
        }
    }

    /**
     * A server's response is on its way: the request's record is written now if it is still to come (the
     * resource did not read its body to the end), with what has arrived of the rest within the limit.
     */
    void settleRequest() {
        BodyTee tee = request;
        if (tee != null) {
            tee.drainAndFinish();
        }
    }

    /** The exchange is over on the server's thread: the request's record is settled, the MDC restored. */
    void end() {
        settleRequest();
        if (mdc && ON_THREAD.get() == this) {
            ON_THREAD.remove();
            restore(MDC_CORRELATION_ID, previousCorrelationId);
            restore(MDC_EXCHANGE_ID, previousExchangeId);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }

    /** Header values as strings (JAX-RS gives objects on the writing side). */
    static <V> MessageFacts headers(MessageFacts f, Map<String, List<V>> headers) {
        if (headers != null) {
            for (Map.Entry<String, List<V>> e : headers.entrySet()) {
                List<String> values = new ArrayList<>();
                if (e.getValue() != null) {
                    for (Object v : e.getValue()) {
                        values.add(String.valueOf(v));
                    }
                }
                f.header(e.getKey(), values);
            }
        }
        return f;
    }

    /** Whether SLF4J (for the MDC) is on the class path. */
    private static final class MdcAvailable {
        static final boolean YES = present();

        private static boolean present() {
            try {
                Class.forName("org.slf4j.MDC");
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
