package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which exchanges a rule of the message logger applies to ({@link MessageLoggerBuilder#rule},
 * {@link MessageLoggerBuilder#exclude}): by service, operation, address path, HTTP method and SOAPAction, each
 * left open (any) unless set. The service is a WSDL port type or service name, with or without its
 * {@code {namespace}}, or a resource class's simple name (JAX-RS), or a flow's name (Mule); the operation is a
 * SOAP operation or a resource method's name. Immutable; each setter returns a new match.
 */
@Experimental
public final class ExchangeMatch {
    private static final ExchangeMatch ANY = new ExchangeMatch(null, null, null, null, null);

    private final String service;
    private final String operation;
    private final Pattern path;
    private final String httpMethod;
    private final String soapAction;

    private ExchangeMatch(String service, String operation, Pattern path, String httpMethod, String soapAction) {
        this.service = service;
        this.operation = operation;
        this.path = path;
        this.httpMethod = httpMethod;
        this.soapAction = soapAction;
    }

    /** Every exchange; narrow it with the other methods. */
    public static ExchangeMatch any() {
        return ANY;
    }

    /** Exchanges of this service (its local name, or {@code {namespace}Name}); null or "*": any. */
    public ExchangeMatch service(String name) {
        return new ExchangeMatch(open(name), operation, path, httpMethod, soapAction);
    }

    /** Exchanges of this operation (a SOAP operation or a resource method's name); null or "*": any. */
    public ExchangeMatch operation(String name) {
        return new ExchangeMatch(service, open(name), path, httpMethod, soapAction);
    }

    /**
     * Exchanges whose address path (without the query; relative to the application on a JAX-RS server) matches
     * this regular expression whole, e.g. {@code /health.*}; null: any.
     *
     * @throws java.util.regex.PatternSyntaxException when it is not a regular expression
     */
    public ExchangeMatch path(String regex) {
        return new ExchangeMatch(service, operation, regex == null ? null : Pattern.compile(regex), httpMethod,
                soapAction);
    }

    /** Exchanges with this HTTP method (any case); null or "*": any. */
    public ExchangeMatch httpMethod(String method) {
        String m = open(method);
        return new ExchangeMatch(service, operation, path, m == null ? null : m.toUpperCase(Locale.ROOT),
                soapAction);
    }

    /** Exchanges with this SOAPAction (quotes ignored); null or "*": any. */
    public ExchangeMatch soapAction(String action) {
        return new ExchangeMatch(service, operation, path, httpMethod, unquoted(open(action)));
    }

    private static String open(String value) {
        return value == null || value.trim().isEmpty() || "*".equals(value.trim()) ? null : value.trim();
    }

    private static String unquoted(String action) {
        return action != null && action.length() >= 2 && action.startsWith("\"") && action.endsWith("\"")
                ? action.substring(1, action.length() - 1) : action;
    }

    /** Whether an exchange with these facts (null: not known) matches; an unknown fact matches only "any". */
    boolean matches(String serviceName, String operationName, String addressPath, String method, String action) {
        return (service == null || sameName(service, serviceName))
                && (operation == null || operation.equals(operationName))
                && (path == null || (addressPath != null && path.matcher(addressPath).matches()))
                && (httpMethod == null || httpMethod.equalsIgnoreCase(method))
                && (soapAction == null || soapAction.equals(unquoted(action)));
    }

    /**
     * Whether an exchange with these facts could match once its service and operation are known: as
     * {@link #matches}, with a service or operation not known yet (null) matching any.
     */
    boolean couldMatch(String serviceName, String operationName, String addressPath, String method, String action) {
        return matches(serviceName != null ? serviceName : service, operationName != null ? operationName : operation,
                addressPath, method, action);
    }

    /** "Bank" matches "{urn:x}Bank" and "Bank"; "{urn:x}Bank" only itself. */
    private static boolean sameName(String wanted, String name) {
        if (name == null) {
            return false;
        }
        if (wanted.startsWith("{")) {
            return wanted.equals(name);
        }
        int brace = name.lastIndexOf('}');
        return wanted.equals(brace >= 0 ? name.substring(brace + 1) : name);
    }

    /**
     * The match these parts describe, by {@code service}, {@code operation}, {@code path}, {@code method} and
     * {@code soap-action} (as text; read with {@link Options#pairs}: {@code "operation=pay; method=POST"}); a part
     * left out matches any.
     *
     * @throws IllegalArgumentException for another key, or a path that is no regular expression
     */
    public static ExchangeMatch of(Map<String, String> parts) {
        ExchangeMatch m = any();
        for (Map.Entry<String, String> p : parts.entrySet()) {
            String v = p.getValue() == null || p.getValue().trim().isEmpty() ? null : p.getValue().trim();
            switch (p.getKey().trim().toLowerCase(Locale.ROOT)) {
                case "service":
                    m = m.service(v);
                    break;
                case "operation":
                    m = m.operation(v);
                    break;
                case "path":
                    m = m.path(v);
                    break;
                case "method":
                    m = m.httpMethod(v);
                    break;
                case "soap-action":
                    m = m.soapAction(v);
                    break;
                default:
                    throw new IllegalArgumentException("a match has service, operation, path, method and soap-action,"
                            + " not '" + p.getKey() + "'");
            }
        }
        return m;
    }

    @Override
    public String toString() {
        return "ExchangeMatch[service=" + service + ", operation=" + operation + ", path=" + path + ", httpMethod="
                + httpMethod + ", soapAction=" + soapAction + "]";
    }
}
