package io.xmlformatter.jaxrs;

import io.xmlformatter.testsupport.BuilderOptions;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link XmlLogging @XmlLogging}'s attributes are the message logger's options under the same names (and, through
 * them, CXF's rule bean's and Boot's): only {@code enabled}, which is the builder's {@code exclude}, has another.
 */
class AnnotationNamesTest {

    @Test
    void everyAttributeIsABuilderOptionOfTheSameName() {
        Set<String> attributes = new TreeSet<>();
        for (Method m : XmlLogging.class.getDeclaredMethods()) {
            attributes.add(m.getName());
        }
        attributes.remove("enabled");
        Set<String> missing = new TreeSet<>(attributes);
        missing.removeAll(BuilderOptions.names());
        assertEquals(Set.of(), missing, "attributes named unlike any builder option");
    }
}
