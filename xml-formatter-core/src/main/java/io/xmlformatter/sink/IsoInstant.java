package io.xmlformatter.sink;

import java.time.Instant;

/**
 * Writes an instant exactly as {@link Instant#toString()} does (ISO-8601, UTC, the fraction in groups of three
 * digits), without its formatter: the date and time of day are built once per second and kept.
 */
final class IsoInstant {
    /** The last second written: its epoch second and its text up to the seconds, without the zone. */
    private static volatile Second last = new Second(Long.MIN_VALUE, "");

    private IsoInstant() {
    }

    /** Appends {@code t} as {@link Instant#toString()} would write it. */
    static void append(StringBuilder sb, Instant t) {
        long epochSecond = t.getEpochSecond();
        Second second = last;
        if (second.epochSecond != epochSecond) {
            String whole = Instant.ofEpochSecond(epochSecond).toString();
            second = new Second(epochSecond, whole.substring(0, whole.length() - 1));
            last = second;
        }
        sb.append(second.text);
        int nano = t.getNano();
        if (nano != 0) {
            sb.append('.');
            if (nano % 1_000_000 == 0) {
                digits(sb, nano / 1_000_000, 100);
            } else if (nano % 1000 == 0) {
                digits(sb, nano / 1000, 100_000);
            } else {
                digits(sb, nano, 100_000_000);
            }
        }
        sb.append('Z');
    }

    /** Appends {@code value} zero-padded to as many digits as {@code unit} (its highest digit's place) has. */
    private static void digits(StringBuilder sb, int value, int unit) {
        for (int u = unit; u > 0; u /= 10) {
            sb.append((char) ('0' + value / u % 10));
        }
    }

    private static final class Second {
        final long epochSecond;
        final String text;

        Second(long epochSecond, String text) {
            this.epochSecond = epochSecond;
            this.text = text;
        }
    }
}
