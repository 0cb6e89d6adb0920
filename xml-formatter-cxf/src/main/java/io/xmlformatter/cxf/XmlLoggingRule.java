package io.xmlformatter.cxf;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Strategy;

import java.util.ArrayList;
import java.util.List;

/**
 * A rule for some exchanges, as a bean for Spring XML and Mule ({@link XmlLoggingSettings#setRules}): which
 * exchanges (port type, operation, address path pattern, HTTP method, SOAPAction; unset: any) and what changes for
 * them (logging off, a limit, indentation, the strategy, paths masked or pruned). It is a rule of the core message
 * logger ({@link MessageLogger.Builder#rule}, {@link MessageLogger.Builder#exclude}); the first that matches applies.
 *
 * <pre>{@code
 * <bean class="io.xmlformatter.cxf.XmlLoggingRule">
 *   <property name="operation" value="upload"/>
 *   <property name="strategy" value="WITHOUT_BODY"/>
 * </bean>
 * }</pre>
 */
public class XmlLoggingRule {
    private ExchangeMatch match = ExchangeMatch.any();
    private boolean enabled = true;
    private Integer limit;
    private Boolean prettyLogging;
    private Strategy strategy;
    private final List<String> anonymize = new ArrayList<>();
    private final List<String> prune = new ArrayList<>();

    /** The port type's name ({@code Bank} or {@code {urn:x}Bank}), as the SLF4J logger names carry it. */
    public void setPortType(String name) {
        match = match.service(name);
    }

    /** The operation's name. */
    public void setOperation(String name) {
        match = match.operation(name);
    }

    /** A regular expression the address path (without the query) matches whole. */
    public void setPath(String regex) {
        match = match.path(regex);
    }

    /** The HTTP method. */
    public void setHttpMethod(String method) {
        match = match.httpMethod(method);
    }

    /** The SOAPAction (quotes ignored). */
    public void setSoapAction(String action) {
        match = match.soapAction(action);
    }

    /** False: these exchanges are not logged. */
    public void setEnabled(boolean on) {
        enabled = on;
    }

    /** The most payload logged, in bytes (see {@link XmlLoggingSettings#setLimit}). */
    public void setLimit(int bytes) {
        limit = bytes;
    }

    /** Indent payloads or not. */
    public void setPrettyLogging(boolean pretty) {
        prettyLogging = pretty;
    }

    /** The strategy for these exchanges. */
    public void setStrategy(Strategy value) {
        strategy = value;
    }

    /** Further paths masked. */
    public void setAnonymize(List<String> paths) {
        anonymize.addAll(paths);
    }

    /** Further paths pruned. */
    public void setPrune(List<String> paths) {
        prune.addAll(paths);
    }

    /** Adds this rule to {@code logger}'s. */
    void addTo(MessageLogger.Builder logger) {
        if (!enabled) {
            logger.exclude(match);
            return;
        }
        logger.rule(match, b -> {
            if (limit != null) {
                b.limit(limit);
            }
            if (prettyLogging != null) {
                b.pretty(prettyLogging);
            }
            if (strategy != null) {
                b.strategy(strategy);
            }
            b.addAnonymize(anonymize).addPrune(prune);
        });
    }
}
