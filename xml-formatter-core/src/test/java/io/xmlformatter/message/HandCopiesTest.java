package io.xmlformatter.message;

import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The copy written field by field, {@link LogRecord#toBuilder()}, copies every field: each field is given a value
 * other than its default, and the copy must hold it. A field added to the class and forgotten in the copy fails here.
 */
class HandCopiesTest {

    @Test
    void aRecordsBuilderHoldsEveryField() throws Exception {
        LogRecord.Builder b = LogRecord.builder(MessageType.REQ_IN);
        List<Field> builderFields = instanceFields(LogRecord.Builder.class);
        for (Field f : builderFields) {
            changeFrom(f, b);
        }
        LogRecord record = b.build();
        LogRecord again = record.toBuilder().build();
        List<Field> fields = instanceFields(LogRecord.class);
        assertTrue(fields.size() > 30, "the record's fields: " + fields.size());
        for (Field f : fields) {
            assertEquals(String.valueOf(value(f, record)), String.valueOf(value(f, again)), f.getName());
        }
    }

    private static List<Field> instanceFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                f.setAccessible(true);
                fields.add(f);
            }
        }
        return fields;
    }

    private static Object value(Field f, Object owner) throws IllegalAccessException {
        Object v = f.get(owner);
        return v != null && v.getClass().isArray() ? arrayText(v) : v;
    }

    private static String arrayText(Object array) {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < Array.getLength(array); i++) {
            items.add(Array.get(array, i));
        }
        return items.toString();
    }

    /** Gives {@code f} in {@code owner} a value other than the one it has, whatever its type. */
    @SuppressWarnings("unchecked")
    private static void changeFrom(Field f, Object owner) throws Exception {
        Class<?> t = f.getType();
        Object before = value(f, owner);
        String beforeText = String.valueOf(before);
        if (Collection.class.isAssignableFrom(t)) {
            Collection<Object> c = (Collection<Object>) f.get(owner);
            c.add(elementFor(f));
        } else if (Map.class.isAssignableFrom(t)) {
            Map<Object, Object> m = (Map<Object, Object>) f.get(owner);
            m.put("X-Changed", f.getName().equals("headers") ? Collections.singletonList("v") : "v");
        } else {
            f.set(owner, otherValue(t, before));
        }
        assertNotEquals(beforeText, String.valueOf(value(f, owner)), f.getName() + " did not change");
    }

    private static Object elementFor(Field f) {
        String name = f.getName();
        if (name.equals("detectors")) {
            return ValueDetector.named("card-numbers");
        }
        if (name.equals("rules")) {
            // a rule, as the builder records it
            MessageLoggerBuilder b = MessageLogger.builder().exclude(ExchangeMatch.any().operation("ping"));
            try {
                Field rules = MessageLoggerBuilder.class.getDeclaredField("rules");
                rules.setAccessible(true);
                return ((List<?>) rules.get(b)).get(0);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return "changed";
    }

    private static Object otherValue(Class<?> t, Object before) {
        if (t == int.class || t == Integer.class) {
            return Integer.valueOf(7).equals(before) ? 8 : 7;
        }
        if (t == long.class || t == Long.class) {
            return Long.valueOf(7).equals(before) ? 8L : 7L;
        }
        if (t == double.class) {
            return Double.valueOf(0.5).equals(before) ? 0.25 : 0.5;
        }
        if (t == boolean.class) {
            return !(Boolean) before;
        }
        if (t == String.class) {
            return "changed";
        }
        if (t == Duration.class) {
            return Duration.ofSeconds(7);
        }
        if (t == Instant.class) {
            return Instant.parse("2026-11-25T10:00:00Z");
        }
        if (t == LogLevel[].class) {
            return new LogLevel[] {LogLevel.DEBUG, LogLevel.WARN, LogLevel.ERROR};
        }
        if (t == LogLevel.class) {
            return LogLevel.DEBUG == before ? LogLevel.WARN : LogLevel.DEBUG;
        }
        if (t == MessageType.class) {
            return MessageType.REQ_IN == before ? MessageType.RESP_OUT : MessageType.REQ_IN;
        }
        if (t == Strategy.class) {
            return Strategy.ALWAYS == before ? Strategy.WITHOUT_BODY : Strategy.ALWAYS;
        }
        if (t == LogSink.class) {
            return (LogSink) record -> { };
        }
        if (t == Pseudonyms.class) {
            return Pseudonyms.keyed("a key of sixteen bytes or more");
        }
        if (t == LogRecord.class) {
            return LogRecord.builder(MessageType.REQ_IN).payload("the request").build();
        }
        throw new AssertionError("no other value for a " + t.getName() + ": add one here");
    }
}
