package io.xmlformatter.cxf;

import io.xmlformatter.Internal;
import io.xmlformatter.message.Warnings;
import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;

import java.util.Locale;

/**
 * The bus-wide switch, xml-formatter's equivalent of CXF's {@code -Dorg.apache.cxf.logging.enabled=true|pretty}:
 * with the system property (or bus property) {@value #ENABLED_PROPERTY} set to {@code true} or {@code pretty},
 * every endpoint and client of every bus is logged with xml-formatter's defaults (indented with {@code pretty}).
 * Unlike CXF's, the property is read when each bus has started, not once per JVM. Any other value than
 * {@code true}, {@code pretty} or {@code false} is reported as a warning (SLF4J if present, else
 * java.util.logging) and leaves logging off. The jar registers this listener with every bus
 * ({@code META-INF/cxf/bus-extensions.txt}); it uses only the CXF API of CXF 2.7 to 4.2. Public for CXF, which
 * makes it by name.
 */
@Internal
public final class XmlLoggingBusListener implements BusLifeCycleListener {
    /** The switch: {@code true}, {@code pretty} or {@code false} (the default). */
    public static final String ENABLED_PROPERTY = "io.xmlformatter.cxf.logging.enabled";

    private final Bus bus;

    /** Registers with {@code bus}'s life cycle (called by CXF's extension manager). */
    public XmlLoggingBusListener(Bus bus) {
        this.bus = bus;
        BusLifeCycleManager lifeCycle = bus.getExtension(BusLifeCycleManager.class);
        if (lifeCycle != null) {
            lifeCycle.registerLifeCycleListener(this);
        }
    }

    @Override
    public void initComplete() {
        Object value = bus.getProperty(ENABLED_PROPERTY);
        if (value == null) {
            value = System.getProperty(ENABLED_PROPERTY);
        }
        String mode = value == null ? "false" : value.toString().trim().toLowerCase(Locale.ROOT);
        if ("false".equals(mode) || mode.isEmpty() || Interceptors.installedOn(bus)) {
            return;
        }
        if (!"true".equals(mode) && !"pretty".equals(mode)) {
            Warnings.warn(XmlLoggingBusListener.class, "xml-formatter: " + ENABLED_PROPERTY + "=" + value
                    + " is not true, pretty or false: logging stays off", null);
            return;
        }
        BaseXmlLoggingFeature settings = new BaseXmlLoggingFeature();
        settings.setPrettyLogging("pretty".equals(mode));
        settings.installOn(bus, bus);
    }

    @Override
    public void preShutdown() {
    }

    @Override
    public void postShutdown() {
    }
}
