package io.xmlformatter.record;

/**
 * Where log records go (SLF4J, MongoDB, ...). Implementations are thread-safe; {@link #write} is called on the
 * thread that handles the message and must not block it for long.
 */
public interface LogSink extends AutoCloseable {
    /** Takes one record. Must not throw for a problem of the destination: count it, report it, go on. */
    void write(LogRecord record);

    /**
     * Whether a record of this type would be written: asked before a body is captured or formatted, so a sink
     * that would drop the record (a logger switched off) costs nothing. The default says yes.
     *
     * @param type the message's type
     * @param owner the port type or service name the record will carry, or null when not known yet
     */
    default boolean wouldWrite(MessageType type, String owner) {
        return true;
    }

    /**
     * Whether a record of this type would be written at {@code level} (records carry a level when the logger
     * chooses it by outcome; {@link LogRecord#level()}). The default ignores the level.
     */
    default boolean wouldWrite(MessageType type, String owner, LogLevel level) {
        return wouldWrite(type, owner);
    }

    /**
     * Whether a record of this type from this integration ({@link LogRecord#integration()}) would be written at
     * {@code level} (null: the sink's own). The default asks the methods above, the integration aside.
     */
    default boolean wouldWrite(MessageType type, String integration, String owner, LogLevel level) {
        return level == null ? wouldWrite(type, owner) : wouldWrite(type, owner, level);
    }

    /** Releases what the sink holds. The default does nothing. */
    @Override
    default void close() {
    }
}
