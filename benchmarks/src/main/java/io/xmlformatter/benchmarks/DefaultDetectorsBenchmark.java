package io.xmlformatter.benchmarks;

import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
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
 * What the value detectors on by default (card numbers, IBANs, credentials in URLs) cost a record: one realistic
 * SOAP request ({@link SoapPayloads}: WS-Security, SAML, orders, escaped XML) through the message logger's body rule
 * with the defaults of the Boot starter (pretty, WS-Security, common names), with the default detectors and with
 * {@code masking.detect=none}, in one run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DefaultDetectorsBenchmark {
    /** The request's size in KB. */
    @Param({"1", "6", "50"})
    public int kb;

    /**
     * {@code default}: the detectors on by default; {@code cards-ibans}: without the URL credentials;
     * {@code none}: {@code masking.detect=none}.
     */
    @Param({"default", "cards-ibans", "none"})
    public String detectors;

    private MessageLogger logger;
    private byte[] body;

    @Setup
    public void setUp() {
        logger = MessageLogger.builder().sink(r -> { }).pretty(true)
                .set("masking.detect", detectors.equals("none") ? "none" : detectors.equals("cards-ibans")
                        ? "card-numbers,ibans" : "card-numbers,ibans,url-credentials")
                .build();
        body = SoapPayloads.compact(kb * 1024).getBytes(StandardCharsets.UTF_8);
    }

    /** One request's record: its payload rendered, masked, indented. */
    @Benchmark
    public String record() {
        return logger.render(MessageFacts.of(MessageType.REQ_IN).contentType("text/xml; charset=UTF-8"),
                CapturedBody.of(body)).payload();
    }
}
