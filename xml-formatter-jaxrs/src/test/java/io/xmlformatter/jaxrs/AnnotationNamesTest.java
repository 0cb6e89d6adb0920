package io.xmlformatter.jaxrs;

import io.xmlformatter.message.Options;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link XmlLogging @XmlLogging}'s attributes are rows of the options table under their names: only {@code enabled},
 * which is the builder's {@code exclude}, and {@code options}, any row by name, are not.
 */
class AnnotationNamesTest {

    @Test
    void everyAttributeNamesARowOfTheTable() {
        int named = 0;
        for (Method m : XmlLogging.class.getDeclaredMethods()) {
            if (!m.getName().equals("enabled") && !m.getName().equals("options")) {
                assertEquals(m.getName().toLowerCase(java.util.Locale.ROOT),
                        Options.named(m.getName()).name().toLowerCase(java.util.Locale.ROOT));
                named++;
            }
        }
        assertEquals(XmlLogging.class.getDeclaredMethods().length - 2, named);
    }
}
