package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What one body costs is bounded by the limit, whatever its shape: deep nesting of JSON or XML, pretty or not, at
 * every size up to the limit (finding: 48 KiB of nested JSON arrays, pretty, ran the reshaper out of a 2 GiB heap —
 * its indentation grew with depth and the output was cut only after it was built).
 */
class BoundedRenderingTest {
    private static final int LIMIT = 48 * 1024;
    /** Allocation per call allowed, per byte of the limit: the copies a body takes on its way, none per level. */
    private static final int BYTES_PER_LIMIT_BYTE = 40;

    private final List<LogRecord> records = new ArrayList<>();
    private final MessageLogger pretty = MessageLogger.builder().sink(records::add).pretty(true).limit(LIMIT)
            .sensitiveElementNames(java.util.Collections.singleton("password")).build();
    private final MessageLogger asWritten = pretty.toBuilder().pretty(false).build();

    /** Bodies of {@code n} bytes or about, by shape. */
    private static final String[] SHAPES = {"arrays", "objects", "mixed", "xml"};

    private static String body(String shape, int n) {
        IntFunction<String> nest;
        switch (shape) {
            case "arrays":
                nest = d -> repeat("[", d) + repeat("]", d);
                break;
            case "objects":
                nest = d -> repeat("{\"a\":", d) + "1" + repeat("}", d);
                break;
            case "mixed":
                nest = d -> repeat("[{\"password\":\"x\",\"b\":", d) + "0" + repeat("}]", d);
                break;
            default:
                nest = d -> repeat("<a>", d) + repeat("</a>", d);
        }
        int unit = nest.apply(1).length();
        return nest.apply(Math.max(1, n / unit));
    }

    private static String repeat(String s, int times) {
        StringBuilder b = new StringBuilder(s.length() * times);
        for (int i = 0; i < times; i++) {
            b.append(s);
        }
        return b.toString();
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void deeplyNestedJsonWithinTheLimitIsLoggedPrettyInBoundedMemory() {
        String body = body("arrays", LIMIT - 16);
        LogRecord r = OneMessage.log(pretty, records, "http://127.0.0.1/svc", "application/json", body);
        assertTrue(r.payload().length() <= LIMIT + 512, () -> "cut at the limit: " + r.payload().length());
        assertTrue(r.payload().startsWith("[\n  [\n    [\n"), "indented");
        assertTrue(r.truncated(), "the cut is marked");
        String deepest = "\n" + repeat(" ", 2 * io.xmlformatter.XmlFormatter.DEFAULT_MAX_INDENT_LEVEL) + "[";
        assertTrue(r.payload().contains(deepest), "indentation grows to the engine's level");
        assertTrue(!r.payload().contains(deepest.replace("\n", "\n ")), "and no further");
    }

    @Test
    void everyShapeAndSizeUpToTheLimitCostsAtMostAMultipleOfTheLimit() {
        for (MessageLogger logger : new MessageLogger[] {pretty, asWritten}) {
            for (String shape : SHAPES) {
                String contentType = "xml".equals(shape) ? "text/xml" : "application/json";
                for (int n = 1; n <= LIMIT; n = n < 64 ? n + 7 : n * 3 / 2) {
                    check(logger, shape, contentType, n);
                }
                check(logger, shape, contentType, LIMIT);
            }
        }
    }

    private void check(MessageLogger logger, String shape, String contentType, int n) {
        String body = body(shape, n);
        OneMessage.log(logger, records, "http://127.0.0.1/svc", contentType, body); // warm
        long before = allocatedByThisThread();
        LogRecord r = OneMessage.log(logger, records, "http://127.0.0.1/svc", contentType, body);
        long allocated = allocatedByThisThread() - before;
        assertTrue(allocated <= (long) BYTES_PER_LIMIT_BYTE * LIMIT, () -> shape + " of " + body.length()
                + " bytes allocated " + allocated + " bytes");
        assertTrue(r.payload().length() <= LIMIT + 512, () -> shape + " of " + n + ": " + r.payload().length());
        if (shape.equals("mixed")) {
            assertEquals(-1, r.payload().indexOf("\"x\""), "masked at every depth");
        }
    }
}
