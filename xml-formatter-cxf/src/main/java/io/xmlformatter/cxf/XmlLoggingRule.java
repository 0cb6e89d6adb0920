package io.xmlformatter.cxf;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.message.Options;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rule for some exchanges, as a bean for Spring XML and Mule ({@link BaseXmlLoggingFeature#setRules}): which
 * exchanges (port type, operation, address path pattern, HTTP method, SOAPAction; unset: any) and what changes for
 * them: logging off, or any option by its name or property as text ({@link Options#overlay}: names and paths
 * masked or pruned are added to those in force, every other option replaced). It is a rule of the core message
 * logger ({@link MessageLoggerBuilder#rule}, {@link MessageLoggerBuilder#exclude}); the first that matches applies.
 *
 * <pre>{@code
 * <bean class="io.xmlformatter.cxf.XmlLoggingRule">
 *   <property name="operation" value="upload"/>
 *   <property name="options"><map><entry key="exchange.strategy" value="WITHOUT_BODY"/></map></property>
 * </bean>
 * }</pre>
 */
public class XmlLoggingRule {
    private ExchangeMatch match = ExchangeMatch.any();
    private boolean enabled = true;
    private Map<String, String> options = Collections.emptyMap();

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

    /**
     * The options that change for these exchanges, by name or property, as text ({@code exchange.strategy},
     * {@code body.limit}, {@code masking.paths}, ...).
     *
     * @throws IllegalArgumentException for an unknown option or a value it does not take, naming it
     */
    public void setOptions(Map<String, String> options) {
        this.options = new LinkedHashMap<>(options);
    }

    /** Adds this rule to {@code logger}'s. */
    void addTo(MessageLoggerBuilder logger) {
        if (enabled) {
            logger.rule(match, options);
        } else {
            logger.exclude(match);
        }
    }
}
