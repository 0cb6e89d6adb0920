package io.xmlformatter.webflux;

import io.micrometer.context.ThreadLocalAccessor;
import org.slf4j.MDC;

/**
 * For Micrometer's context propagation (found by its {@code ServiceLoader}): the correlation id the server filter
 * puts in Reactor's Context ({@link ReactiveCorrelation#KEY}) is the MDC's {@code correlationId} wherever Reactor
 * restores thread locals — with {@code Hooks.enableAutomaticContextPropagation()} (Boot:
 * {@code spring.reactor.context-propagation=auto}), in every operator of the chain — so that the application's
 * own log lines carry it, as on the servlet stack.
 */
public final class CorrelationIdAccessor implements ThreadLocalAccessor<String> {
    /** The MDC key, as every integration's. */
    static final String MDC_KEY = "correlationId";

    @Override
    public Object key() {
        return ReactiveCorrelation.KEY;
    }

    @Override
    public String getValue() {
        return MDC.get(MDC_KEY);
    }

    @Override
    public void setValue(String value) {
        MDC.put(MDC_KEY, value);
    }

    @Override
    public void setValue() {
        MDC.remove(MDC_KEY);
    }
}
