package io.xmlformatter.spring.boot;

import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import io.xmlformatter.message.Warnings;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Startup fails on an {@code xmlformatter.*} property that is no property of ours — a misspelt key
 * ({@code xmlformatter.masking.element-name}) would otherwise be ignored, and the secret it was to mask logged. The
 * known names are the options' table ({@link Options}, globally and under a rule) and the components of
 * {@link XmlFormatterProperties}; environment variables are left out (an unrelated {@code XMLFORMATTER_...} variable
 * must not stop an application). {@code xmlformatter.fail-on-unknown-properties=false} makes it a warning.
 */
final class KnownProperties {
    /** The known names as compared ({@link #normal}), each with its name as written. */
    private static final Map<String, String> KNOWN = known();

    private KnownProperties() {
    }

    /**
     * Checks every {@code xmlformatter.*} property in {@code environment}; with {@code fail} false, an unknown one
     * is a warning.
     *
     * @throws IllegalArgumentException naming the unknown property and the nearest known one
     */
    static void check(Environment environment, boolean fail) {
        ConfigurationPropertyName prefix = ConfigurationPropertyName.of("xmlformatter");
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (!(source instanceof IterableConfigurationPropertySource iterable) || String.valueOf(
                    source.getUnderlyingSource()).contains(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)) {
                continue;
            }
            iterable.stream().filter(prefix::isAncestorOf).forEach(name -> {
                String key = normal(name.toString());
                if (!KNOWN.containsKey(key)) {
                    String message = "xml-formatter: unknown property " + name + nearest(key)
                            + "; the properties are listed in the option table (docs/options.md)";
                    if (fail) {
                        throw new IllegalArgumentException(message);
                    }
                    Warnings.warn(KnownProperties.class, message + " (ignored: fail-on-unknown-properties=false)",
                            null);
                }
            });
        }
    }

    private static String nearest(String key) {
        String best = null;
        int bestDistance = 4;
        for (Map.Entry<String, String> k : KNOWN.entrySet()) {
            int d = distance(key, k.getKey());
            if (d < bestDistance) {
                best = k.getValue();
                bestDistance = d;
            }
        }
        return best == null ? "" : " (did you mean " + best.replace("[]", "[0]") + "?)";
    }

    /** Names as compared: lower case, without {@code -}, indexes as {@code []}, a list's trailing index left out. */
    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "").replaceAll("\\[\\d+]", "[]").replaceAll("\\[]$", "");
    }

    private static Map<String, String> known() {
        Map<String, String> known = new TreeMap<>();
        for (Option<?> o : Options.all()) {
            add("xmlformatter." + o.property(), known);
            add("xmlformatter.rules[]." + o.property(), known);
        }
        components("xmlformatter", XmlFormatterProperties.class, known);
        return known;
    }

    /** The names of {@code type}'s record components under {@code prefix}, nested records and lists of them too. */
    private static void components(String prefix, Class<?> type, Map<String, String> known) {
        for (RecordComponent c : type.getRecordComponents()) {
            String name = prefix + "." + c.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
            Class<?> t = c.getType();
            Type generic = c.getGenericType();
            if (t.isRecord()) {
                components(name, t, known);
            } else if (generic instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> item
                    && item.isRecord()) {
                components(name + "[]", item, known);
            } else {
                add(name, known);
            }
        }
    }

    private static void add(String name, Map<String, String> known) {
        known.put(normal(name), name);
    }

    /** The edit distance of two names. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + change);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
