package io.xmlformatter.springws;

import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.http.AbstractHttpSenderConnection;

import java.lang.reflect.Method;

/**
 * The HTTP status of a client connection's response. Spring-WS's HTTP connections know it but keep it
 * ({@code AbstractHttpSenderConnection.getResponseCode()}) protected, whatever the sender (JDK, HttpComponents,
 * {@code HttpURLConnection}, a Spring request factory); it is read through that one method, once looked up.
 */
final class ResponseStatus {
    private static final Method RESPONSE_CODE = lookUp();

    private ResponseStatus() {
    }

    private static Method lookUp() {
        try {
            Method m = AbstractHttpSenderConnection.class.getDeclaredMethod("getResponseCode");
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // a Spring-WS without it, or a module that does not open it: records without a status
        }
    }

    /** The status of {@code connection}'s response, or null when it is no HTTP connection or cannot tell. */
    static Integer of(WebServiceConnection connection) {
        if (RESPONSE_CODE == null || !(connection instanceof AbstractHttpSenderConnection)) {
            return null;
        }
        try {
            return (Integer) RESPONSE_CODE.invoke(connection);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
