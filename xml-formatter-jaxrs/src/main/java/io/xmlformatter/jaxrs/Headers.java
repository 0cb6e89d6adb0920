package io.xmlformatter.jaxrs;

import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Where the filters keep an exchange, and JAX-RS header maps as the facts of a record. */
final class Headers {
    /** The request property holding the {@link ExchangeLog}. */
    static final String EXCHANGE = ExchangeLog.class.getName();

    private Headers() {
    }

    /** The exchange kept in a request property, or null. */
    static ExchangeLog exchange(Object property) {
        return property instanceof ExchangeLog ? (ExchangeLog) property : null;
    }

    /** Adds header values as strings (JAX-RS gives objects on the writing side). */
    static <V> MessageFacts add(MessageFacts f, Map<String, List<V>> headers) {
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
}
