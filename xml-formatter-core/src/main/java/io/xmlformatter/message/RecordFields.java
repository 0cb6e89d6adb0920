package io.xmlformatter.message;

import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one gate every string of a record other than its payload passes — the ids, the operation, the SOAPAction,
 * the content type, header names and values, attributes, what a whole exchange's record reads from its payloads —
 * on its way to any output form (a layout, the MDC, a document): what could hold a credential is masked as in an
 * address ({@link ParameterMasker#maskField}; the address itself is masked by {@link ParameterMasker#maskAddress}
 * before), line breaks and other control characters become visible escapes (a line feed as backslash and
 * {@code n}, NEL as backslash, {@code u} and its four hex digits), so that one request cannot write what reads as
 * another record, and its length is bounded (ids at {@link #MAX_ID} chars, the rest at {@link #MAX_TEXT}), cut with
 * the engine's marker. Cleaning is idempotent. Immutable and thread-safe.
 */
final class RecordFields {
    /** The most chars of an id (exchange, correlation, message, RelatesTo) a record or the MDC carries. */
    static final int MAX_ID = 128;
    /** The most chars of any other field, a header value or the address. */
    static final int MAX_TEXT = 2048;
    /** The most UUIDs {@link #newId()} draws in search of one the detectors leave alone. */
    private static final int MAX_ID_DRAWS = 16;

    private final ParameterMasker parameters;
    /** Whether value detectors run (then every field is read by them, whatever it holds). */
    private final boolean detectors;

    RecordFields(ParameterMasker parameters, boolean detectors) {
        this.parameters = parameters;
        this.detectors = detectors;
    }

    /** An id as a record, the MDC and a propagated header carry it: masked, escaped, bounded; null stays null. */
    String id(String v) {
        return new Pass().text(v, MAX_ID, true);
    }

    /**
     * A new random id (a UUID) that passes this gate unchanged. About one UUID in 700 has a card number's digits
     * between its dashes; a detector would mask it in part and break the correlation of the exchange's records and
     * of the calls it makes, so such an id is drawn again (a detector that masks every id gets its masked form).
     * The bits come from {@link ThreadLocalRandom}, not {@code UUID.randomUUID()}'s {@code SecureRandom}: an id is
     * no secret, and a secure draw may read the system's entropy source — a blocking read on a reactive server's
     * event loop, and several microseconds per exchange anywhere.
     */
    String newId() {
        String id = null;
        for (int tries = 0; tries < MAX_ID_DRAWS; tries++) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            long high = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
            long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // the IETF variant
            String drawn = new UUID(high, low).toString();
            id = id(drawn);
            if (id.equals(drawn)) {
                return drawn;
            }
        }
        return id;
    }

    /** {@code r} with every field but the payload cleaned; {@code r} itself when that changes nothing. */
    LogRecord clean(LogRecord r) {
        Pass p = new Pass();
        String exchangeId = p.text(r.exchangeId(), MAX_ID, true);
        String correlationId = p.text(r.correlationId(), MAX_ID, true);
        String traceId = p.text(r.traceId(), MAX_ID, true);
        String spanId = p.text(r.spanId(), MAX_ID, true);
        String messageId = p.text(r.messageId(), MAX_ID, true);
        String relatesTo = p.text(r.relatesTo(), MAX_ID, true);
        String address = p.text(r.address(), MAX_TEXT, false); // masked by the address rule before
        String httpMethod = p.text(r.httpMethod(), MAX_ID, true);
        String contentType = p.text(r.contentType(), MAX_TEXT, true);
        String encoding = p.text(r.encoding(), MAX_ID, true);
        String principal = p.text(r.principal(), MAX_TEXT, true);
        String service = p.text(r.service(), MAX_TEXT, true);
        String port = p.text(r.port(), MAX_TEXT, true);
        String portType = p.text(r.portType(), MAX_TEXT, true);
        String operation = p.text(r.operation(), MAX_TEXT, true);
        String soapAction = p.text(r.soapAction(), MAX_TEXT, true);
        String action = p.text(r.action(), MAX_TEXT, true);
        String faultCode = p.text(r.faultCode(), MAX_TEXT, true);
        String faultString = p.text(r.faultString(), MAX_TEXT, true);
        Map<String, List<String>> headers = p.headers(r.headers());
        Map<String, String> attributes = p.attributes(r.attributes());
        if (!p.changed) {
            return r;
        }
        LogRecord.Builder b = r.toBuilder().exchangeId(exchangeId).correlationId(correlationId).traceId(traceId)
                .spanId(spanId).messageId(messageId).relatesTo(relatesTo).address(address).httpMethod(httpMethod)
                .contentType(contentType).encoding(encoding).principal(principal).service(service).port(port)
                .portType(portType).operation(operation).soapAction(soapAction).action(action).faultCode(faultCode)
                .faultString(faultString).addMaskedCount(p.masked);
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

    /** One cleaning: what it masked, and whether it changed anything. */
    private final class Pass {
        int masked;
        boolean changed;

        /**
         * {@code v} masked (when {@code mask}), escaped and bounded at {@code max} chars; {@code v} itself when that
         * changes nothing.
         */
        String text(String v, int max, boolean mask) {
            if (v == null) {
                return null;
            }
            String s = v;
            if (mask && (detectors || mayHoldCredential(s))) {
                StringBuilder out = new StringBuilder(s.length() + 8);
                int n = parameters.maskField(s, out);
                if (n > 0 && !s.contentEquals(out)) { // a mask masked again is no change
                    s = out.toString();
                    masked += n;
                    changed = true;
                }
            }
            if (needsEscape(s)) {
                s = escaped(s);
                changed = true;
            }
            if (s.length() > max) {
                s = bounded(s, max);
                changed = true;
            }
            return s;
        }

        /** The headers cleaned (names escaped and bounded, values masked too), or null when that changes nothing. */
        Map<String, List<String>> headers(Map<String, List<String>> headers) {
            boolean before = changed;
            changed = false;
            Map<String, List<String>> cleaned = new LinkedHashMap<>();
            for (Map.Entry<String, List<String>> h : headers.entrySet()) {
                List<String> values = new ArrayList<>(h.getValue().size());
                for (String v : h.getValue()) {
                    values.add(text(v, MAX_TEXT, true));
                }
                cleaned.put(text(h.getKey(), MAX_ID, false), values);
            }
            boolean any = changed;
            changed |= before;
            return any ? cleaned : null;
        }

        /** The attributes cleaned (names escaped and bounded, values masked too), or null when that changes nothing. */
        Map<String, String> attributes(Map<String, String> attributes) {
            boolean before = changed;
            changed = false;
            Map<String, String> cleaned = new LinkedHashMap<>();
            for (Map.Entry<String, String> a : attributes.entrySet()) {
                cleaned.put(text(a.getKey(), MAX_ID, false), text(a.getValue(), MAX_TEXT, true));
            }
            boolean any = changed;
            changed |= before;
            return any ? cleaned : null;
        }
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
        int markerLength = XmlFormatter.DEFAULT_TRUNCATION_MARKER.length() - "{n}".length()
                + Integer.toString(s.length()).length(); // at least the marker written below
        int keep = Math.max(0, max - markerLength);
        if (keep > 0 && Character.isHighSurrogate(s.charAt(keep - 1))) {
            keep--;
        }
        return s.substring(0, keep) + XmlFormatter.DEFAULT_TRUNCATION_MARKER.replace("{n}",
                Integer.toString(s.length() - keep));
    }
}
