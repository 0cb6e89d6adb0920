package io.xmlformatter.spring.boot;

import io.xmlformatter.mongo.BreakerState;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mongo.MongoSinkStats;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The MongoDB sink's actuator health: UP while MongoDB takes the records, the configured status (UNKNOWN,
 * DOWN or OUT_OF_SERVICE) while the sink's circuit breaker is open; the counters as details. Boot 4 and Boot 3 name the
 * same health API in different packages ({@code org.springframework.boot.health.contributor},
 * {@code org.springframework.boot.actuate.health}), so the indicator is a proxy of whichever is present: one jar
 * for both lines, no compile dependency on either.
 */
final class MongoSinkHealth implements InvocationHandler {
    /** The health API's package on Boot 4, then on Boot 3. */
    static final String[] PACKAGES = {"org.springframework.boot.health.contributor",
        "org.springframework.boot.actuate.health"};

    private final MongoSink sink;
    private final String openStatus;
    private final Method status;
    private final Method withDetails;
    private final Method build;

    private MongoSinkHealth(MongoSink sink, String openStatus, Class<?> health) throws ReflectiveOperationException {
        this.sink = sink;
        this.openStatus = openStatus;
        this.status = health.getMethod("status", String.class);
        this.withDetails = status.getReturnType().getMethod("withDetails", Map.class);
        this.build = status.getReturnType().getMethod("build");
    }

    /**
     * A {@code HealthIndicator} of the Boot line on {@code loader}'s class path.
     *
     * @throws IllegalStateException when neither line's health API is there
     */
    static Object indicator(MongoSink sink, XmlFormatterProperties.BreakerOpenStatus openStatus, ClassLoader loader) {
        for (String p : PACKAGES) {
            try {
                Class<?> indicator = Class.forName(p + ".HealthIndicator", false, loader);
                Class<?> health = Class.forName(p + ".Health", false, loader);
                return Proxy.newProxyInstance(loader, new Class<?>[] {indicator},
                        new MongoSinkHealth(sink, openStatus.name(), health));
            } catch (ClassNotFoundException e) {
                // the other line
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("xml-formatter: Spring Boot's health API in " + p
                        + " is not the one expected", e);
            }
        }
        throw new IllegalStateException("xml-formatter: no Spring Boot health API on the class path");
    }

    /** The status: UP, or the configured one while the breaker is open. */
    String status() {
        return sink.breakerState() == BreakerState.OPEN ? openStatus : "UP";
    }

    /** The counters and the last error. */
    Map<String, Object> details() {
        MongoSinkStats s = sink.stats();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("breaker", sink.breakerState().name());
        d.put("written", s.written);
        d.put("queued", s.queued);
        d.put("dropped", s.dropped());
        String error = sink.lastError();
        if (error != null) {
            d.put("lastError", error);
        }
        return d;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getName().equals("health") && method.getParameterCount() == 0) {
            return build.invoke(withDetails.invoke(status.invoke(null, status()), details()));
        }
        if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
        }
        switch (method.getName()) {
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            case "toString":
                return "xml-formatter MongoDB sink health: " + status();
            default:
                throw new UnsupportedOperationException(method.toString());
        }
    }
}
