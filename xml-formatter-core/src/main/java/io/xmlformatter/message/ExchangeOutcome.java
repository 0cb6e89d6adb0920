package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How an exchange went, as an {@link ExchangeStrategy} sees it once it is known: failed or not (a fault, a status at
 * or above the fault status, an exception, no response), the status, whether it was slow, its service and operation,
 * and the response's headers as they came (the strategy reads them; nothing of them is written but through the
 * record's masking). Immutable.
 */
@Experimental
public final class ExchangeOutcome {
    private final boolean failed;
    private final Integer status;
    private final boolean slow;
    private final String service;
    private final String operation;
    private final Map<String, List<String>> headers;

    ExchangeOutcome(boolean failed, Integer status, boolean slow, String service, String operation,
            Map<String, List<String>> headers) {
        this.failed = failed;
        this.status = status;
        this.slow = slow;
        this.service = service;
        this.operation = operation;
        this.headers = headers;
    }

    /** Whether the exchange failed: a fault, a status at or above the fault status, an exception or no response. */
    public boolean failed() {
        return failed;
    }

    /** Whether the response's status is a client error (400 up to the fault status) and the exchange did not fail. */
    public boolean clientError() {
        return !failed && status != null && status >= 400;
    }

    /** The response's HTTP status, or null when none is known. */
    public Integer status() {
        return status;
    }

    /** Whether the exchange took at least the logger's slow threshold. */
    public boolean slow() {
        return slow;
    }

    /** The service (port type, resource class, flow), or null. */
    public String service() {
        return service;
    }

    /** The operation (SOAP operation, resource method), or null. */
    public String operation() {
        return operation;
    }

    /** The response's first value of the header {@code name} (any case), or null. */
    public String responseHeader(String name) {
        if (headers == null) {
            return null;
        }
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            if (h.getKey() != null && h.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))
                    && !h.getValue().isEmpty()) {
                return h.getValue().get(0);
            }
        }
        return null;
    }
}
