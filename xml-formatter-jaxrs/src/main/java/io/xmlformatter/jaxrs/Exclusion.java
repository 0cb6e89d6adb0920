package io.xmlformatter.jaxrs;

import java.util.regex.Pattern;

/** Exchanges that are not logged: a method (or any) and a path pattern. */
final class Exclusion {
    private final String method;
    private final Pattern path;

    Exclusion(String method, Pattern path) {
        this.method = method == null || "*".equals(method) ? null : method;
        this.path = path;
    }

    boolean matches(String httpMethod, String requestPath) {
        return (method == null || method.equalsIgnoreCase(httpMethod)) && path.matcher(requestPath).matches();
    }
}
