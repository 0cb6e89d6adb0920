package io.xmlformatter.cxf;

import io.xmlformatter.Internal;
import io.xmlformatter.message.AnnotationOverlay;
import io.xmlformatter.message.MessageLogger;

import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.service.factory.AbstractServiceFactoryBean;
import org.apache.cxf.service.factory.FactoryBeanListener;

import java.util.Map;

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
        if (annotation == null || Interceptors.installedOn(endpoint)) {
            return;
        }
        if (annotation.enabled()) {
            settingsOf(annotation, bus).installOn(endpoint, bus);
        } else {
            endpoint.put(CxfLogging.ENABLE_PROPERTY, "false"); // bus-wide logging leaves it out too
        }
    }

    /**
     * The settings an annotation describes: the logging in force on {@code bus} (registered by
     * {@link BaseXmlLoggingFeature#installOn} on a bus, or the Spring Boot starter's) changed by the annotation, sharing
     * its sinks and chains; without one, the defaults changed by it.
     *
     * @throws IllegalArgumentException naming the attribute or option that is wrong
     */
    static BaseXmlLoggingFeature settingsOf(XmlLogging annotation, Bus bus) {
        Map<String, String> overlay = AnnotationOverlay.of(annotation);
        BaseXmlLoggingFeature inForce = bus == null ? null : bus.getExtension(BaseXmlLoggingFeature.class);
        return new BaseXmlLoggingFeature(inForce != null ? inForce.getMessageLogger().derive(b -> b.overlay(overlay))
                : MessageLogger.builder().overlay(overlay).build());
    }
}
