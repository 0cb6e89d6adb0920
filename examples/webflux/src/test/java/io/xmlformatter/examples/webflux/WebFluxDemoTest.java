package io.xmlformatter.examples.webflux;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The WebFlux demo runs, logs the server's and the WebClient's exchanges, and shows no secret. */
class WebFluxDemoTest {
    @Test
    void theDemoLogsEveryExchangeWithoutSecrets() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            WebFluxDemo.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        String console = captured.toString(StandardCharsets.UTF_8);
        out.print(console);
        assertTrue(console.contains(">>> payment: 200") && console.contains(">>> done"), console);
        for (String secret : List.of("4111111111111111", "\"737\"")) {
            assertFalse(console.contains(secret), secret);
        }
        // the payment (in, and its call to the bank out), the bank's side, the stream: 4 exchanges, 8 records
        assertEquals(8, console.split("webflux\\.127\\.0\\.0\\.1\\.[A-Z_]+ +:", -1).length - 1, console);
        assertTrue(console.contains("\"tick\":3"), console);
    }
}
