package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.time.Instant;
import java.util.Map;

/**
 * A rule added to a running logger ({@link MessageLogger#addRule}): which exchanges, what changes for them (options
 * by property, as text, as {@link Options#overlay} reads them), and until when. Immutable.
 */
@Experimental
public final class LiveRule {
    private final String id;
    private final ExchangeMatch match;
    private final Map<String, String> options;
    private final Instant expires;

    LiveRule(String id, ExchangeMatch match, Map<String, String> options, Instant expires) {
        this.id = id;
        this.match = match;
        this.options = options;
        this.expires = expires;
    }

    /** The id to remove it by. */
    public String id() {
        return id;
    }

    /** The exchanges it applies to. */
    public ExchangeMatch match() {
        return match;
    }

    /** What changes for them, by property, as text. */
    public Map<String, String> options() {
        return options;
    }

    /** When it ends. */
    public Instant expires() {
        return expires;
    }

    @Override
    public String toString() {
        return id + ": " + match + " " + options + " until " + expires;
    }
}
