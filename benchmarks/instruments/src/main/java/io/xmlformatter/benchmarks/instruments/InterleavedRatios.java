package io.xmlformatter.benchmarks.instruments;

import io.xmlformatter.FormatBuffer;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.benchmarks.SoapPayloads;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The speed ratios of issue 17, measured so that a shared machine's noise cancels: in one JVM, every
 * configuration runs for a short slice in turn, round after round, and each round gives each configuration's
 * speed relative to plain pretty-printing (char[]) measured next to it; the table shows the median ratio over the
 * rounds with its lowest and highest quartile. JMH's FormatBenchmark gives absolute speeds; on this machine its
 * cells move by ±50% between forks, so ratios taken across its cells mean little.
 *
 * <pre>java -cp benchmarks/instruments/target/instruments.jar io.xmlformatter.benchmarks.instruments.InterleavedRatios [rounds] [slice ms]
 *     [shapes, e.g. compact,indented] [sizes in KB, e.g. 1,2,6,21,50]</pre>
 *
 * Code the JIT compiled for one size can slow another size down several times in the same JVM, so for figures per
 * size run one shape and one size per JVM.
 *
 * Also prints the allocation per call (the thread's allocated bytes over many calls) for each configuration.
 */
public final class InterleavedRatios {
    private static final String[] NAMES = {"limit: count '<'", "plain (char[])", "plain (UTF-8 byte[])",
        "preset + cap (char[])", "preset + cap (byte[])", "path rules (char[])", "preset + embedded XML (char[])",
        "preset + cap + value detectors (char[])", "preset + cap + e-mail detector (char[])"};
    private static final int PLAIN = 1;

    private InterleavedRatios() {
    }

    /** Runs the given sizes and shapes (every size, compact and indented, by default) and prints the tables. */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int sliceMs = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        String[] shapes = (args.length > 2 ? args[2] : "compact,indented").split(",", -1);
        int[] sizes = Arrays.stream((args.length > 3 ? args[3] : "1,2,6,21,50").split(",", -1))
                .mapToInt(Integer::parseInt).toArray();
        System.out.println("Median ratio of operations per second to plain (char[]) in the same round, with the"
                + " quartiles; " + rounds + " rounds of " + sliceMs + " ms slices; JDK "
                + System.getProperty("java.version"));
        for (String shape : shapes) {
            System.out.println();
            System.out.println("| " + shape + " | " + String.join(" | ", NAMES) + " |");
            System.out.println("|---|" + String.join("", java.util.Collections.nCopies(NAMES.length, "---:|")));
            List<String> alloc = new ArrayList<>();
            for (int kb : sizes) {
                String xml = shape.equals("compact") ? SoapPayloads.compact(kb * 1024) : SoapPayloads.indented(kb * 1024);
                IntSupplier[] tasks = tasks(xml);
                double[][] ratios = ratios(tasks, rounds, sliceMs);
                StringBuilder row = new StringBuilder("| " + kb + " KB |");
                for (int t = 0; t < tasks.length; t++) {
                    double[] r = ratios[t];
                    Arrays.sort(r);
                    row.append(String.format(" %.2f (%.2f–%.2f) |", r[r.length / 2], r[r.length / 4],
                            r[r.length * 3 / 4]));
                }
                System.out.println(row);
                StringBuilder a = new StringBuilder("| " + kb + " KB |");
                for (IntSupplier task : tasks) {
                    a.append(String.format(" %,d |", allocatedPerCall(task)));
                }
                alloc.add(a.toString());
            }
            System.out.println();
            System.out.println("Bytes allocated per call (" + shape + "):");
            System.out.println();
            System.out.println("| " + shape + " | " + String.join(" | ", NAMES) + " |");
            System.out.println("|---|" + String.join("", java.util.Collections.nCopies(NAMES.length, "---:|")));
            alloc.forEach(System.out::println);
        }
        printChecksum();
    }

    /** Prints the sum of every result, so that no call can be optimised away. */
    static void printChecksum() {
        System.err.println("(checksum of the results, so no call is optimised away: " + sink + ")");
    }

    private static IntSupplier[] tasks(String xml) {
        char[] chars = xml.toCharArray();
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        FormatBuffer out = new FormatBuffer(1 << 18);
        XmlFormatter plain = XmlFormatter.builder().indent(2).build();
        XmlFormatter preset = XmlFormatter.builder().wsSecurity().maxTextLength(1024).maxCdataLength(1024).indent(2)
                .build();
        XmlFormatter paths = XmlFormatter.builder().anonymize("//Username", "//Password").indent(2).build();
        XmlFormatter embedded = XmlFormatter.builder().wsSecurity().embeddedXml(true).indent(2).build();
        XmlFormatter detecting = XmlFormatter.builder().wsSecurity().maxTextLength(1024).maxCdataLength(1024)
                .detect(ValueDetector.cardNumbers(), ValueDetector.ibans(), ValueDetector.emailAddresses()).indent(2)
                .build();
        // The payloads hold no '@': every value is screened, no detector runs (what the screen alone costs).
        XmlFormatter screening = XmlFormatter.builder().wsSecurity().maxTextLength(1024).maxCdataLength(1024)
                .detect(ValueDetector.emailAddresses()).indent(2).build();
        return new IntSupplier[] {
            () -> {
                int n = 0;
                for (char c : chars) {
                    if (c == '<') {
                        n++;
                    }
                }
                return n;
            },
            () -> run(plain, chars, out),
            () -> run(plain, bytes, out),
            () -> run(preset, chars, out),
            () -> run(preset, bytes, out),
            () -> run(paths, chars, out),
            () -> run(embedded, chars, out),
            () -> run(detecting, chars, out),
            () -> run(screening, chars, out),
        };
    }

    private static int run(XmlFormatter f, char[] in, FormatBuffer out) {
        out.clear();
        return f.format(in, 0, in.length, out).outputLength();
    }

    private static int run(XmlFormatter f, byte[] in, FormatBuffer out) {
        out.clear();
        return f.format(in, 0, in.length, out).outputLength();
    }

    /** Per task, the ratio of its speed to plain's in each round. */
    private static double[][] ratios(IntSupplier[] tasks, int rounds, int sliceMs) {
        double[][] speed = measure(tasks, rounds, sliceMs);
        double[][] ratios = new double[tasks.length][rounds];
        for (int t = 0; t < tasks.length; t++) {
            for (int r = 0; r < rounds; r++) {
                ratios[t][r] = speed[t][r] / speed[PLAIN][r];
            }
        }
        return ratios;
    }

    /**
     * Per task, its calls per second in each round. First every task runs in turn for 2 s in all (so the JIT
     * compiles the code with every task's profile, as it stays); then each round runs every task for one slice,
     * in an order that changes from round to round.
     */
    static double[][] measure(IntSupplier[] tasks, int rounds, int sliceMs) {
        for (int warm = 0; warm < 20; warm++) {
            for (IntSupplier task : tasks) {
                opsPerSecond(task, 2_000_000_000L / 20 / tasks.length);
            }
        }
        double[][] speed = new double[tasks.length][rounds];
        long sliceNanos = sliceMs * 1_000_000L;
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < tasks.length; k++) {
                int t = (k + round) % tasks.length;
                speed[t][round] = opsPerSecond(tasks[t], sliceNanos);
            }
        }
        return speed;
    }

    /** Every result is added here, so no call is optimised away. */
    private static int sink;

    /** Calls {@code task} for {@code nanos} and returns its calls per second. */
    static double opsPerSecond(IntSupplier task, long nanos) {
        long start = System.nanoTime();
        long end = start + nanos;
        long ops = 0;
        long now;
        do {
            for (int i = 0; i < 8; i++) {
                sink += task.getAsInt();
            }
            ops += 8;
            now = System.nanoTime();
        } while (now < end);
        return ops * 1e9 / (now - start);
    }

    private static long allocatedPerCall(IntSupplier task) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int calls = 2000;
        long before = bean.getThreadAllocatedBytes(id);
        for (int i = 0; i < calls; i++) {
            sink += task.getAsInt();
        }
        return (bean.getThreadAllocatedBytes(id) - before) / calls;
    }
}
