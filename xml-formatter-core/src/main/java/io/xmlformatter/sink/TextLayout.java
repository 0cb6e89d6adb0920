package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.RecordLayout;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CXF's verbose layout: the type on the first line, then one indented {@code Name: value} line per known
 * field, headers, and the payload last on lines of its own.
 */
public final class TextLayout implements RecordLayout {
    /** The shared instance. */
    public static final TextLayout INSTANCE = new TextLayout();
    /** Buffers above this many chars are not kept for the thread's next record. */
    private static final int MAX_KEPT = 1 << 20;
    /** Each thread's buffer: a record is built in it and copied once, into the String the logger takes. */
    private static final ThreadLocal<StringBuilder> BUFFER = new ThreadLocal<>();
    /** Each field's line start, e.g. {@code "\n    ExchangeId: "}, built on first use (records have a few dozen). */
    private static final Map<String, String> LABELS = new ConcurrentHashMap<>();

    private TextLayout() {
    }

    @Override
    public String format(LogRecord record) {
        StringBuilder sb = borrow();
        sb.append(record.type());
        record.forEachField((name, value) -> {
            if (name.equals("type")) {
                return;
            }
            if (name.equals("request") && value instanceof Map) { // a whole exchange: the request's own lines
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    String key = String.valueOf(e.getKey());
                    field(sb, "request" + Character.toUpperCase(key.charAt(0)) + key.substring(1), e.getValue());
                }
                return;
            }
            field(sb, name, value);
        });
        String text = sb.toString();
        if (sb.capacity() <= MAX_KEPT) {
            BUFFER.set(sb);
        }
        return text;
    }

    private static void field(StringBuilder sb, String name, Object value) {
        String label = LABELS.get(name);
        sb.append(label != null ? label : LABELS.computeIfAbsent(name, TextLayout::label));
        value(sb, value);
    }

    /** A field's line start: its name capitalised; a payload starts on a line of its own. */
    private static String label(String name) {
        return "\n    " + Character.toUpperCase(name.charAt(0)) + name.substring(1) + ": "
                + (name.equals("payload") || name.equals("requestPayload") ? "\n" : "");
    }

    /** A value as {@link String#valueOf(Object)} writes it, without the intermediate String for common types. */
    private static void value(StringBuilder sb, Object value) {
        if (value instanceof String) {
            sb.append((String) value);
        } else if (value instanceof Instant) {
            IsoInstant.append(sb, (Instant) value);
        } else if (value instanceof Integer) {
            sb.append(((Integer) value).intValue());
        } else if (value instanceof Long) {
            sb.append(((Long) value).longValue());
        } else if (value instanceof Boolean) {
            sb.append(((Boolean) value).booleanValue());
        } else {
            sb.append(value);
        }
    }

    /** The thread's buffer, emptied; a layout called while this one runs (from a value's toString) gets another. */
    private static StringBuilder borrow() {
        StringBuilder sb = BUFFER.get();
        if (sb == null) {
            return new StringBuilder(1024);
        }
        BUFFER.set(null);
        sb.setLength(0);
        return sb;
    }
}
