package io.xmlformatter;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type that is public only because another package or another of this project's jars needs it (the engine's
 * bridge to the message logger, classes a framework instantiates by name). Not for use outside xml-formatter: it may
 * change or go in any release, and the compatibility check between releases leaves it out.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Internal {
}
