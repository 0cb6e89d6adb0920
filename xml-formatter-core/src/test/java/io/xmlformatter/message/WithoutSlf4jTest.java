package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SLF4J is an optional dependency of the core: a logger given its own sink works without it, and one left to the
 * default sink says what is missing instead of failing with a {@code NoClassDefFoundError} at its first record
 * (found by the command-line tool, which has no SLF4J). So is the OpenTelemetry API: its options change nothing
 * without it.
 */
class WithoutSlf4jTest {
    @Test
    void theDefaultSinkNeedsSlf4jAndSaysSo() throws Exception {
        URL core = MessageLogger.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader alone = new URLClassLoader(new URL[] {core}, ClassLoader.getPlatformClassLoader())) {
            Class<?> logger = alone.loadClass(MessageLogger.class.getName());
            Object builder = logger.getMethod("builder").invoke(null);
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> builder.getClass().getMethod("build").invoke(builder));
            assertEquals(IllegalStateException.class, e.getCause().getClass());
            assertTrue(e.getCause().getMessage().contains("no sink is set and SLF4J is not on the class path"),
                    e.getCause().getMessage());
            Class<?> sink = alone.loadClass("io.xmlformatter.record.LogSink");
            Object none = java.lang.reflect.Proxy.newProxyInstance(alone, new Class<?>[] {sink},
                    (proxy, method, args) -> method.getReturnType() == boolean.class ? Boolean.TRUE : null);
            builder.getClass().getMethod("sink", sink).invoke(builder, none);
            Object built = builder.getClass().getMethod("build").invoke(builder);
            assertEquals(logger, built.getClass(), "with its own sink it builds");
        }
    }

    /**
     * Regression: the span started by option made the class that reads spans fail its verification without the
     * API, and every exchange threw {@code NoClassDefFoundError} (each call retrying the class load).
     */
    @Test
    void theOpenTelemetryOptionsChangeNothingWithoutTheApi() throws Exception {
        URL core = MessageLogger.class.getProtectionDomain().getCodeSource().getLocation();
        URL tests = ExchangeWithoutApis.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader alone = new URLClassLoader(new URL[] {core, tests},
                ClassLoader.getPlatformClassLoader())) {
            @SuppressWarnings("unchecked")
            java.util.function.Supplier<String> exchange = (java.util.function.Supplier<String>) alone
                    .loadClass(ExchangeWithoutApis.class.getName()).getDeclaredConstructor().newInstance();
            assertEquals("REQ_IN <a><pin>[*****]</pin></a>\nRESP_OUT null\n".repeat(2), exchange.get());
        }
    }
}
