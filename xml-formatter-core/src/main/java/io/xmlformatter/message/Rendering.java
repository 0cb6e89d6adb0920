package io.xmlformatter.message;

/** The text being made and what making it found. */
final class Rendering {
    private final int capacity;
    private StringBuilder out;
    /** The payload, when the engine made it alone from a complete XML body ({@code BodyRenderer.whole}). */
    String whole;
    boolean truncated;
    boolean wellFormed = true;
    int masked;
    boolean binary;

    Rendering(int capacity) {
        this.capacity = capacity;
    }

    /** The text made so far, to append to. */
    StringBuilder out() {
        if (out == null) {
            out = new StringBuilder(capacity);
        }
        return out;
    }

    String payload() {
        return whole != null ? whole : out == null ? "" : out.toString();
    }

    void notLogged(String why) {
        out().append("[body not logged: ").append(why).append(']');
    }
}
