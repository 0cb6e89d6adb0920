package io.xmlformatter.log;

/**
 * Where log records go (SLF4J, MongoDB, ...). Implementations are thread-safe; {@link #write} is called on the
 * thread that handles the message and must not block it for long.
 */
public interface LogSink extends AutoCloseable {
    /** Takes one record. Must not throw for a problem of the destination: count it, report it, go on. */
    void write(LogRecord record);

    /** Releases what the sink holds. The default does nothing. */
    @Override
    default void close() {
    }
}
