package io.xmlformatter.message;

import io.xmlformatter.NameWords;
import io.xmlformatter.record.LogRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Masks protocol header values by name, ignoring case (HTTP/2 sends {@code authorization}), with defaults on top
 * of what is configured; with value detectors, what they find in the other values too ({@link DetectedValues}).
 * Immutable and thread-safe.
 */
final class HeaderMasker {
    /** Always masked: credentials and session tokens. */
    static final List<String> DEFAULTS = Collections.unmodifiableList(Arrays.asList("Authorization",
            "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "Api-Key", "X-Auth-Token",
            "X-Amz-Security-Token"));

    private final Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    private final Masks masks;
    /** The value detectors, or null. */
    private final DetectedValues values;
    /** Headers whose names hold these as words are masked too ({@code X-Api-Key}), or null. */
    private final NameWords words;

    HeaderMasker(Collection<String> configured, Masks masks, DetectedValues values, NameWords words) {
        names.addAll(DEFAULTS);
        names.addAll(configured);
        this.masks = masks;
        this.values = values;
        this.words = words;
    }

    /** Whether the value of {@code header} is masked. */
    boolean masks(String header) {
        return header != null && (names.contains(header.trim()) || (words != null && words.holds(header)));
    }

    /**
     * Adds the headers to the record, values of sensitive ones replaced by the mask; counts the masks. The others are
     * masked with the record's other fields ({@link RecordFields}).
     */
    void describe(Map<String, List<String>> headers, LogRecord.Builder b) {
        int masked = 0;
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (masks(e.getKey())) {
                List<String> shown = new ArrayList<>(Math.max(1, e.getValue().size()));
                for (String v : e.getValue().isEmpty() ? Collections.singletonList("") : e.getValue()) {
                    StringBuilder out = new StringBuilder();
                    masks.write(v == null ? "" : v, out);
                    shown.add(out.toString());
                }
                b.header(e.getKey(), shown);
                masked++;
            } else { // the other values are masked as every field is (RecordFields)
                b.header(e.getKey(), e.getValue());
            }
        }
        b.addMaskedCount(masked);
    }

    /**
     * Appends the value of {@code header} as it is logged: the mask for a sensitive header, else the value with
     * what the value detectors find in it masked. Returns how many masks it wrote.
     */
    int appendValue(String header, String value, StringBuilder out) {
        if (masks(header)) {
            masks.write(value == null ? "" : value, out);
            return 1;
        }
        if (value == null) {
            return 0;
        }
        if (values == null) {
            out.append(value);
            return 0;
        }
        return values.append(value, 0, value.length(), false, out);
    }
}
