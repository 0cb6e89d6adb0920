package io.xmlformatter.jaxrs;

import io.xmlformatter.message.AnnotationOverlay;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Options;
import io.xmlformatter.message.Warnings;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The global message logger and the logger of each resource method with an {@link XmlLogging} annotation (derived
 * from the global one once per method, sharing its sinks and chains). The logger's rules
 * ({@link MessageLogger#forExchange}) apply on top. Thread-safe.
 */
final class Settings {
    /** Stands for "not logged" in the per-method cache. */
    private static final Object OFF = new Object();

    private final MessageLogger global;
    private final ConcurrentMap<Method, Object> byMethod = new ConcurrentHashMap<>();

    Settings(MessageLogger global) {
        this.global = global;
    }

    MessageLogger global() {
        return global;
    }

    /**
     * The logger for a resource method (null: not logged); the global one when it is not annotated. An
     * annotation with a bad path gives a logger that writes its records without bodies, saying why.
     */
    MessageLogger forMethod(Class<?> resource, Method method) {
        if (method == null) {
            return global;
        }
        Object l = byMethod.computeIfAbsent(method, m -> derive(annotation(resource, m), m));
        return l == OFF ? null : (MessageLogger) l;
    }

    private static XmlLogging annotation(Class<?> resource, Method method) {
        XmlLogging a = method.getAnnotation(XmlLogging.class);
        if (a == null && resource != null) {
            a = resource.getAnnotation(XmlLogging.class);
        }
        return a;
    }

    private Object derive(XmlLogging a, Method method) {
        if (a == null) {
            return global;
        }
        if (!a.enabled()) {
            return OFF;
        }
        try {
            Map<String, String> overlay = AnnotationOverlay.of(a);
            return global.derive(b -> b.overlay(overlay));
        } catch (IllegalArgumentException e) {
            Warnings.warn(Settings.class, "xml-formatter: @XmlLogging on " + method + " is wrong (" + e.getMessage()
                    + "); its bodies are not logged", null);
            List<String> everything = Arrays.asList("");
            return global.derive(b -> b.logBinary(false).set(Options.IN_BINARY_MEDIA_TYPES, everything)
                    .set(Options.OUT_BINARY_MEDIA_TYPES, everything)); // every body "--- Content suppressed ---"
        }
    }

    void close() {
        global.close();
    }
}
