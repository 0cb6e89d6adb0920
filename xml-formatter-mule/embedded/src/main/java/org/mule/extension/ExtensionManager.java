package org.mule.extension;

/**
 * Stands in for {@code org.mule.extensions:mule-extensions-api:1.0.0-alpha-1}, which Mule 3.9 CE refers to but
 * Maven Central does not have; Mule's Spring registry only needs the type to exist.
 */
public interface ExtensionManager {
}
