package io.xmlformatter.examples.boot;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Spring Boot demo runs, logs both endpoints and the client, leaves the health check out, shows no secret. */
class BootDemoTest {
    @Test
    void theDemoLogsEveryExchangeWithoutSecrets() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            BootDemo.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        String console = captured.toString(StandardCharsets.UTF_8);
        out.print(console);
        assertTrue(console.contains(">>> done"), console);
        for (String secret : List.of("4111111111111111", "s3cr3t-P@ssw0rd", "DE89370400440532013000")) {
            assertFalse(console.contains(secret), secret);
        }
        assertTrue(console.contains("<password>[*****]</password>"), console);
        assertTrue(console.contains("\"iban\": \"[*****]\""), console);
        // the SOAP call on both sides (4 records), the account on the server (2); not the health check
        assertEquals(6, console.split("cxf\\.services\\.\\w", -1).length - 1, console); // not the startup line's
        assertFalse(console.matches("(?s).*Address: \\S*/health.*"), console);
    }
}
