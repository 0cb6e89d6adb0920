package io.xmlformatter.sink;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The layouts' timestamps are written as {@link Instant#toString()} writes them. */
class IsoInstantTest {
    @Test
    void writesWhatInstantToStringWrites() {
        long[] seconds = {0, 1, -1, 59, 86_399, 86_400, 951_782_400 /* 2000-02-29 */, 1_795_000_000L,
            253_402_300_799L /* 9999-12-31T23:59:59 */, 253_402_300_800L /* +10000 */, -62_167_219_200L /* 0000 */,
            -62_167_219_201L /* -0001 */};
        int[] nanos = {0, 1, 7, 999, 1000, 1_000_000, 120_000_000, 123_456_000, 123_456_789, 999_999_999,
            5_000, 50_000_000};
        for (long s : seconds) {
            for (int n : nanos) {
                Instant t = Instant.ofEpochSecond(s, n);
                StringBuilder sb = new StringBuilder("x");
                IsoInstant.append(sb, t);
                assertEquals("x" + t, sb.toString());
            }
        }
    }

    @Test
    void theKeptSecondIsNotReusedForAnother() {
        StringBuilder sb = new StringBuilder();
        IsoInstant.append(sb, Instant.parse("2026-11-24T01:30:00.5Z"));
        IsoInstant.append(sb.append(' '), Instant.parse("2026-11-24T01:30:01Z"));
        IsoInstant.append(sb.append(' '), Instant.parse("2026-11-24T01:30:00Z"));
        assertEquals("2026-11-24T01:30:00.500Z 2026-11-24T01:30:01Z 2026-11-24T01:30:00Z", sb.toString());
    }
}
