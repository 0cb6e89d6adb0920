package io.xmlformatter.examples.mule;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Mule demo runs, answers, and its log file holds each message's record once, masked, with Mule ids. */
@Tag("slow") // a real server process or an embedded Mule; skipped by -Dfast
class MuleDemoTest {
    private static final Path LOG = Paths.get("target", "mule-demo-test.log").toAbsolutePath();

    static {
        System.setProperty("demo.log", LOG.toString()); // before log4j2 starts
    }

    @Test
    void theDemoAnswersAndLogsEveryMessageMaskedWithMuleIds() throws Exception {
        List<String> answers = MuleDemo.run();

        assertTrue(answers.get(0).startsWith("200 ") && answers.get(0).contains("paid 250.0"), answers.get(0));
        assertTrue(answers.get(1).startsWith("500 ") && answers.get(1).contains("over the limit"), answers.get(1));
        assertTrue(answers.get(2).startsWith("200 stored "), answers.get(2));
        String log = new String(Files.readAllBytes(LOG), StandardCharsets.UTF_8);
        for (String secret : new String[] {"s3cr3t-P@ssw0rd", "DE89370400440532013000", "4111111111111111"}) {
            assertFalse(log.contains(secret), secret);
        }
        // proxy: 2 × (REQ_IN, REQ_OUT, RESP_IN|FAULT_IN, RESP_OUT|FAULT_OUT); backend: 2 × 2; orders: 1
        assertEquals(13, count(log, "org\\.apache\\.cxf\\.services\\.\\S+\\.(REQ|RESP|FAULT)_(IN|OUT) - "), log);
        assertEquals(2, count(log, "\\[payments-proxy [0-9a-f-]{36}\\] org\\.apache\\.cxf\\.services\\.\\S+"
                + "\\.FAULT_(IN|OUT)"), log);
        assertEquals(8, count(log, "\\[SAME PAYLOAD AS "), "each payload is logged once per correlation id");
        assertTrue(log.contains("\n    &lt;gift&gt;\n      &lt;to&gt;Bob&lt;/to&gt;\n"),
                "the escaped XML in the order is re-formatted (and stays escaped)");
        assertTrue(log.contains("FlowName: orders") || log.contains("[orders "), log);
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
