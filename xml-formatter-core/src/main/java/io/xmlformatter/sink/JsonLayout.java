package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.RecordLayout;

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

    /** Chars escaped before they are appended to the line. */
    private static final int BLOCK = 1024;
    /** The most chars one character's escape takes: six, for a Unicode escape. */
    private static final int ESCAPE_ROOM = 6;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonLayout() {
    }

    @Override
    public String format(LogRecord record) {
        int payload = record.payload() == null ? 0 : record.payload().length();
        StringBuilder sb = new StringBuilder(512 + payload + (payload >> 3)); // room for the escapes of a payload
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

    /**
     * A JSON string, escaped a block at a time: a block of the string's chars is copied out, escaped into a block
     * with room for every char's longest escape, and appended ({@code sb}'s own per-char appends cost far more).
     */
    private static void string(StringBuilder sb, String s) {
        int n = s.length();
        char[] in = new char[Math.min(n, BLOCK)];
        char[] out = new char[in.length * ESCAPE_ROOM];
        sb.append('"');
        for (int from = 0; from < n; from += BLOCK) {
            int to = Math.min(n, from + BLOCK);
            s.getChars(from, to, in, 0);
            int k = 0;
            for (int i = 0; i < to - from; i++) {
                char c = in[i];
                if (c > '\\' ? c != 0x2028 && c != 0x2029 : c >= 0x20 && c != '"' && c != '\\') {
                    out[k++] = c;
                    continue;
                }
                out[k++] = '\\';
                switch (c) {
                    case '"':
                    case '\\':
                        out[k++] = c;
                        break;
                    case '\n':
                        out[k++] = 'n';
                        break;
                    case '\r':
                        out[k++] = 'r';
                        break;
                    case '\t':
                        out[k++] = 't';
                        break;
                    default: // other control characters, and the line and paragraph separators JavaScript breaks at
                        out[k++] = 'u';
                        for (int shift = 12; shift >= 0; shift -= 4) {
                            out[k++] = HEX[(c >> shift) & 0xF];
                        }
                }
            }
            sb.append(new String(out, 0, k)); // compressed with a vector instruction; appending chars is not
        }
        sb.append('"');
    }
}
