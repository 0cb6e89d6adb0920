package io.xmlformatter.webflux;

import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The correlation id of the server exchange a reactive chain serves, carried in Reactor's {@link Context} (threads
 * change; the Context goes with the chain): the {@code WebClient} calls the chain makes send it on and carry it in
 * their records.
 */
public final class ReactiveCorrelation {
    /** The Context key that holds the correlation id. */
    public static final String KEY = "io.xmlformatter.correlationId";

    private ReactiveCorrelation() {
    }

    /** The correlation id in {@code context}, or null. */
    public static String of(ContextView context) {
        Object id = context.getOrDefault(KEY, null);
        return id instanceof String s ? s : null;
    }

    /** {@code context} with {@code correlationId} (unchanged when it is null). */
    static Context with(Context context, String correlationId) {
        return correlationId == null ? context : context.put(KEY, correlationId);
    }
}
