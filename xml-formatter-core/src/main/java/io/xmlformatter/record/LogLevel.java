package io.xmlformatter.record;

/** The level of a record, as SLF4J names levels; chosen by an exchange's outcome (see the message logger). */
public enum LogLevel {
    /** SLF4J's TRACE. */
    TRACE,
    /** SLF4J's DEBUG. */
    DEBUG,
    /** SLF4J's INFO. */
    INFO,
    /** SLF4J's WARN. */
    WARN,
    /** SLF4J's ERROR. */
    ERROR
}
