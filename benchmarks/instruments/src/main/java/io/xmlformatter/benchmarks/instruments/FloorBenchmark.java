package io.xmlformatter.benchmarks.instruments;

import io.xmlformatter.XmlFormatter;
import io.xmlformatter.benchmarks.SoapPayloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * An instrument, not a user benchmark: how far the engine is from what any formatter with its output could reach on
 * the same payloads (the floor, {@link FloorFormatter}) and from reading every char once (the limit). The set-up
 * fails when the floor does not write what {@code XmlFormatter.builder().indent(2)} writes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class FloorBenchmark {
    /** Input size in KB. */
    @Param({"1", "6", "50"})
    public int kb;

    /** Whether the input is compact or already indented. */
    @Param({"compact", "indented"})
    public String shape;

    private char[] chars;
    private byte[] bytes;
    private final FloorFormatter floor = new FloorFormatter(false, FloorFormatter.Checks.NONE);
    private final FloorFormatter floorWords = new FloorFormatter(true, FloorFormatter.Checks.NONE);
    private final FloorFormatter floorChecked = new FloorFormatter(true, FloorFormatter.Checks.NAMESPACES);

    @Setup
    public void setUp() {
        String xml = shape.equals("compact") ? SoapPayloads.compact(kb * 1024) : SoapPayloads.indented(kb * 1024);
        chars = xml.toCharArray();
        bytes = xml.getBytes(StandardCharsets.UTF_8);
        String expected = XmlFormatter.builder().indent(2).build().format(xml);
        for (FloorFormatter f : new FloorFormatter[] {floor, floorWords, floorChecked}) {
            f.format(bytes);
            if (!f.output().equals(expected) || f.problems() != 0) {
                throw new IllegalStateException("the floor does not write what the engine writes, or finds "
                        + f.problems() + " problems: " + shape + " " + kb);
            }
        }
    }

    /**
     * The limit: a loop that only counts the '<' of the input. A formatter reads every char at least once; this
     * does nothing else.
     */
    @Benchmark
    public int lessThanCount() {
        char[] c = chars;
        int n = 0;
        for (int i = 0; i < c.length; i++) {
            if (c[i] == '<') {
                n++;
            }
        }
        return n;
    }

    /** The floor: a pretty-printer that checks nothing ({@link FloorFormatter}), one byte per step. */
    @Benchmark
    public int floorBytes() {
        return floor.format(bytes);
    }

    /** The floor, scanning text and attribute values eight bytes per step. */
    @Benchmark
    public int floorBytesWordAtATime() {
        return floorWords.format(bytes);
    }

    /** The floor making the engine's checks on well-formed input, eight bytes per step. */
    @Benchmark
    public int floorWithChecksBytesWordAtATime() {
        return floorChecked.format(bytes);
    }
}
