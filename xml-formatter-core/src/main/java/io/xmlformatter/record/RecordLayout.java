package io.xmlformatter.record;

/** Turns a record into the text a text-based sink writes. Implementations are immutable and thread-safe. */
public interface RecordLayout {
    /** The record as text. */
    String format(LogRecord record);
}
