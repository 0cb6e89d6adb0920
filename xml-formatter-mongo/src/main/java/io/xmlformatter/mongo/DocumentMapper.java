package io.xmlformatter.mongo;

import io.xmlformatter.record.LogRecord;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.slf4j.MDC;

import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A log record as the document the sink stores (the schema is in docs/mongodb.md): the record's fields, dates as BSON
 * dates, header names made safe for MongoDB, the payload cut at the limit, {@code host}, {@code application} and
 * the caller's trace context. Runs on the caller's thread, so the MDC read is the caller's.
 */
final class DocumentMapper {
    /** W3C Trace Context: version-traceid-parentid-flags, lower-case hex. */
    private static final Pattern TRACEPARENT = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
    private static final int FIXED_BYTES = 512;
    private static final int BYTES_PER_HEADER = 64;

    private final int maxPayload;
    private final String host;
    private final String application;
    private final List<String> traceKeys;

    DocumentMapper(MongoSinkConfig config, String host) {
        this.maxPayload = config.maxPayloadBytes();
        this.host = host;
        this.application = config.application();
        this.traceKeys = config.traceContextKeys();
    }

    Document toDocument(LogRecord r) {
        Document d = new Document("_id", new ObjectId());
        r.forEachField((name, value) -> {
            if (value instanceof Instant) {
                d.put(name, Date.from((Instant) value));
            } else if (value instanceof Map) {
                Map<String, Object> m = safeKeys((Map<?, ?>) value);
                if (name.equals("request")) { // a whole exchange: the request's payload has the same cap
                    capPayload(m);
                }
                d.put(name, m);
            } else if (name.equals("payload")) {
                capPayload(d.append(name, value));
            } else {
                d.put(name, value);
            }
        });
        d.put("host", host);
        d.put("application", application);
        Document trace = traceContext(r);
        if (trace != null) {
            d.put("trace", trace);
        }
        return d;
    }

    /** The MDC's trace keys and a well-formed {@code traceparent} header; null when there is neither. */
    private Document traceContext(LogRecord r) {
        Document trace = null;
        for (String key : traceKeys) {
            String v = MDC.get(key);
            if (v != null) {
                trace = trace == null ? new Document() : trace;
                trace.put(key.replace('.', '_'), v);
            }
        }
        for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
            if ("traceparent".equalsIgnoreCase(h.getKey()) && h.getValue().size() == 1
                    && TRACEPARENT.matcher(h.getValue().get(0)).matches()) {
                trace = trace == null ? new Document() : trace;
                trace.put("traceparent", h.getValue().get(0));
            }
        }
        return trace;
    }

    /** Cuts {@code fields}' payload at the cap, saying so in {@code payloadTruncated}. */
    private void capPayload(Map<String, Object> fields) {
        Object p = fields.get("payload");
        if (p instanceof String && ((String) p).length() > maxPayload) {
            fields.put("payload", ((String) p).substring(0, maxPayload));
            fields.put("payloadTruncated", true);
        }
    }

    /** MongoDB field names may not contain '.' nor start with '$'. */
    private static Map<String, Object> safeKeys(Map<?, ?> m) {
        Map<String, Object> r = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String k = String.valueOf(e.getKey()).replace('.', '_');
            r.put(k.startsWith("$") ? "_" + k.substring(1) : k, e.getValue());
        }
        return r;
    }

    /** The document's size as the queue's byte bound counts it. */
    long estimateBytes(LogRecord r) {
        long payload = r.payload() == null ? 0 : Math.min(r.payload().length(), maxPayload);
        if (r.request() != null && r.request().payload() != null) {
            payload += Math.min(r.request().payload().length(), maxPayload);
        }
        return FIXED_BYTES + payload + (long) BYTES_PER_HEADER * r.headers().size();
    }
}
