package io.xmlformatter.message;

import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one gate every string of a record other than its payload passes — the ids, the operation, the SOAPAction,
 * the content type, header names and values, attributes, what a whole exchange's record reads from its payloads —
 * on its way to any output form (a layout, the MDC, a document): what could hold a credential is masked as in an
 * address ({@link ParameterMasker#maskField}; the address itself is masked by {@link ParameterMasker#maskAddress}
 * before), line breaks and other control characters become visible escapes (a line feed as backslash and {@code n}, NEL as
 * backslash, {@code u} and its four hex digits), so that
 * one request cannot write what reads as another record, and its length is bounded (ids at {@link #MAX_ID} chars,
 * the rest at {@link #MAX_TEXT}), cut with the engine's marker. Cleaning is idempotent. Immutable and thread-safe.
 */
final class RecordFields {
    /** The most chars of an id (exchange, correlation, message, RelatesTo) a record or the MDC carries. */
    static final int MAX_ID = 128;
    /** The most chars of any other field, a header value or the address. */
    static final int MAX_TEXT = 2048;

    private final ParameterMasker parameters;
    /** Whether value detectors run (then every field is read by them, whatever it holds). */
    private final boolean detectors;

    RecordFields(ParameterMasker parameters, boolean detectors) {
        this.parameters = parameters;
        this.detectors = detectors;
    }

    /** An id as a record, the MDC and a propagated header carry it: masked, escaped, bounded; null stays null. */
    String id(String v) {
        return v == null ? null : clean(v, MAX_ID, true, null);
    }

    /** {@code r} with every field but the payload cleaned; {@code r} itself when that changes nothing. */
    LogRecord clean(LogRecord r) {
        int[] masked = {0};
        String exchangeId = clean(r.exchangeId(), MAX_ID, true, masked);
        String correlationId = clean(r.correlationId(), MAX_ID, true, masked);
        String traceId = clean(r.traceId(), MAX_ID, true, masked);
        String spanId = clean(r.spanId(), MAX_ID, true, masked);
        String messageId = clean(r.messageId(), MAX_ID, true, masked);
        String relatesTo = clean(r.relatesTo(), MAX_ID, true, masked);
        String address = clean(r.address(), MAX_TEXT, false, masked);
        String httpMethod = clean(r.httpMethod(), MAX_ID, true, masked);
        String contentType = clean(r.contentType(), MAX_TEXT, true, masked);
        String encoding = clean(r.encoding(), MAX_ID, true, masked);
        String principal = clean(r.principal(), MAX_TEXT, true, masked);
        String service = clean(r.service(), MAX_TEXT, true, masked);
        String port = clean(r.port(), MAX_TEXT, true, masked);
        String portType = clean(r.portType(), MAX_TEXT, true, masked);
        String operation = clean(r.operation(), MAX_TEXT, true, masked);
        String soapAction = clean(r.soapAction(), MAX_TEXT, true, masked);
        String action = clean(r.action(), MAX_TEXT, true, masked);
        String faultCode = clean(r.faultCode(), MAX_TEXT, true, masked);
        String faultString = clean(r.faultString(), MAX_TEXT, true, masked);
        Map<String, List<String>> headers = headers(r.headers(), masked);
        Map<String, String> attributes = attributes(r.attributes(), masked);
        boolean same = Objects.equals(exchangeId, r.exchangeId()) && Objects.equals(correlationId, r.correlationId()) && Objects.equals(traceId, r.traceId())
                && Objects.equals(spanId, r.spanId()) && Objects.equals(messageId, r.messageId()) && Objects.equals(relatesTo, r.relatesTo())
                && Objects.equals(address, r.address()) && Objects.equals(httpMethod, r.httpMethod()) && Objects.equals(contentType, r.contentType())
                && Objects.equals(encoding, r.encoding()) && Objects.equals(principal, r.principal()) && Objects.equals(service, r.service())
                && Objects.equals(port, r.port()) && Objects.equals(portType, r.portType()) && Objects.equals(operation, r.operation())
                && Objects.equals(soapAction, r.soapAction()) && Objects.equals(action, r.action()) && Objects.equals(faultCode, r.faultCode())
                && Objects.equals(faultString, r.faultString()) && headers == null && attributes == null;
        if (same) {
            return r;
        }
        LogRecord.Builder b = r.toBuilder().exchangeId(exchangeId).correlationId(correlationId).traceId(traceId)
                .spanId(spanId).messageId(messageId).relatesTo(relatesTo).address(address).httpMethod(httpMethod)
                .contentType(contentType).encoding(encoding).principal(principal).service(service).port(port)
                .portType(portType).operation(operation).soapAction(soapAction).action(action).faultCode(faultCode)
                .faultString(faultString).addMaskedCount(masked[0]);
        if (headers != null) {
            b.clearHeaders();
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                b.header(h.getKey(), h.getValue());
            }
        }
        if (attributes != null) {
            b.clearAttributes();
            for (Map.Entry<String, String> a : attributes.entrySet()) {
                b.attribute(a.getKey(), a.getValue());
            }
        }
        return b.build();
    }

    /** The headers cleaned (names escaped and bounded, values masked too), or null when that changes nothing. */
    private Map<String, List<String>> headers(Map<String, List<String>> headers, int[] masked) {
        Map<String, List<String>> cleaned = null;
        int at = 0;
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            String name = clean(h.getKey(), MAX_ID, false, masked);
            List<String> values = null;
            for (int i = 0; i < h.getValue().size(); i++) {
                String v = h.getValue().get(i);
                String c = clean(v, MAX_TEXT, true, masked);
                if (!Objects.equals(c, v) && values == null) {
                    values = new ArrayList<>(h.getValue().subList(0, i));
                }
                if (values != null) {
                    values.add(c);
                }
            }
            if (cleaned == null && (!name.equals(h.getKey()) || values != null)) {
                cleaned = new LinkedHashMap<>();
                int k = 0;
                for (Map.Entry<String, List<String>> before : headers.entrySet()) {
                    if (k++ == at) {
                        break;
                    }
                    cleaned.put(before.getKey(), before.getValue());
                }
            }
            if (cleaned != null) {
                cleaned.put(name, values != null ? values : h.getValue());
            }
            at++;
        }
        return cleaned;
    }

    /** The attributes cleaned (names escaped and bounded, values masked too), or null when that changes nothing. */
    private Map<String, String> attributes(Map<String, String> attributes, int[] masked) {
        boolean changed = false;
        Map<String, String> cleaned = new LinkedHashMap<>();
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            String name = clean(a.getKey(), MAX_ID, false, masked);
            String value = clean(a.getValue(), MAX_TEXT, true, masked);
            changed |= !name.equals(a.getKey()) || !Objects.equals(value, a.getValue());
            cleaned.put(name, value);
        }
        return changed ? cleaned : null;
    }

    /**
     * {@code v} masked (when {@code mask}), escaped and bounded at {@code max} chars; {@code v} itself when that
     * changes nothing. Counts masks into {@code masked} (null: not counted).
     */
    private String clean(String v, int max, boolean mask, int[] masked) {
        if (v == null) {
            return null;
        }
        String s = v;
        if (mask && (detectors || mayHoldCredential(s))) {
            StringBuilder out = new StringBuilder(s.length() + 8);
            int n = parameters.maskField(s, out);
            if (n > 0) {
                s = out.toString();
                if (masked != null) {
                    masked[0] += n;
                }
            }
        }
        if (needsEscape(s)) {
            s = escaped(s);
        }
        return s.length() > max ? bounded(s, max) : s;
    }

    /** Whether masking as in an address could change {@code s}: it holds a pair, a scheme or an escape. */
    private static boolean mayHoldCredential(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '=' || c == ':' || c == '/' || c == '%' || c == '@') {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code c} is written as an escape: C0 and C1 controls (NEL among them), DEL, the line and paragraph
     * separators, and the bidirectional overrides and isolates (which make text read in another order).
     */
    static boolean escapes(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    private static boolean needsEscape(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (escapes(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code s} with each char {@link #escapes} names written as an escape: CR, LF and tab as a backslash and
     * {@code r}, {@code n}, {@code t}, the others as a backslash, {@code u} and four hex digits.
     */
    static String escaped(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!escapes(c)) {
                out.append(c);
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\t') {
                out.append("\\t");
            } else {
                out.append("\\u").append(Character.forDigit(c >> 12, 16)).append(Character.forDigit(c >> 8 & 0xF, 16))
                        .append(Character.forDigit(c >> 4 & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
            }
        }
        return out.toString();
    }

    /** {@code s} cut so that it and the engine's marker take at most {@code max} chars (so cutting again keeps it). */
    static String bounded(String s, int max) {
        String marker = XmlFormatter.DEFAULT_TRUNCATION_MARKER.replace("{n}", Integer.toString(s.length()));
        int keep = Math.max(0, max - marker.length());
        if (keep > 0 && Character.isHighSurrogate(s.charAt(keep - 1))) {
            keep--;
        }
        return s.substring(0, keep) + XmlFormatter.DEFAULT_TRUNCATION_MARKER.replace("{n}",
                Integer.toString(s.length() - keep));
    }
}
