package io.xmlformatter.spring.boot;

import io.xmlformatter.Internal;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * A startup failure xml-formatter raised (a wrong or unknown {@code xmlformatter.*} property, a setting the sink
 * refuses) shown as Boot's "APPLICATION FAILED TO START" block — the library's message and what to do — instead of
 * the last cause of a long trace. Registered in {@code META-INF/spring.factories}; the library's messages begin with
 * {@code xml-formatter: }.
 */
@Internal
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class XmlFormatterFailureAnalyzer implements FailureAnalyzer {
    private static final String PREFIX = "xml-formatter: ";

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null && message.startsWith(PREFIX)) {
                return new FailureAnalysis(message, "Correct the xmlformatter.* setting "
                        + "named above. The properties, their defaults and accepted values are in the option "
                        + "table (docs/options.md) and in your IDE's completion; xmlformatter.enabled=false "
                        + "switches the library off.",
                        t);
            }
        }
        return null;
    }
}
