package io.xmlformatter.message;

/** Whether an optional dependency's API is on the class path: asked once per API, by the class that uses it. */
final class OptionalApi {
    private OptionalApi() {
    }

    /** Whether {@code className} loads (without initialising it). */
    static boolean present(String className) {
        try {
            Class.forName(className, false, OptionalApi.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
