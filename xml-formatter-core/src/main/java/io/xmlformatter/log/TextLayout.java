package io.xmlformatter.log;

/**
 * CXF's verbose layout: the type on the first line, then one indented {@code Name: value} line per known
 * field, headers, and the payload last on lines of its own.
 */
public final class TextLayout implements RecordLayout {
    /** The shared instance. */
    public static final TextLayout INSTANCE = new TextLayout();

    private TextLayout() {
    }

    @Override
    public String format(LogRecord record) {
        StringBuilder sb = new StringBuilder(256 + (record.payload() == null ? 0 : record.payload().length()));
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
        return sb.toString();
    }
}
