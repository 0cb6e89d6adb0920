package io.xmlformatter.log;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One line of JSON per record, with the field names of {@link LogRecord#forEachField}; {@code ts} is ISO-8601.
 * Every control character, quote and backslash is escaped, so a payload never breaks the line.
 */
public final class JsonLayout implements RecordLayout {
    /** The shared instance. */
    public static final JsonLayout INSTANCE = new JsonLayout();

    private JsonLayout() {
    }

    @Override
    public String format(LogRecord record) {
        StringBuilder sb = new StringBuilder(256 + (record.payload() == null ? 0 : record.payload().length()));
        sb.append('{');
        record.forEachField((name, value) -> {
            if (sb.length() > 1) {
                sb.append(',');
            }
            string(sb, name);
            sb.append(':');
            value(sb, value);
        });
        return sb.append('}').toString();
    }

    private static void value(StringBuilder sb, Object v) {
        if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
            sb.append(v);
        } else if (v instanceof Instant) {
            IsoInstant.append(sb.append('"'), (Instant) v);
            sb.append('"');
        } else if (v instanceof Double) {
            sb.append(String.format(java.util.Locale.ROOT, "%.3f", (Double) v));
        } else if (v instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                string(sb, String.valueOf(e.getKey()));
                sb.append(':');
                value(sb, e.getValue());
            }
            sb.append('}');
        } else if (v instanceof List) {
            sb.append('[');
            boolean first = true;
            for (Object o : (List<?>) v) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                value(sb, o);
            }
            sb.append(']');
        } else {
            string(sb, String.valueOf(v));
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        sb.append('"');
    }
}
