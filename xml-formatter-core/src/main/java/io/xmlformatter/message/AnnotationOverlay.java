package io.xmlformatter.message;

import io.xmlformatter.Internal;
import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The overlay an adapter's {@code @XmlLogging} annotation describes: each attribute not at its default is the
 * option of its name ({@link Options#named}: {@code limit}, {@code pretty}, {@code sensitiveElementNames},
 * {@code strategy}, ...) as text, arrays joined with commas; the attribute {@code options} adds options by name as
 * {@code "name=value"}; {@code enabled} is the adapter's. So the CXF and the Jakarta REST annotations mean the same,
 * and an option added to the table is reachable from both without a new attribute. For the adapters only.
 */
@Internal
public final class AnnotationOverlay {
    private AnnotationOverlay() {
    }

    /**
     * The options {@code annotation} changes, by name, as text, in the order of its attributes.
     *
     * @throws IllegalArgumentException for an attribute or an {@code options} entry that names no option, or one
     *                                  whose value the option does not take, naming it
     */
    public static Map<String, String> of(Annotation annotation) {
        Map<String, String> overlay = new LinkedHashMap<>();
        Method[] attributes = annotation.annotationType().getDeclaredMethods();
        Arrays.sort(attributes, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method a : attributes) {
            Object value = value(annotation, a);
            if ("enabled".equals(a.getName()) || equal(value, a.getDefaultValue())) {
                continue;
            }
            if ("options".equals(a.getName())) {
                for (String entry : (String[]) value) {
                    overlay.putAll(Options.pairs(entry));
                }
            } else {
                overlay.put(Options.named(a.getName()).name(), text(value));
            }
        }
        Options.defaults().overlay(overlay);
        return Collections.unmodifiableMap(overlay);
    }

    private static Object value(Annotation annotation, Method attribute) {
        try {
            return attribute.invoke(annotation);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + attribute, e);
        }
    }

    private static boolean equal(Object value, Object defaultValue) {
        return Arrays.deepEquals(new Object[] {value}, new Object[] {defaultValue});
    }

    private static String text(Object value) {
        if (!value.getClass().isArray()) {
            return value instanceof Enum ? ((Enum<?>) value).name() : String.valueOf(value);
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Array.getLength(value); i++) {
            s.append(i == 0 ? "" : ",").append(text(Array.get(value, i)));
        }
        return s.toString();
    }
}
