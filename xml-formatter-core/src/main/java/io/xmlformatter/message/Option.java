package io.xmlformatter.message;

import java.util.List;

/**
 * One option of the message logger: one row of the table in {@link Options}. It has a name (the builder's,
 * {@code slowThreshold}), a property path ({@code exchange.slow-threshold}: the Spring Boot property under
 * {@code xmlformatter.}), CXF's name where CXF's {@code LoggingFeature} has the option, a type with a text form
 * (sizes {@code 48KB}, durations {@code 2s}, lists {@code a,b}, enum constants), a default and a check. Every way
 * to configure the logger — the builder, {@code BaseXmlLoggingFeature}, rules, annotations, Boot properties — reads
 * these rows, so an option is defined once.
 *
 * @param <T> the type of the option's value
 */
public final class Option<T> {
    private final int index;
    private final String name;
    private final String property;
    private final String cxfName;
    private final OptionType<T> type;
    private final T defaultValue;
    private final String description;
    private final Overlaid overlaid;

    /** What an overlay (a rule, an annotation) may do to an option. */
    enum Overlaid {
        /** It replaces the value. */
        REPLACED,
        /** It adds to the value (names and paths masked or pruned, detectors): it masks more, never less. */
        WIDENED,
        /** A switch that masks when on: an overlay may switch it on, never off. */
        RAISED,
        /** A masking setting an overlay may not change at all (the pseudonyms' key). */
        KEPT
    }

    Option(int index, String name, String property, String cxfName, OptionType<T> type, T defaultValue,
            String description, Overlaid overlaid) {
        this.index = index;
        this.name = name;
        this.property = property;
        this.cxfName = cxfName;
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.overlaid = overlaid;
    }

    int index() {
        return index;
    }

    /** The name, as the builder's method ({@code maxHeldBytes}). */
    public String name() {
        return name;
    }

    /** The property path, in Spring Boot's form without its prefix ({@code exchange.max-held-bytes}). */
    public String property() {
        return property;
    }

    /** CXF's name of the option (CXF's {@code LoggingFeature} property), or null when CXF has none. */
    public String cxfName() {
        return cxfName;
    }

    /** What the option does, one sentence, as docs/options.md and IDE completion show it. */
    public String description() {
        return description;
    }

    /** The value when the option is not set (null: none). */
    public T defaultValue() {
        return defaultValue;
    }

    /**
     * Whether an overlay (a rule, an annotation) adds to the value in force rather than replacing it: true for the
     * names and paths that are masked or pruned, so an overlay can mask more, never less.
     */
    public boolean widens() {
        return overlaid == Overlaid.WIDENED;
    }

    /**
     * Whether the option decides what is masked (names, paths, detectors, presets, pseudonyms): an overlay can make
     * it mask more, never less ({@link Options#overlay} refuses a value that would lower it).
     */
    public boolean masks() {
        return overlaid != Overlaid.REPLACED;
    }

    /**
     * {@code value}, given by an overlay, when it does not lower what this option masks.
     *
     * @throws IllegalArgumentException naming the option, when the overlay would mask less
     */
    T checkOverlay(T value) {
        boolean lowers = overlaid == Overlaid.KEPT || (overlaid == Overlaid.RAISED && !Boolean.TRUE.equals(value));
        if (lowers) {
            throw new IllegalArgumentException(name + " (" + property + "): a rule or annotation can mask more, never"
                    + " less; " + (overlaid == Overlaid.KEPT ? "it cannot set this option"
                    : "'" + text(value) + "' would switch masking off") + " (set it in the base configuration)");
        }
        return value;
    }

    /** The type of the value as Spring Boot's configuration metadata names it ({@code java.time.Duration}). */
    public String metadataType() {
        return type.metadataType();
    }

    /** The values accepted as text, in words ({@code a size such as 48KB, or -1}). */
    public String accepted() {
        return type.accepted();
    }

    /**
     * The values the option takes as text when they are a closed set — a strategy's names, a list's items (the
     * detectors' names) — for an IDE's hints; else empty.
     */
    public List<String> values() {
        return type.values();
    }

    /**
     * The value of {@code text} in the option's text form.
     *
     * @throws IllegalArgumentException naming the option and saying what is accepted
     */
    public T parse(String text) {
        String given = text == null ? "no value" : "'" + (type.secret() ? "[hidden]" : text) + "'";
        T value;
        try {
            value = type.parse(text == null ? "" : text.trim());
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw wrong(given, e.getMessage(), e);
        }
        String problem = type.problem(value);
        if (problem != null) {
            throw wrong(given, problem, null);
        }
        return value;
    }

    /**
     * {@code value} when the option takes it.
     *
     * @throws IllegalArgumentException naming the option and saying what is accepted
     */
    public T check(T value) {
        String problem = type.problem(value);
        if (problem != null) {
            throw wrong(type.secret() ? "the value given" : String.valueOf(value), problem, null);
        }
        return value;
    }

    /** Whether {@code derived} masks less than {@code base} does, for this option (false when it masks nothing). */
    boolean lowers(T base, T derived) {
        switch (overlaid) {
            case RAISED:
                return Boolean.TRUE.equals(base) && !Boolean.TRUE.equals(derived);
            case WIDENED:
                return !((java.util.Collection<?>) derived).containsAll((java.util.Collection<?>) base);
            case KEPT:
                return base == null ? derived != null : !base.equals(derived);
            default:
                return false;
        }
    }

    /** {@code value} in the option's text form; a secret's is {@code [hidden]} (or null when none is set). */
    public String text(T value) {
        if (value == null) {
            return null;
        }
        return type.secret() ? "[hidden]" : type.text(value);
    }

    /** {@code value}, which the caller knows to be of this option's type, as its value. */
    T cast(Object value) {
        return type.cast(value);
    }

    /** {@code old} widened by {@code more} (a union of lists); see {@link #widens()}. */
    T widen(T old, T more) {
        return type.union(old, more);
    }

    private IllegalArgumentException wrong(String given, String problem, RuntimeException cause) {
        return new IllegalArgumentException(name + " (" + property + "): " + given + " is not accepted"
                + (problem == null ? "" : " (" + problem + ")") + "; expected " + type.accepted(), cause);
    }

    @Override
    public String toString() {
        return name;
    }
}
