package io.xmlformatter.cxf;

import io.xmlformatter.Internal;

import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.service.factory.AbstractServiceFactoryBean;
import org.apache.cxf.service.factory.FactoryBeanListener;

import java.util.Arrays;
import java.util.HashSet;
import java.util.function.Supplier;

/**
 * Puts xml-formatter's interceptors on every endpoint and client whose service class or interface carries
 * {@link XmlLogging @XmlLogging}, as CXF's {@code LoggingFactoryBeanListener} does for {@code @Logging}. The jar
 * registers it with every bus ({@code META-INF/cxf/bus-extensions.txt}); it uses only the CXF API of CXF 2.7 to
 * 4.2, so it also works inside Mule 3.
 */
@Internal
public final class XmlLoggingAnnotationListener implements FactoryBeanListener {
    @Override
    public void handleEvent(Event event, AbstractServiceFactoryBean factory, Object... args) {
        if (event == Event.ENDPOINT_SELECTED && args.length > 2 && args[1] instanceof Endpoint) {
            install((Endpoint) args[1], factory.getBus(), args[2]);
        } else if (event == Event.SERVER_CREATED && args.length > 2 && args[0] instanceof Server) {
            install(((Server) args[0]).getEndpoint(), factory.getBus(), args[2]);
        }
    }

    private static void install(Endpoint endpoint, Bus bus, Object type) {
        XmlLogging annotation = type instanceof Class ? ((Class<?>) type).getAnnotation(XmlLogging.class) : null;
        if (annotation != null && !XmlLoggingSettings.installedOn(endpoint)) {
            settingsOf(annotation).installOn(endpoint, bus);
        }
    }

    /** The settings an annotation describes (the defaults of {@link XmlLoggingSettings} elsewhere). */
    static XmlLoggingSettings settingsOf(XmlLogging annotation) {
        return settingsOf(annotation, XmlLoggingSettings::new);
    }

    /** The settings an annotation describes, set on a new object from {@code settingsType}. */
    static XmlLoggingSettings settingsOf(XmlLogging annotation, Supplier<XmlLoggingSettings> settingsType) {
        XmlLoggingSettings settings = settingsType.get();
        settings.setLimit(annotation.limit());
        settings.setInMemThreshold(annotation.inMemThresHold());
        settings.setPrettyLogging(annotation.pretty());
        settings.setLogBinary(annotation.logBinary());
        settings.setLogMultipart(annotation.logMultipart());
        settings.setSensitiveElementNames(new HashSet<>(Arrays.asList(annotation.sensitiveElementNames())));
        settings.setSensitiveAttributeNames(new HashSet<>(Arrays.asList(annotation.sensitiveAttributeNames())));
        settings.setAnonymize(Arrays.asList(annotation.anonymize()));
        settings.setPrune(Arrays.asList(annotation.prune()));
        settings.setWsSecurity(annotation.wsSecurity());
        settings.setDetect(Arrays.asList(annotation.detect()));
        if (annotation.strategy().length > 0) {
            settings.setStrategy(annotation.strategy()[0]);
        }
        return settings;
    }
}
