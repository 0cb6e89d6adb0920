package io.xmlformatter.benchmarks.instruments;

import io.xmlformatter.benchmarks.SoapPayloads;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.function.IntSupplier;

/**
 * Two builds of the engine in one JVM, each core jar in its own class loader, run in interleaved slices round
 * after round: the median ratio of the second build's speed to the first's, per configuration and size. A shared
 * machine's noise hits both builds alike, which separate JMH runs cannot promise.
 *
 * <pre>java -cp benchmarks/instruments/target/instruments.jar io.xmlformatter.benchmarks.instruments.EngineBeforeAfter \
 *     before/xml-formatter-core/target/xml-formatter-core-0.2.0-SNAPSHOT.jar \
 *     xml-formatter-core/target/xml-formatter-core-0.2.0-SNAPSHOT.jar [rounds] [slice ms] [shapes] [sizes]</pre>
 *
 * <p>Shapes are {@code compact,indented} and sizes {@code 1,6,50} (KB) unless given. Code the JIT compiled for
 * one size can run another several times slower in the same JVM (seen with 6 KB after 1 KB, for both builds),
 * so for figures to quote, run one shape and size per JVM.</p>
 */
public final class EngineBeforeAfter {
    static final String[] CONFIGS = {"plain (char[])", "plain (UTF-8 byte[])", "preset + cap (char[])",
        "preset + cap (byte[])"};

    private EngineBeforeAfter() {
    }

    /** Prints one Markdown table per input shape. */
    public static void main(String[] args) throws Throwable {
        Build before = new Build(args[0]);
        Build after = new Build(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int slice = args.length > 3 ? Integer.parseInt(args[3]) : 40;
        System.out.println("Median ratio after / before of operations per second in the same round (quartiles); "
                + rounds + " rounds; JDK " + System.getProperty("java.version"));
        String[] shapes = (args.length > 4 ? args[4] : "compact,indented").split(",", -1);
        int[] sizes = Arrays.stream((args.length > 5 ? args[5] : "1,6,50").split(",", -1)).mapToInt(Integer::parseInt)
                .toArray();
        for (String shape : shapes) {
            System.out.println();
            System.out.println("| " + shape + " | " + String.join(" | ", CONFIGS) + " |");
            System.out.println("|---|" + String.join("", java.util.Collections.nCopies(CONFIGS.length, "---:|")));
            for (int kb : sizes) {
                String xml = shape.equals("compact") ? SoapPayloads.compact(kb * 1024) : SoapPayloads.indented(kb * 1024);
                StringBuilder row = new StringBuilder("| " + kb + " KB |");
                IntSupplier[] tasks = new IntSupplier[CONFIGS.length * 2]; // before, after, before, after, ...
                for (int c = 0; c < CONFIGS.length; c++) {
                    tasks[2 * c] = before.task(c, xml);
                    tasks[2 * c + 1] = after.task(c, xml);
                }
                double[][] speeds = InterleavedRatios.measure(tasks, rounds, slice);
                for (int c = 0; c < CONFIGS.length; c++) {
                    double[] ratio = new double[rounds];
                    for (int r = 0; r < rounds; r++) {
                        ratio[r] = speeds[2 * c + 1][r] / speeds[2 * c][r];
                    }
                    Arrays.sort(ratio);
                    row.append(String.format(" %.2f (%.2f–%.2f) |", ratio[rounds / 2], ratio[rounds / 4],
                            ratio[rounds * 3 / 4]));
                }
                System.out.println(row);
            }
        }
        InterleavedRatios.printChecksum();
    }

    /** One build of the core jar, in its own class loader. */
    static final class Build {
        private final MethodHandle builder;
        private final Class<?> builderClass;
        private final Class<?> formatter;
        private final Class<?> buffer;
        private final ClassLoader loader;

        Build(String jar) throws Exception {
            loader = new URLClassLoader(new URL[] {Paths.get(jar).toUri().toURL()}, null);
            formatter = loader.loadClass("io.xmlformatter.XmlFormatter");
            builderClass = loader.loadClass("io.xmlformatter.XmlFormatter$Builder");
            buffer = loader.loadClass("io.xmlformatter.FormatBuffer");
            builder = MethodHandles.publicLookup().findStatic(formatter, "builder", MethodType.methodType(builderClass));
        }

        private Object call(Object target, String name, Object... args) throws Exception {
            for (java.lang.reflect.Method m : builderClass.getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == args.length
                        && (args.length == 0 || m.getParameterTypes()[0] == int.class)) {
                    return m.invoke(target, args);
                }
            }
            throw new NoSuchMethodException(name);
        }

        IntSupplier task(int config, String xml) throws Throwable {
            Object b = builder.invoke();
            if (config >= 2) {
                call(b, "wsSecurity");
                call(b, "maxTextLength", 1024);
                call(b, "maxCdataLength", 1024);
            }
            call(b, "indent", 2);
            Object f = call(b, "build");
            Object out = buffer.getConstructor(int.class).newInstance(1 << 18);
            MethodHandle clear = MethodHandles.publicLookup().findVirtual(buffer, "clear", MethodType.methodType(void.class))
                    .bindTo(out);
            Class<?> result = loader.loadClass("io.xmlformatter.FormatResult");
            MethodHandle length = MethodHandles.publicLookup().findVirtual(result, "outputLength",
                    MethodType.methodType(int.class));
            boolean bytes = config % 2 == 1;
            Class<?> array = bytes ? byte[].class : char[].class;
            MethodHandle format = MethodHandles.publicLookup().findVirtual(formatter, "format",
                    MethodType.methodType(result, array, int.class, int.class, buffer)).bindTo(f);
            Object input = bytes ? xml.getBytes(StandardCharsets.UTF_8) : xml.toCharArray();
            int n = bytes ? ((byte[]) input).length : ((char[]) input).length;
            MethodHandle call = MethodHandles.filterReturnValue(
                    MethodHandles.insertArguments(format, 0, input, 0, n, out), length);
            return () -> {
                try {
                    clear.invokeExact();
                    return (int) call.invoke();
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            };
        }
    }
}
