package io.xmlformatter.message;

import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.record.LogLevel;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The type of an {@link Option}'s value: its text form (read and written), the range it takes and, for lists, how an
 * overlay widens it. Each kind is one small subclass; the table in {@link Options} picks them.
 *
 * @param <T> the value's type
 */
abstract class OptionType<T> {
    private static final Pattern SIZE = Pattern.compile("([+-]?\\d+)\\s*([a-zA-Z]{0,3})");
    private static final Pattern SIMPLE_DURATION = Pattern.compile("([+-]?\\d+)\\s*([a-zA-Z]{0,2})");

    private final Class<?> valueClass;
    private final String metadataType;
    private final String accepted;

    OptionType(Class<?> valueClass, String metadataType, String accepted) {
        this.valueClass = valueClass;
        this.metadataType = metadataType;
        this.accepted = accepted;
    }

    /** The value of {@code text} (trimmed), before its range is checked. */
    abstract T parse(String text);

    /** What is wrong with {@code value}, or null when it is taken. */
    String problem(T value) {
        return value == null ? "a value is required" : null;
    }

    String text(T value) {
        return String.valueOf(value);
    }

    final String metadataType() {
        return metadataType;
    }

    final String accepted() {
        return accepted;
    }

    /** The values taken as text when they are a closed set (a list's items), else none. */
    List<String> values() {
        return Collections.emptyList();
    }

    /** Whether the value is a secret, never shown. */
    boolean secret() {
        return false;
    }

    @SuppressWarnings("unchecked")
    final T cast(Object value) {
        if (value != null && !valueClass.isInstance(value)) {
            throw new IllegalArgumentException("a " + valueClass.getSimpleName() + " is needed, not a "
                    + value.getClass().getSimpleName());
        }
        return (T) value;
    }

    /** {@code old} and {@code more} together; a type that cannot be widened takes {@code more}. */
    T union(T old, T more) {
        return more;
    }

    static OptionType<Boolean> bool() {
        return new OptionType<Boolean>(Boolean.class, "java.lang.Boolean", "true or false") {
            @Override
            Boolean parse(String text) {
                if ("true".equalsIgnoreCase(text) || "false".equalsIgnoreCase(text)) {
                    return Boolean.valueOf(text);
                }
                throw new IllegalArgumentException("not a boolean");
            }
        };
    }

    /** A whole number from {@code min} to {@code max}. */
    static OptionType<Integer> integer(int min, int max) {
        return new OptionType<Integer>(Integer.class, "java.lang.Integer", range("a whole number", min, max)) {
            @Override
            Integer parse(String text) {
                return Integer.valueOf(text);
            }

            @Override
            String problem(Integer value) {
                return value == null ? "a value is required"
                        : value < min || value > max ? "out of range" : null;
            }
        };
    }

    /** A number of bytes: {@code 48KB}, {@code 2MB}, {@code 512B}, {@code 512} (units of 1024), from {@code min}. */
    static OptionType<Long> size(long min, long max) {
        return new OptionType<Long>(Long.class, "org.springframework.util.unit.DataSize",
                range("a size such as 512B, 48KB, 2MB or 1GB", min, max)) {
            @Override
            Long parse(String text) {
                Matcher m = SIZE.matcher(text);
                if (!m.matches()) {
                    throw new IllegalArgumentException("not a size");
                }
                long n = Long.parseLong(m.group(1));
                return Math.multiplyExact(n, unit(m.group(2).toUpperCase(Locale.ROOT)));
            }

            @Override
            String problem(Long value) {
                return value == null ? "a value is required"
                        : value < min || value > max ? "out of range" : null;
            }

            @Override
            String text(Long value) {
                long v = value;
                for (String u : new String[] {"GB", "MB", "KB"}) {
                    long unit = unit(u);
                    if (v != 0 && v % unit == 0) {
                        return v / unit + u;
                    }
                }
                return v < 0 ? String.valueOf(v) : v + "B";
            }
        };
    }

    private static long unit(String suffix) {
        switch (suffix) {
            case "":
            case "B":
                return 1;
            case "KB":
            case "KIB":
                return 1024;
            case "MB":
            case "MIB":
                return 1024 * 1024;
            case "GB":
            case "GIB":
                return 1024L * 1024 * 1024;
            default:
                throw new IllegalArgumentException("unknown unit '" + suffix + "'");
        }
    }

    /** A number from {@code min} (exclusive when {@code minOpen}) to {@code max}. */
    static OptionType<Double> fraction(double min, boolean minOpen, double max) {
        return new OptionType<Double>(Double.class, "java.lang.Double",
                "a number above " + (minOpen ? "" : "or at ") + min + " and at most " + max) {
            @Override
            Double parse(String text) {
                return Double.valueOf(text);
            }

            @Override
            String problem(Double value) {
                return value == null ? "a value is required"
                        : !(minOpen ? value > min : value >= min) || !(value <= max) ? "out of range" : null;
            }
        };
    }

    /**
     * A duration: {@code 500ms}, {@code 2s}, {@code 5m}, {@code 1h}, {@code 1d}, ISO-8601 {@code PT2S}, a number of
     * milliseconds; positive when {@code positive}, else not negative; an empty text is none when {@code none}.
     */
    static OptionType<Duration> duration(boolean positive, boolean none) {
        String what = "a " + (positive ? "positive" : "non-negative") + " duration such as 500ms, 2s, 5m, 1h or PT2S"
                + (none ? ", or nothing for none" : "");
        return new OptionType<Duration>(Duration.class, "java.time.Duration", what) {
            @Override
            Duration parse(String text) {
                if (text.isEmpty() && none) {
                    return null;
                }
                Matcher m = SIMPLE_DURATION.matcher(text);
                if (!m.matches()) {
                    try {
                        return Duration.parse(text);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException("not a duration", e);
                    }
                }
                long n = Long.parseLong(m.group(1));
                switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "ns":
                        return Duration.ofNanos(n);
                    case "us":
                        return Duration.ofNanos(Math.multiplyExact(n, 1000L));
                    case "":
                    case "ms":
                        return Duration.ofMillis(n);
                    case "s":
                        return Duration.ofSeconds(n);
                    case "m":
                        return Duration.ofMinutes(n);
                    case "h":
                        return Duration.ofHours(n);
                    case "d":
                        return Duration.ofDays(n);
                    default:
                        throw new IllegalArgumentException("unknown unit '" + m.group(2) + "'");
                }
            }

            @Override
            String problem(Duration value) {
                if (value == null) {
                    return none ? null : "a value is required";
                }
                return value.isNegative() || (positive && value.isZero()) ? "out of range" : null;
            }

            @Override
            String text(Duration value) {
                long ms = value.toMillis();
                return value.equals(Duration.ofMillis(ms)) ? (ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms")
                        : value.toString();
            }
        };
    }

    /** Text; blank is refused when {@code required}. */
    static OptionType<String> text(boolean required) {
        return new OptionType<String>(String.class, "java.lang.String", required ? "a text, not blank" : "a text") {
            @Override
            String parse(String text) {
                return text;
            }

            @Override
            String problem(String value) {
                return value == null || (required && value.trim().isEmpty()) ? "a text is required" : null;
            }
        };
    }

    /** A list of names or paths, comma-separated as text; an overlay adds to it. */
    static OptionType<List<String>> names(String metadata) {
        return names(metadata, value -> null);
    }

    /** JSON paths ({@link JsonPaths}): a JSONPath subset or JSON Pointers; an overlay adds to them. */
    static OptionType<List<String>> jsonPaths() {
        return names("JSON paths", value -> {
            try {
                new JsonMasker(Collections.<String>emptySet(), value, Collections.<String>emptySet(), "", null, null, null, null);
                return null;
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        });
    }

    /** Whether {@code values} holds a null (asked item by item: {@code List.of(...).contains(null)} throws). */
    private static boolean hasNull(List<?> values) {
        for (Object v : values) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    /** A list as {@link #names(String)}, whose items {@code check} also judges (a problem, or null). */
    private static OptionType<List<String>> names(String metadata, Function<List<String>, String> check) {
        return new OptionType<List<String>>(List.class, "java.util.List<java.lang.String>",
                "a comma-separated list of " + metadata) {
            @Override
            List<String> parse(String text) {
                return list(text);
            }

            @Override
            String problem(List<String> value) {
                return value == null || hasNull(value) ? "a list without null is required" : check.apply(value);
            }

            @Override
            String text(List<String> value) {
                return String.join(",", value);
            }

            @Override
            List<String> union(List<String> old, List<String> more) {
                LinkedHashSet<String> all = new LinkedHashSet<>(old);
                all.addAll(more);
                return Collections.unmodifiableList(new ArrayList<>(all));
            }
        };
    }

    /** A strategy: as text, a built-in one's name ({@link Strategy}); any {@link ExchangeStrategy} as a value. */
    static OptionType<ExchangeStrategy> strategy() {
        return new OptionType<ExchangeStrategy>(ExchangeStrategy.class, Strategy.class.getName(),
                "one of " + Arrays.toString(Strategy.values())) {
            @Override
            ExchangeStrategy parse(String text) {
                return constant(Strategy.class, text);
            }

            @Override
            List<String> values() {
                return constants(Strategy.values());
            }
        };
    }

    /** Three levels (success, client error, failure) or none. */
    static OptionType<List<LogLevel>> levels() {
        return new OptionType<List<LogLevel>>(List.class, "java.util.List<" + LogLevel.class.getName() + ">",
                "three of " + Arrays.toString(LogLevel.values()) + " (success, client error, failure), or nothing for"
                        + " the sink's level") {
            @Override
            List<LogLevel> parse(String text) {
                List<LogLevel> levels = new ArrayList<>();
                for (String l : list(text)) {
                    levels.add(constant(LogLevel.class, l));
                }
                return Collections.unmodifiableList(levels);
            }

            @Override
            List<String> values() {
                return constants(LogLevel.values());
            }

            @Override
            String problem(List<LogLevel> value) {
                return value == null || value.isEmpty() || (value.size() == 3 && !hasNull(value)) ? null
                        : "give all three (success, client error, failure)";
            }

            @Override
            String text(List<LogLevel> value) {
                StringBuilder s = new StringBuilder();
                for (LogLevel l : value) {
                    s.append(s.length() == 0 ? "" : ",").append(l);
                }
                return s.toString();
            }
        };
    }

    /** Value detectors; as text, the built-in detectors' names ({@link ValueDetector#named}), or none. */
    static OptionType<List<ValueDetector>> detectors() {
        List<String> names = Collections.unmodifiableList(Arrays.asList("card-numbers",
                "card-numbers-first-six-last-four", "ibans", "email-addresses", "url-credentials"));
        return new OptionType<List<ValueDetector>>(List.class, "java.util.List<java.lang.String>",
                "detector names: " + String.join(", ", names)) {
            @Override
            List<String> values() {
                return names;
            }

            @Override
            List<ValueDetector> parse(String text) {
                List<ValueDetector> detectors = new ArrayList<>();
                List<String> given = "none".equalsIgnoreCase(text.trim()) ? Collections.<String>emptyList() : list(text);
                for (String name : given) {
                    detectors.add(ValueDetector.named(name));
                }
                return Collections.unmodifiableList(detectors);
            }

            @Override
            String problem(List<ValueDetector> value) {
                return value == null || hasNull(value) ? "a list without null is required" : null;
            }

            /** The built-in detectors by name; one of the application's own by what it says it is. */
            @Override
            String text(List<ValueDetector> value) {
                List<String> texts = new ArrayList<>();
                for (ValueDetector d : value) {
                    String text = String.valueOf(d);
                    for (String name : names) {
                        text = ValueDetector.named(name) == d ? name : text;
                    }
                    texts.add(text);
                }
                return String.join(",", texts);
            }

            @Override
            List<ValueDetector> union(List<ValueDetector> old, List<ValueDetector> more) {
                List<ValueDetector> all = new ArrayList<>(old);
                all.addAll(more);
                return Collections.unmodifiableList(all);
            }
        };
    }

    /** Keyed pseudonyms; as text, the secret key (never shown); none by default. */
    static OptionType<Pseudonyms> pseudonyms() {
        return new OptionType<Pseudonyms>(Pseudonyms.class, "java.lang.String",
                "a secret key of at least " + Pseudonyms.MIN_KEY_BYTES + " bytes as UTF-8") {
            @Override
            Pseudonyms parse(String text) {
                return Pseudonyms.keyed(text);
            }

            @Override
            String problem(Pseudonyms value) {
                return null;
            }

            @Override
            boolean secret() {
                return true;
            }
        };
    }

    /** {@code text} split at commas, each part trimmed, empty parts left out. */
    static List<String> list(String text) {
        return split(text, ',');
    }

    /** {@code text} split at {@code separator}, each part trimmed, empty parts left out. */
    static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        while (from <= text.length()) {
            int comma = text.indexOf(separator, from);
            int end = comma < 0 ? text.length() : comma;
            String p = text.substring(from, end).trim();
            if (!p.isEmpty()) {
                parts.add(p);
            }
            from = end + 1;
        }
        return Collections.unmodifiableList(parts);
    }

    static List<String> list(Collection<String> values) {
        return Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** The constant of {@code type} named {@code text}, in any letter case, {@code -} for {@code _}. */
    /** The constants as property values are written: {@code BODY_ON_FAILURE} as {@code body-on-failure}. */
    private static List<String> constants(Enum<?>[] all) {
        List<String> names = new ArrayList<>();
        for (Enum<?> e : all) {
            names.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return Collections.unmodifiableList(names);
    }

    private static <E extends Enum<E>> E constant(Class<E> type, String text) {
        try {
            return Enum.valueOf(type, text.trim().replace('-', '_').toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no constant '" + text.trim() + "'", e);
        }
    }

    private static String range(String what, long min, long max) {
        return what + (min == Long.MIN_VALUE || min == Integer.MIN_VALUE ? "" : " from " + min)
                + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? "" : " to " + max);
    }
}
