package io.xmlformatter.cxf;

import io.xmlformatter.message.AnnotationOverlay;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.apache.cxf.Bus;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CXF forms of the message logger's options against the one table of them, {@link Options}: the bean setters of
 * {@link BaseXmlLoggingFeature} are CXF's names of the rows that have one, {@code options} for every row, and what only
 * the CXF adapter has; {@link XmlLogging @XmlLogging}'s attributes name rows; the annotation derives from the logging
 * in force on its bus.
 */
class OptionsAgreementTest {
    /** The setters that are no option of the table: the runtime around CXF, sinks, rules, the generic one. */
    private static final Set<String> OWN = new TreeSet<>(List.of("setHost", "setSink", "setInSink", "setOutSink",
            "setRules", "setOptions", "setVerbose", "addBinaryContentMediaTypes", "addInBinaryContentMediaTypes",
            "addOutBinaryContentMediaTypes", "addSensitiveElementNames", "addSensitiveProtocolHeaderNames"));

    @Test
    void theSettersAreCxfsNamesOfTheTablesRowsAndTheSettingsOwn() {
        Set<String> expected = new TreeSet<>(OWN);
        for (Option<?> o : Options.all()) {
            if (o.cxfName() != null) {
                expected.add("set" + Character.toUpperCase(o.cxfName().charAt(0)) + o.cxfName().substring(1));
            }
        }
        assertEquals(expected, setters(BaseXmlLoggingFeature.class));
    }

    @Test
    void theFeatureAddsOnlyCxfsSenderSetters() {
        Set<String> own = setters(XmlLoggingFeature.class);
        own.removeAll(setters(BaseXmlLoggingFeature.class));
        // CXF's LogEventSender setters: the feature's way to hand records to CXF's senders, not a logger option
        assertEquals(new TreeSet<>(List.of("setInSender", "setOutSender", "setSender")), own);
    }

    @Test
    void everyAnnotationAttributeNamesARowOfTheTable() {
        for (Method m : XmlLogging.class.getDeclaredMethods()) {
            if (!m.getName().equals("enabled") && !m.getName().equals("options")) {
                Options.named(m.getName()); // throws for a name that is no option
            }
        }
        assertEquals(Map.of("pretty", "true"), AnnotationOverlay.of(XmlLoggingAnnotatedBank.class
                .getAnnotation(XmlLogging.class)));
    }

    @Test
    void anAnnotationDerivesFromTheLoggingInForceOnItsBusAndWritesToItsSink() {
        Bus bus = new ExtensionManagerBus();
        try {
            CollectingSink sink = new CollectingSink();
            BaseXmlLoggingFeature inForce = new BaseXmlLoggingFeature();
            inForce.setSink(sink);
            inForce.setSensitiveElementNames(Set.of("account"));
            inForce.setOptions(Map.of("exchange.strategy", "WITHOUT_BODY"));
            inForce.installOn(bus, bus);
            XmlLogging annotation = Annotated.class.getAnnotation(XmlLogging.class);
            MessageLogger derived = XmlLoggingAnnotationListener.settingsOf(annotation, bus).getMessageLogger();
            assertEquals(List.of("account", "pin"), derived.options().get(Options.SENSITIVE_ELEMENT_NAMES));
            assertEquals(Strategy.BODY_ON_FAILURE, derived.options().get(Options.STRATEGY));
            assertEquals(300L, derived.options().get(Options.LIMIT));
            derived.log(MessageFacts.of(MessageType.REQ_IN).contentType("text/xml"), CapturedBody.of(
                    "<a><account>1</account><pin>2</pin></a>".getBytes(StandardCharsets.UTF_8)));
            LogRecord r = sink.only(MessageType.REQ_IN);
            assertEquals("<a><account>[*****]</account><pin>[*****]</pin></a>", r.payload());
            MessageLogger alone = XmlLoggingAnnotationListener.settingsOf(annotation, null).getMessageLogger();
            assertEquals(List.of("pin"), alone.options().get(Options.SENSITIVE_ELEMENT_NAMES));
        } finally {
            bus.shutdown(true);
        }
    }

    @XmlLogging(sensitiveElementNames = "pin", strategy = Strategy.BODY_ON_FAILURE, options = "body.limit=300")
    private static final class Annotated {
    }

    /** The public one-argument {@code set} and {@code add} methods of {@code type}: its bean properties and CXF's adders. */
    private static Set<String> setters(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Method m : type.getMethods()) {
            if ((m.getName().startsWith("set") || m.getName().startsWith("add")) && m.getParameterCount() == 1
                    && Modifier.isPublic(m.getModifiers())
                    && !Modifier.isStatic(m.getModifiers())) {
                names.add(m.getName());
            }
        }
        return names;
    }
}
