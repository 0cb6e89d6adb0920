package io.xmlformatter;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks public API that may still change in a minor release: new in this version, or an extension point whose shape
 * is not settled (the adapter SPI, value detectors, pseudonyms). The compatibility check between releases leaves it
 * out. Everything public and not marked {@code @Experimental} or {@link Internal @Internal} is stable: it changes
 * incompatibly only in a major release.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Experimental {
}
