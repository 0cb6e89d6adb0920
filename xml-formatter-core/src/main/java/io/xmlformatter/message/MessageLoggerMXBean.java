package io.xmlformatter.message;

import io.xmlformatter.Experimental;

/**
 * A message logger on JMX ({@link LoggerJmx}): the options it runs with, its counters, and the rules added while
 * running — read them, add one for a while, remove one.
 */
@Experimental
public interface MessageLoggerMXBean {
    /** The options not at their default, by property, as text (a secret as {@code [hidden]}). */
    String getOptions();

    /** The rules added while running and in force, the newest first. */
    String[] getRules();

    /**
     * Adds a rule for a while ({@link MessageLogger#addRule}).
     *
     * @param match which exchanges, as {@link ExchangeMatch#of} reads it: {@code "operation=pay; method=POST"}
     * @param options what changes, as {@code property=value} pairs separated by {@code ;} ({@link Options#pairs})
     * @param lasting how long, e.g. {@code 10m}
     * @return the rule's id
     */
    String addRule(String match, String options, String lasting);

    /** Removes a rule added while running; false when there is none of this id. */
    boolean removeRule(String id);

    /** {@link MessageLogger#sinkFailures()}. */
    long getSinkFailures();

    /** {@link MessageLogger#recordFailures()}. */
    long getRecordFailures();

    /** {@link MessageLogger#heldBytes()}. */
    long getHeldBytes();

    /** {@link MessageLogger#heldOverflows()}. */
    long getHeldOverflows();
}
