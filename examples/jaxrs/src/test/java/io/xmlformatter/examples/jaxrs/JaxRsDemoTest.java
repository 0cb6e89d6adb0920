package io.xmlformatter.examples.jaxrs;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JAX-RS demo runs, logs its messages on both sides, and shows no secret. */
class JaxRsDemoTest {
    @Test
    void theDemoLogsBothSidesWithoutSecrets() throws Exception {
        Logger services = (Logger) LoggerFactory.getLogger("io.xmlformatter.jaxrs"); // JAX-RS records' loggers
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        services.addAppender(appender);
        try {
            JaxRsDemo.main(new String[0]);
        } finally {
            services.detachAppender(appender);
        }
        List<String> types = appender.list.stream().map(e -> e.getLoggerName()
                .substring(e.getLoggerName().lastIndexOf('.') + 1)).sorted().collect(Collectors.toList());
        // login and profile on both sides; the health check on neither (issue 51: the client logged it)
        assertEquals(List.of("REQ_IN", "REQ_IN", "REQ_OUT", "REQ_OUT", "RESP_IN", "RESP_IN", "RESP_OUT", "RESP_OUT"),
                types);
        String all = appender.list.stream().map(ILoggingEvent::getFormattedMessage).collect(Collectors.joining());
        assertFalse(all.contains("/accounts/health"), all);
        for (String secret : List.of("s3cr3t-P@ssw0rd", "tok-9f8e7d6c5b4a", "DE89370400440532013000", "qs-s3cr3t")) {
            assertFalse(all.contains(secret), secret);
        }
        assertTrue(all.contains("<password>[*****]</password>"), all);
    }
}
