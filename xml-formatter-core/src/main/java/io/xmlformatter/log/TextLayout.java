package io.xmlformatter.log;

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
            sb.append('\n').append("    ").append(Character.toUpperCase(name.charAt(0))).append(name, 1, name.length())
                    .append(": ");
            if (name.equals("payload")) {
                sb.append('\n');
            }
            sb.append(value);
        });
        String text = sb.toString();
        if (sb.capacity() <= MAX_KEPT) {
            BUFFER.set(sb);
        }
        return text;
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
