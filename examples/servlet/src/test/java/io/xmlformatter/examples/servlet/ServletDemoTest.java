package io.xmlformatter.examples.servlet;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The servlet demo runs, logs all three exchanges on the server side, and shows no secret. */
class ServletDemoTest {
    @Test
    void theDemoLogsEveryExchangeWithoutSecrets() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            ServletDemo.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        String console = captured.toString(StandardCharsets.UTF_8);
        out.print(console);
        assertTrue(console.contains(">>> payment of -5.00: 422") && console.contains(">>> done"), console);
        for (String secret : List.of("DE89370400440532013000", "\"737\"", "hunter2-form")) {
            assertFalse(console.contains(secret), secret);
        }
        assertTrue(console.contains("password=[*****]") || console.contains("password=%5B*****%5D"), console);
        // three exchanges, each a request and a response record, under the filter's logger names
        assertEquals(6, console.split("servlet\\.dispatcherServlet\\.", -1).length - 1, console);
    }
}
