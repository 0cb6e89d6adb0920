package io.xmlformatter;

import java.util.Arrays;

/**
 * The ranges of a value that {@link ValueDetector}s marked to be masked. Reused from value to value; not
 * thread-safe.
 */
@Experimental
public final class Detections {
    private int[] ranges = new int[16];
    private int count;

    Detections() {
    }

    /** Marks {@code [start, end)} of the value being read to be masked; an empty range marks nothing. */
    public void mask(int start, int end) {
        if (start >= end) {
            return;
        }
        if (2 * count + 2 > ranges.length) {
            ranges = Arrays.copyOf(ranges, ranges.length * 2);
        }
        ranges[2 * count] = start;
        ranges[2 * count + 1] = end;
        count++;
    }

    /** Forgets every range, for the next value. */
    void clear() {
        count = 0;
    }

    /** The number of ranges, after {@link #merge()}. */
    int count() {
        return count;
    }

    int start(int i) {
        return ranges[2 * i];
    }

    int end(int i) {
        return ranges[2 * i + 1];
    }

    /** Sorts the ranges and joins those that overlap or touch, so each char is masked once. */
    void merge() {
        if (count < 2) {
            return;
        }
        for (int i = 1; i < count; i++) { // insertion sort by start: a value holds few secrets
            int s = ranges[2 * i];
            int e = ranges[2 * i + 1];
            int j = i - 1;
            while (j >= 0 && ranges[2 * j] > s) {
                ranges[2 * j + 2] = ranges[2 * j];
                ranges[2 * j + 3] = ranges[2 * j + 1];
                j--;
            }
            ranges[2 * j + 2] = s;
            ranges[2 * j + 3] = e;
        }
        int w = 0;
        for (int i = 1; i < count; i++) {
            if (ranges[2 * i] <= ranges[2 * w + 1]) {
                ranges[2 * w + 1] = Math.max(ranges[2 * w + 1], ranges[2 * i + 1]);
            } else {
                w++;
                ranges[2 * w] = ranges[2 * i];
                ranges[2 * w + 1] = ranges[2 * i + 1];
            }
        }
        count = w + 1;
    }
}
