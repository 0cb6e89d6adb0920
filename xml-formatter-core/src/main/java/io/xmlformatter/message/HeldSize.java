package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;

import java.util.List;
import java.util.Map;

/**
 * What a record held for its exchange's outcome weighs against the logger's held bound: its body's bytes and every
 * string it keeps beside them (address, headers, the other facts), two bytes per char, and a fixed share for the
 * objects that hold them — so that records with large headers and no body count too.
 */
final class HeldSize {
    /** What a held record's objects take beside its strings, roughly. */
    static final long OVERHEAD = 256;

    private HeldSize() {
    }

    /** What the facts and captured body of a message waiting for its outcome hold. */
    static long of(MessageFacts facts, CapturedBody body) {
        return OVERHEAD + (body == null ? 0 : body.bytes().length) + chars(facts.address()) + chars(facts.contentType())
                + chars(facts.encoding()) + headers(facts.headers());
    }

    /** What a rendered record waiting for its response's holds. */
    static long of(LogRecord r) {
        long size = OVERHEAD + chars(r.payload()) + chars(r.address()) + chars(r.contentType())
                + chars(r.correlationId()) + chars(r.exchangeId()) + chars(r.messageId()) + chars(r.operation())
                + chars(r.soapAction()) + headers(r.headers());
        for (Map.Entry<String, String> a : r.attributes().entrySet()) {
            size += chars(a.getKey()) + chars(a.getValue());
        }
        return size;
    }

    private static long headers(Map<String, List<String>> headers) {
        long size = 0;
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            size += chars(h.getKey());
            for (String v : h.getValue()) {
                size += chars(v);
            }
        }
        return size;
    }

    private static long chars(String s) {
        return s == null ? 0 : 2L * s.length();
    }
}
