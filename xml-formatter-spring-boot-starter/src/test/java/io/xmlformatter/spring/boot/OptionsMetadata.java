package io.xmlformatter.spring.boot;

import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import io.xmlformatter.mongo.DropPolicy;
import io.xmlformatter.mongo.MongoSinkConfig;
import io.xmlformatter.mongo.MongoSinkSettings;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code META-INF/additional-spring-configuration-metadata.json} generated from the options table: one property per
 * row ({@code xmlformatter.<property>}) with its type, description and the starter's default, the MongoDB sink's
 * defaults, and hints for the closed sets of values, which Spring Boot's configuration processor merges into the
 * starter's metadata (IDE completion).
 */
final class OptionsMetadata {
    private OptionsMetadata() {
    }

    /** The file's text. */
    static String generate() {
        List<String> properties = new ArrayList<>();
        List<String> hints = new ArrayList<>();
        for (Option<?> o : Options.all()) {
            properties.add(property(o));
            if (!o.values().isEmpty()) {
                hints.add(hint("xmlformatter." + o.property(), o.values()));
            }
        }
        mongoDefaults().forEach((name, value) -> properties.add("\n    {\n      \"name\": " + json(name)
                + ",\n      \"defaultValue\": " + value + "\n    }"));
        List<String> policies = new ArrayList<>();
        for (DropPolicy p : DropPolicy.values()) {
            policies.add(p.name());
        }
        hints.add(hint("xmlformatter.mongo.drop-policy", policies));
        hints.add(hint("xmlformatter.mongo.write-concern", List.of("1", "majority", "0")));
        return "{\n  \"properties\": [" + String.join(",", properties) + "\n  ],\n  \"hints\": ["
                + String.join(",", hints) + "\n  ]\n}\n";
    }

    private static <T> String property(Option<T> o) {
        StringBuilder s = new StringBuilder();
        s.append("\n    {\n      \"name\": ").append(json("xmlformatter." + o.property()))
                .append(",\n      \"type\": ").append(json(o.metadataType()))
                .append(",\n      \"description\": ").append(json(o.description() + "."));
        T d = LoggerProperties.DEFAULTS.get(o);
        String text = d == null ? null : o.text(d);
        if (d instanceof List<?>) {
            List<String> items = new ArrayList<>();
            for (String item : text.isEmpty() ? new String[0] : text.split(",")) {
                items.add(json(item));
            }
            s.append(",\n      \"defaultValue\": [").append(String.join(", ", items)).append("]");
        } else if (text != null && !text.isEmpty()) {
            boolean bare = d instanceof Boolean || d instanceof Integer || d instanceof Double;
            s.append(",\n      \"defaultValue\": ").append(bare ? text : json(text));
        }
        return s.append("\n    }").toString();
    }

    private static String hint(String name, List<String> values) {
        List<String> items = new ArrayList<>();
        for (String v : values) {
            items.add("\n        {\n          \"value\": " + json(v) + "\n        }");
        }
        return "\n    {\n      \"name\": " + json(name) + ",\n      \"values\": [" + String.join(",", items)
                + "\n      ]\n    }";
    }

    /**
     * The MongoDB sink's defaults, read from the sink's own configuration (the starter leaves a property unset to the
     * sink), as JSON values by property. The URI, database and application name depend on other properties.
     */
    private static Map<String, String> mongoDefaults() {
        MongoSinkSettings settings = new MongoSinkSettings();
        settings.setConnectionString("mongodb://localhost");
        MongoSinkConfig c = settings.toConfig();
        Map<String, String> d = new LinkedHashMap<>();
        d.put("collection", json(c.collection()));
        d.put("write-concern", json(String.valueOf(c.writeConcern().getWObject())));
        d.put("queue-capacity", String.valueOf(c.queueCapacity()));
        d.put("queue-max-bytes", json(DataSize.ofBytes(c.queueMaxBytes()).toMegabytes() + "MB"));
        d.put("batch-size", String.valueOf(c.batchSize()));
        d.put("drop-policy", json(c.dropPolicy().name()));
        d.put("max-payload-bytes", json(DataSize.ofBytes(c.maxPayloadBytes()).toKilobytes() + "KB"));
        d.put("ttl-days", String.valueOf(c.ttlDays()));
        d.put("create-indexes", String.valueOf(c.createIndexes()));
        d.put("shutdown-grace", json(Duration.ofMillis(c.shutdownGraceMillis()).toSeconds() + "s"));
        Map<String, String> named = new LinkedHashMap<>();
        d.forEach((k, v) -> named.put("xmlformatter.mongo." + k, v));
        return named;
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
