package io.xmlformatter.spring.boot;

import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;

import java.util.List;

/**
 * {@code META-INF/additional-spring-configuration-metadata.json} generated from the options table: one property per
 * row ({@code xmlformatter.<property>}) with its type, description and the starter's default, which Spring Boot's configuration
 * processor merges into the starter's metadata (IDE completion).
 */
final class OptionsMetadata {
    private OptionsMetadata() {
    }

    /** The file's text. */
    static String generate() {
        StringBuilder s = new StringBuilder("{\n  \"properties\": [");
        List<Option<?>> all = Options.all();
        for (int i = 0; i < all.size(); i++) {
            property(all.get(i), s);
            s.append(i + 1 < all.size() ? "," : "");
        }
        return s.append("\n  ]\n}\n").toString();
    }

    private static <T> void property(Option<T> o, StringBuilder s) {
        s.append("\n    {\n      \"name\": ").append(json("xmlformatter." + o.property()))
                .append(",\n      \"type\": ").append(json(o.metadataType()))
                .append(",\n      \"description\": ").append(json(o.description() + "."));
        T d = LoggerProperties.DEFAULTS.get(o);
        String text = d == null ? null : o.text(d);
        if (text != null && !text.isEmpty()) {
            boolean bare = d instanceof Boolean || d instanceof Integer || d instanceof Double;
            s.append(",\n      \"defaultValue\": ").append(bare ? text : json(text));
        }
        s.append("\n    }");
    }

    /** {@code text} as a JSON string. */
    static String json(String text) {
        StringBuilder s = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                s.append('\\').append(c);
            } else if (c < 0x20) {
                s.append(String.format("\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        return s.append('"').toString();
    }
}
