package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * A message logger on the platform MBean server as {@code io.xmlformatter:type=MessageLogger,name=<name>}: see
 * {@link MessageLoggerMXBean}. Reads and changes the logger; the logger knows nothing of JMX.
 */
@Experimental
public final class LoggerJmx implements MessageLoggerMXBean, AutoCloseable {
    private final MessageLogger logger;
    private final ObjectName name;

    private LoggerJmx(MessageLogger logger, ObjectName name) {
        this.logger = logger;
        this.name = name;
    }

    /**
     * Registers {@code logger} under {@code name}; {@link #close()} unregisters it.
     *
     * @throws IllegalStateException when the name is taken or JMX refuses it
     */
    public static LoggerJmx register(MessageLogger logger, String name) {
        try {
            ObjectName on = new ObjectName("io.xmlformatter:type=MessageLogger,name=" + ObjectName.quote(name));
            LoggerJmx bean = new LoggerJmx(logger, on);
            ManagementFactory.getPlatformMBeanServer().registerMBean(bean, on);
            return bean;
        } catch (JMException e) {
            throw new IllegalStateException("xml-formatter: cannot register the logger '" + name + "' on JMX: " + e, e);
        }
    }

    @Override
    public String getOptions() {
        return logger.options().changed().toString();
    }

    @Override
    public String[] getRules() {
        List<LiveRule> rules = logger.liveRules();
        String[] text = new String[rules.size()];
        for (int i = 0; i < text.length; i++) {
            text[i] = rules.get(i).toString();
        }
        return text;
    }

    @Override
    public String addRule(String match, String options, String lasting) {
        return logger.addRule(ExchangeMatch.of(Options.pairs(match)), Options.pairs(options),
                Options.duration(lasting)).id();
    }

    @Override
    public boolean removeRule(String id) {
        return logger.removeRule(id);
    }

    @Override
    public long getSinkFailures() {
        return logger.sinkFailures();
    }

    @Override
    public long getRecordFailures() {
        return logger.recordFailures();
    }

    @Override
    public long getHeldBytes() {
        return logger.heldBytes();
    }

    @Override
    public long getHeldOverflows() {
        return logger.heldOverflows();
    }

    /** Unregisters the bean. */
    @Override
    public void close() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException e) {
            throw new IllegalStateException("xml-formatter: cannot unregister " + name + ": " + e, e);
        }
    }
}
