package io.xmlformatter.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes records to SLF4J ({@code org.slf4j:slf4j-api} 1.7.15+ or 2.x on the class path).
 *
 * <p>The logger is named like CXF's: {@code <prefix>.<portType or service>.<TYPE>}, with the prefix
 * {@code org.apache.cxf.services} by default, so existing logging configuration keeps working. During the
 * call the MDC holds {@code exchangeId}, {@code correlationId}, {@code messageType}, {@code service} and
 * {@code operation} (where known) and the record's attributes (e.g. Mule's ids); what was there before is put
 * back after.
 */
public final class Slf4jSink implements LogSink {
    /** CXF's logger name prefix. */
    public static final String CXF_LOGGER_PREFIX = "org.apache.cxf.services";

    private final RecordLayout layout;
    private final String prefix;
    private final Level level;
    private final Map<String, Logger> loggers = new ConcurrentHashMap<>();

    /**
     * A sink with the given layout, logger-name prefix and level.
     *
     * @param layout {@link TextLayout#INSTANCE}, {@link JsonLayout#INSTANCE} or your own
     * @param loggerPrefix the logger name's prefix, e.g. {@link #CXF_LOGGER_PREFIX}
     * @param level the level records are logged at
     */
    public Slf4jSink(RecordLayout layout, String loggerPrefix, Level level) {
        if (layout == null || loggerPrefix == null || level == null) {
            throw new IllegalArgumentException("layout, loggerPrefix and level are required");
        }
        this.layout = layout;
        this.prefix = loggerPrefix;
        this.level = level;
    }

    /** The text layout at INFO under CXF's logger names. */
    public static Slf4jSink text() {
        return new Slf4jSink(TextLayout.INSTANCE, CXF_LOGGER_PREFIX, Level.INFO);
    }

    /** The JSON layout at INFO under CXF's logger names. */
    public static Slf4jSink json() {
        return new Slf4jSink(JsonLayout.INSTANCE, CXF_LOGGER_PREFIX, Level.INFO);
    }

    @Override
    public void write(LogRecord record) {
        Logger logger = logger(record);
        if (!enabled(logger)) {
            return;
        }
        Map<String, String> mdc = new LinkedHashMap<>();
        mdc.put("exchangeId", record.exchangeId());
        mdc.put("correlationId", record.correlationId());
        mdc.put("messageType", record.type().name());
        mdc.put("service", record.service());
        mdc.put("operation", record.operation());
        mdc.putAll(record.attributes());
        Map<String, String> previous = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : mdc.entrySet()) {
            previous.put(e.getKey(), MDC.get(e.getKey()));
            if (e.getValue() != null) {
                MDC.put(e.getKey(), e.getValue());
            }
        }
        try {
            log(logger, layout.format(record));
        } finally {
            for (Map.Entry<String, String> e : previous.entrySet()) {
                if (e.getValue() != null) {
                    MDC.put(e.getKey(), e.getValue());
                } else {
                    MDC.remove(e.getKey());
                }
            }
        }
    }

    private boolean enabled(Logger logger) {
        switch (level) {
            case ERROR:
                return logger.isErrorEnabled();
            case WARN:
                return logger.isWarnEnabled();
            case INFO:
                return logger.isInfoEnabled();
            case DEBUG:
                return logger.isDebugEnabled();
            default:
                return logger.isTraceEnabled();
        }
    }

    private void log(Logger logger, String text) {
        switch (level) {
            case ERROR:
                logger.error(text);
                break;
            case WARN:
                logger.warn(text);
                break;
            case INFO:
                logger.info(text);
                break;
            case DEBUG:
                logger.debug(text);
                break;
            default:
                logger.trace(text);
        }
    }

    private Logger logger(LogRecord record) {
        String owner = record.portType() != null ? record.portType() : record.service();
        String name = prefix + "." + (owner == null ? "unknown" : simpleName(owner)) + "." + record.type();
        return loggers.computeIfAbsent(name, LoggerFactory::getLogger);
    }

    /** "{urn:x}Name" and "a.b.Name" both give "Name", as CXF does with port types. */
    private static String simpleName(String qname) {
        int brace = qname.lastIndexOf('}');
        return brace >= 0 ? qname.substring(brace + 1) : qname;
    }
}
