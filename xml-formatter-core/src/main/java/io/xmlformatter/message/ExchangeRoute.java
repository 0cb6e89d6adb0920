package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where an exchange's records go and how: the logger that applies (the root's, or the first rule's that matches what
 * is known of the exchange, learnt as it goes), sampling, the strategy, and whether each message type is logged at
 * all (its sink asked once per type and logger). Thread-safe.
 */
final class ExchangeRoute {
    /** The logger the exchange's logger derives from (or it): it has the rules. */
    private final MessageLogger root;
    private final boolean sampled;
    /** The logger for this exchange: the root's, or a rule's. */
    private volatile MessageLogger logger;
    /** The strategy for this exchange (an exchange left out by sampling holds its records for failures only). */
    private volatile ExchangeStrategy strategy;
    /** Left out by sampling (failures not kept) or by a rule: nothing is logged. Guarded by this. */
    private boolean off;
    /** The same call as a client exchange around it on its thread logs ({@link ClientCalls}). Guarded by this. */
    private boolean aroundCall;
    /** What is known of the exchange for the rules and its records. Guarded by this. */
    private String service;
    private String integration;
    private String operation;
    private String path;
    private String httpMethod;
    private String soapAction;
    /** Per message type, whether it is logged (asked of the sink once per type and logger). Guarded by this. */
    private final Map<MessageType, Boolean> asked = new EnumMap<>(MessageType.class);

    ExchangeRoute(MessageLogger logger, boolean sampled) {
        this.root = logger.root();
        this.sampled = sampled;
        use(logger);
    }

    /** Logs with {@code l}: its strategy, unless sampling left the exchange out; null: nothing is logged. */
    private void use(MessageLogger l) {
        if (l == null) {
            off = true;
            return;
        }
        if (logger != l) {
            asked.clear();
        }
        logger = l;
        ExchangeStrategy s = l.policy().strategy();
        strategy = sampled || !s.capturesBodies() ? s : Strategy.FAILED_ONLY;
        off = !sampled && !l.options().get(Options.SAMPLE_KEEPS_FAILURES);
    }

    /** What the adapter knows of the exchange's operation: the first rule that matches applies. */
    synchronized void operation(String serviceName, String operationName, String path, String httpMethod,
            String soapAction) {
        MessageLogger l = root.forExchange(serviceName, operationName, path, httpMethod, soapAction);
        if (l != root) { // a rule matched (or excluded); else the logger stays (e.g. an annotation's)
            use(l);
        }
        if (!Objects.equals(service, serviceName)) {
            asked.clear(); // a sink may decide by the owner
        }
        service = serviceName;
        operation = operationName;
        this.path = path;
        this.httpMethod = httpMethod;
        this.soapAction = soapAction;
    }

    /**
     * The operation a request's record names, when the adapter did not know it before (the servlet filter reads a
     * SOAP request's from its body): the rules on it apply to the exchange from now on.
     */
    synchronized void operationOf(MessageFacts facts) {
        String op = facts.operation();
        if (operation != null || op == null || !facts.type().isRequest()) {
            return;
        }
        operation = op;
        MessageLogger l = root.forExchange(service, op, path, httpMethod, soapAction);
        if (l != root) {
            use(l);
        }
    }

    /** The address of the call, as {@link ClientCalls} compares them: the service (a client's host), method, path. */
    synchronized String address() {
        return service + ' ' + httpMethod + ' ' + path;
    }

    /** The call is logged by the adapter around it, on this thread ({@link ClientCalls}): nothing is logged here. */
    synchronized void leftToTheCallAround() {
        aroundCall = true;
    }

    synchronized void integration(String name) {
        if (!Objects.equals(integration, name)) {
            asked.clear(); // a sink may decide by it
        }
        integration = name;
    }

    synchronized boolean logs(MessageType type) {
        if (off || aroundCall) {
            return false;
        }
        return asked.computeIfAbsent(type, t -> logger.wouldLog(t, integration, service));
    }

    /**
     * By the strategy; while the service or operation is not known, also when a rule that could match once they
     * are captures bodies (the strategy then decides whether the body is logged).
     */
    boolean capturesBody(MessageType type) {
        return (strategy.capturesBodies() || mayCaptureByRule()) && logs(type);
    }

    private synchronized boolean mayCaptureByRule() {
        return !off && (operation == null || service == null)
                && root.ruleMayCapture(service, operation, path, httpMethod, soapAction);
    }

    /** Whether nothing of the exchange is logged. */
    synchronized boolean off() {
        return off;
    }

    MessageLogger logger() {
        return logger;
    }

    ExchangeStrategy strategy() {
        return strategy;
    }

    /** The facts every record of the exchange shares: its names. */
    synchronized MessageFacts names(MessageFacts f) {
        return f.service(service).operation(operation).integration(integration);
    }

    /** How the exchange went, as its strategy sees it. */
    synchronized ExchangeOutcome outcome(boolean failed, Integer status, boolean slow,
            Map<String, List<String>> headers) {
        return new ExchangeOutcome(failed, status, slow, service, operation, headers);
    }

    synchronized String operation() {
        return operation;
    }
}
