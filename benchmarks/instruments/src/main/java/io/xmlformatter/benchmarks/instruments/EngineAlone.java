package io.xmlformatter.benchmarks.instruments;

import io.xmlformatter.benchmarks.SoapPayloads;
import java.nio.charset.StandardCharsets;
import java.util.function.IntSupplier;

/**
 * One build of the engine, one configuration and one payload, alone in a JVM: nanoseconds per call after a
 * warm-up. {@link EngineBeforeAfter} runs two builds and four configurations in one JVM, where code that serves
 * several kinds of input (the older engine's input over bytes and chars alike) is compiled for all of them. A JVM
 * that formats one kind of input is what a deployment runs and what JMH's forks measure, so compare builds this
 * way too, in turn and several times:
 *
 * <pre>for i in 1 2 3; do for jar in BEFORE.jar AFTER.jar; do
 *   java -Xms1g -Xmx1g -cp benchmarks/instruments/target/instruments.jar io.xmlformatter.benchmarks.instruments.EngineAlone $jar 0 compact 1 5
 * done; done</pre>
 *
 * <p>Arguments: the core jar (or {@code floor[-words][:CHECKS]}: {@link FloorFormatter} over the UTF-8 bytes, which
 * ignores the configuration), the configuration (0 plain char[], 1 plain UTF-8 byte[], 2 preset + cap char[],
 * 3 preset + cap byte[], as in {@link EngineBeforeAfter}), the shape ({@code compact} or {@code indented}), the
 * size in KB and the seconds measured (after as long again of warm-up).</p>
 */
public final class EngineAlone {
    private static int sink;

    private EngineAlone() {
    }

    /** Prints one line: the configuration, the payload and the time per call. */
    public static void main(String[] args) throws Throwable {
        int config = Integer.parseInt(args[1]);
        String shape = args[2];
        int kb = Integer.parseInt(args[3]);
        long nanos = Long.parseLong(args[4]) * 1_000_000_000L;
        String xml = shape.equals("compact") ? SoapPayloads.compact(kb * 1024) : SoapPayloads.indented(kb * 1024);
        boolean isFloor = args[0].startsWith("floor");
        IntSupplier task = isFloor ? floor(args[0], xml) : new EngineBeforeAfter.Build(args[0]).task(config, xml);
        calls(task, nanos);
        long start = System.nanoTime();
        long n = calls(task, nanos);
        double perCall = (System.nanoTime() - start) / (double) n;
        String what = isFloor ? "floor (UTF-8 byte[])" : EngineBeforeAfter.CONFIGS[config];
        System.out.printf("%s, %s %d KB: %.0f ns per call (%s)%n", what, shape, kb, perCall, args[0]);
        System.err.println("(checksum of the results, so no call is optimised away: " + sink + ")");
    }

    /**
     * The floor ({@link FloorFormatter}) over the payload's UTF-8 bytes: {@code floor} one byte per step,
     * {@code floor-words} eight; a suffix {@code :CHECKS} names the checks it makes ({@link FloorFormatter.Checks}).
     */
    private static IntSupplier floor(String which, String xml) {
        String[] parts = which.split(":", 2);
        FloorFormatter floor = new FloorFormatter(parts[0].equals("floor-words"),
                parts.length > 1 ? FloorFormatter.Checks.valueOf(parts[1]) : FloorFormatter.Checks.NONE);
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        return () -> floor.format(bytes);
    }

    /** Calls {@code task} in batches for about {@code nanos}; returns the number of calls. */
    private static long calls(IntSupplier task, long nanos) {
        long end = System.nanoTime() + nanos;
        long n = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                sink += task.getAsInt();
            }
            n += 1000;
        }
        return n;
    }
}
