package io.xmlformatter.message;

import io.xmlformatter.log.LogRecord;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Masks protocol header values by name, ignoring case (HTTP/2 sends {@code authorization}), with defaults on top
 * of what is configured. Immutable and thread-safe.
 */
public final class HeaderMasker {
    /** Always masked: credentials and session tokens. */
    public static final List<String> DEFAULTS = Collections.unmodifiableList(Arrays.asList("Authorization",
            "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "Api-Key", "X-Auth-Token",
            "X-Amz-Security-Token"));

    private final Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    private final String mask;

    /** Masks the defaults and {@code configured} with {@code mask}. */
    public HeaderMasker(Collection<String> configured, String mask) {
        names.addAll(DEFAULTS);
        names.addAll(configured);
        this.mask = mask;
    }

    /** Whether the value of {@code header} is masked. */
    public boolean masks(String header) {
        return header != null && names.contains(header.trim());
    }

    /** Adds the headers to the record, values of sensitive ones replaced by the mask; counts the masks. */
    void describe(Map<String, List<String>> headers, LogRecord.Builder b) {
        int masked = 0;
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (masks(e.getKey())) {
                b.header(e.getKey(), Collections.nCopies(Math.max(1, e.getValue().size()), mask));
                masked++;
            } else {
                b.header(e.getKey(), e.getValue());
            }
        }
        b.addMaskedCount(masked);
    }

    /** Masks a map of single header values in place (CXF's LogEvent holds them that way). */
    public void maskInPlace(Map<String, String> headers) {
        for (Map.Entry<String, String> e : headers.entrySet()) {
            if (masks(e.getKey())) {
                e.setValue(mask);
            }
        }
    }
}
