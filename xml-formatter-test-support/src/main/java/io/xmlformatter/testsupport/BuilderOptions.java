package io.xmlformatter.testsupport;

import io.xmlformatter.message.MessageLogger;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.TreeSet;

/** The options of {@link MessageLogger.Builder}, by name: what the adapters' agreement tests hold their forms to. */
public final class BuilderOptions {
    private BuilderOptions() {
    }

    /** The names of the builder's public methods that return the builder (each an option; overloads once). */
    public static Set<String> names() {
        Set<String> options = new TreeSet<>();
        for (Method m : MessageLogger.Builder.class.getMethods()) {
            if (m.getReturnType() == MessageLogger.Builder.class) {
                options.add(m.getName());
            }
        }
        return options;
    }
}
