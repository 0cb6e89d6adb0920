package io.xmlformatter.message;

import io.xmlformatter.Internal;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where the library's own warnings go (a sink that fails, a wrong switch or annotation): the application's logging
 * through SLF4J when SLF4J is on the class path with a provider, else {@code java.util.logging}; under a logger
 * named for the class concerned. Used by the adapters; not an API.
 */
@Internal
public final class Warnings {
    private static final boolean SLF4J = slf4jBound();

    private Warnings() {
    }

    /**
     * Writes a warning.
     *
     * @param source the class the logger is named for
     * @param message what happened and what the library did about it
     * @param error the cause, or null
     */
    public static void warn(Class<?> source, String message, Throwable error) {
        if (SLF4J) {
            Slf4j.warn(source, message, error);
        } else {
            Logger.getLogger(source.getName()).log(Level.WARNING, message, error);
        }
    }

    /** Whether SLF4J is here and writes somewhere (SLF4J without a provider drops everything). */
    private static boolean slf4jBound() {
        try {
            Class.forName("org.slf4j.LoggerFactory", false, Warnings.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        return Slf4j.bound();
    }

    /** The calls into SLF4J, in a class of their own: loaded only when SLF4J is there. */
    private static final class Slf4j {
        static boolean bound() {
            return !(LoggerFactory.getILoggerFactory() instanceof NOPLoggerFactory);
        }

        static void warn(Class<?> source, String message, Throwable error) {
            LoggerFactory.getLogger(source).warn(message, error);
        }
    }
}
