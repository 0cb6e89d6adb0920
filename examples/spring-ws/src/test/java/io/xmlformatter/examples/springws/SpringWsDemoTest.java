package io.xmlformatter.examples.springws;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Spring-WS demo runs, logs both sides of both calls, and shows no secret. */
class SpringWsDemoTest {
    @Test
    void theDemoLogsEveryExchangeWithoutSecrets() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            SpringWsDemo.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        String console = captured.toString(StandardCharsets.UTF_8);
        out.print(console);
        assertTrue(console.contains(">>> done"), console);
        for (String secret : List.of("DE89370400440532013000", "FR1420041010050500013M02606", ">4711<")) {
            assertFalse(console.contains(secret), secret);
        }
        assertTrue(console.contains("<t:pin>[*****]</t:pin>"), console);
        // both sides of both calls (the refused one a fault on both): 8 records, io.xmlformatter.spring-ws.*
        assertEquals(8, console.split("spring-ws\\.(Transfers|127\\.0\\.0\\.1)\\.[A-Z]", -1).length - 1, console);
        // the pattern of application.yml (the README's quick start): each record's line names its correlation id
        assertTrue(console.matches("(?s).* INFO [0-9a-f-]{36} .*spring-ws\\.Transfers\\.REQ_IN.*"), console);
        assertTrue(console.contains("FAULT_OUT") && console.contains("FAULT_IN"), console);
    }
}
