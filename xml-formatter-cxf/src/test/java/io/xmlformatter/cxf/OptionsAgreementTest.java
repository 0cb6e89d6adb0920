package io.xmlformatter.cxf;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.testsupport.BuilderOptions;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CXF forms of the message logger's options against the one place they are defined, {@link MessageLogger.Builder}:
 * the bean setters of {@link XmlLoggingSettings} (which {@link XmlLoggingFeature}, Spring XML and Mule's
 * {@code MuleXmlLogging} use), the rule bean {@link XmlLoggingRule}, and {@link XmlLogging @XmlLogging}. The tables
 * below are the whole mapping: an option, setter or attribute added on one side only fails this test.
 */
class OptionsAgreementTest {
    /**
     * Each builder option and the setter (or, where CXF's {@code LoggingFeature} has one, CXF's {@code add} method)
     * that sets it, named as CXF names it where CXF has it.
     */
    private static final Map<String, String> SETTER_OF_OPTION = new HashMap<>();
    /**
     * Methods that are not one builder option: what only the CXF adapter knows (the runtime around CXF), and CXF's
     * {@code addBinaryContentMediaTypes}, which adds to both directions' options at once.
     */
    private static final Set<String> CXF_ONLY = new TreeSet<>(List.of("setHost", "addBinaryContentMediaTypes"));
    /** Each {@code @XmlLogging} attribute and the setter {@link XmlLoggingAnnotationListener} derives it through. */
    private static final Map<String, String> SETTER_OF_ATTRIBUTE = new HashMap<>();

    static {
        String[] options = {
            "limit", "setLimit",
            "inMemThreshold", "setInMemThreshold",
            "pretty", "setPrettyLogging",
            "indent", "setIndent",
            "logBinary", "setLogBinary",
            "logMultipart", "setLogMultipart",
            "addInBinaryMediaTypes", "addInBinaryContentMediaTypes",
            "addOutBinaryMediaTypes", "addOutBinaryContentMediaTypes",
            "verbose", "setVerbose",
            "maxTextLength", "setMaxTextLength",
            "maxCdataLength", "setMaxCdataLength",
            "embeddedXml", "setEmbeddedXml",
            "wsSecurity", "setWsSecurity",
            "mask", "setMask",
            "detect", "setDetect",
            "pseudonyms", "setPseudonymKey",
            "sensitiveElementNames", "setSensitiveElementNames",
            "addSensitiveElementNames", "addSensitiveElementNames",
            "sensitiveAttributeNames", "setSensitiveAttributeNames",
            "addSensitiveAttributeNames", "addSensitiveAttributeNames",
            "sensitiveHeaderNames", "setSensitiveProtocolHeaderNames",
            "addSensitiveHeaderNames", "addSensitiveProtocolHeaderNames",
            "sensitiveParameterNames", "setSensitiveParameterNames",
            "anonymize", "setAnonymize",
            "addAnonymize", "setAnonymize",
            "prune", "setPrune",
            "addPrune", "setPrune",
            "anonymizeJson", "setAnonymizeJson",
            "pruneJson", "setPruneJson",
            "strategy", "setStrategy",
            "slowThreshold", "setSlowThresholdMillis",
            "faultStatus", "setFaultStatus",
            "levels", "setLevels",
            "sampleOneIn", "setSampleOneIn",
            "sampleRate", "setSampleRate",
            "sampleKeepsFailures", "setSampleKeepsFailures",
            "chain", "setChain",
            "chainMaxRecords", "setChainMaxRecords",
            "chainMaxAge", "setChainMaxAgeMillis",
            "maxHeldBytes", "setMaxHeldBytes",
            "suppressDuplicates", "setSuppressDuplicates",
            "correlationHeader", "setCorrelationHeader",
            "correlationFromTrace", "setCorrelationFromTrace",
            "recordPerExchange", "setRecordPerExchange",
            "rule", "setRules",
            "exclude", "setRules",
            "sink", "setSink",
            "inSink", "setInSink",
            "outSink", "setOutSink",
        };
        for (int i = 0; i < options.length; i += 2) {
            SETTER_OF_OPTION.put(options[i], options[i + 1]);
        }
        String[] attributes = {
            "limit", "setLimit",
            "inMemThresHold", "setInMemThreshold",
            "pretty", "setPrettyLogging",
            "logBinary", "setLogBinary",
            "logMultipart", "setLogMultipart",
            "sensitiveElementNames", "setSensitiveElementNames",
            "sensitiveAttributeNames", "setSensitiveAttributeNames",
            "anonymize", "setAnonymize",
            "prune", "setPrune",
            "wsSecurity", "setWsSecurity",
            "detect", "setDetect",
            "strategy", "setStrategy",
        };
        for (int i = 0; i < attributes.length; i += 2) {
            SETTER_OF_ATTRIBUTE.put(attributes[i], attributes[i + 1]);
        }
    }

    @Test
    void everyBuilderOptionHasASetterAndEverySetterAnOption() {
        assertEquals(BuilderOptions.names(), new TreeSet<>(SETTER_OF_OPTION.keySet()), "builder options without a CXF setter, or "
                + "table entries for options that are gone");
        Set<String> setters = setters(XmlLoggingSettings.class);
        Set<String> mapped = new TreeSet<>(SETTER_OF_OPTION.values());
        mapped.addAll(CXF_ONLY);
        assertEquals(setters, mapped, "setters of XmlLoggingSettings that set no option, or named setters missing");
    }

    @Test
    void theFeatureAddsOnlyCxfsSenderSetters() {
        Set<String> own = setters(XmlLoggingFeature.class);
        own.removeAll(setters(XmlLoggingSettings.class));
        // CXF's LogEventSender setters: the feature's way to hand records to CXF's senders, not a logger option
        assertEquals(new TreeSet<>(List.of("setInSender", "setOutSender", "setSender")), own);
    }

    @Test
    void everyAnnotationAttributeIsDerivedThroughASetter() {
        Set<String> attributes = new TreeSet<>();
        for (Method m : XmlLogging.class.getDeclaredMethods()) {
            attributes.add(m.getName());
        }
        assertEquals(attributes, new TreeSet<>(SETTER_OF_ATTRIBUTE.keySet()));
        Set<String> setters = setters(XmlLoggingSettings.class);
        for (String setter : SETTER_OF_ATTRIBUTE.values()) {
            assertTrue(setters.contains(setter), setter);
        }
        // the listener calls each of them: a settings object that records the setters called
        List<String> called = new ArrayList<>();
        XmlLogging annotation = XmlLoggingAnnotatedBank.class.getAnnotation(XmlLogging.class);
        XmlLoggingAnnotationListener.settingsOf(annotation, () -> new RecordingSettings(called));
        Set<String> expected = new TreeSet<>(SETTER_OF_ATTRIBUTE.values());
        if (annotation.strategy().length == 0) {
            expected.remove("setStrategy");
        }
        assertEquals(expected, new TreeSet<>(called));
    }

    @Test
    void theRuleBeanUsesTheSettingsNames() {
        // what a rule changes for some exchanges is set under the name the settings use for all of them
        Set<String> rule = setters(XmlLoggingRule.class);
        assertEquals(new TreeSet<>(List.of("setAnonymize", "setEnabled", "setHttpMethod", "setLimit", "setOperation",
                "setPath", "setPortType", "setPrettyLogging", "setPrune", "setSoapAction", "setStrategy")), rule);
        for (String setter : List.of("setAnonymize", "setLimit", "setPrettyLogging", "setPrune", "setStrategy")) {
            assertTrue(setters(XmlLoggingSettings.class).contains(setter), setter + " means the same on both");
        }
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

    /** Settings that note each setter called, by overriding every one of them. */
    private static final class RecordingSettings extends XmlLoggingSettings {
        private final List<String> called;

        RecordingSettings(List<String> called) {
            this.called = called;
        }

        @Override
        public void setLimit(int limit) {
            called.add("setLimit");
        }

        @Override
        public void setInMemThreshold(long threshold) {
            called.add("setInMemThreshold");
        }

        @Override
        public void setPrettyLogging(boolean pretty) {
            called.add("setPrettyLogging");
        }

        @Override
        public void setLogBinary(boolean logBinary) {
            called.add("setLogBinary");
        }

        @Override
        public void setLogMultipart(boolean logMultipart) {
            called.add("setLogMultipart");
        }

        @Override
        public void setSensitiveElementNames(Set<String> names) {
            called.add("setSensitiveElementNames");
        }

        @Override
        public void setSensitiveAttributeNames(Set<String> names) {
            called.add("setSensitiveAttributeNames");
        }

        @Override
        public void setAnonymize(List<String> paths) {
            called.add("setAnonymize");
        }

        @Override
        public void setPrune(List<String> paths) {
            called.add("setPrune");
        }

        @Override
        public void setWsSecurity(boolean on) {
            called.add("setWsSecurity");
        }

        @Override
        public void setDetect(List<String> names) {
            called.add("setDetect");
        }

        @Override
        public void setStrategy(io.xmlformatter.message.Strategy strategy) {
            called.add("setStrategy");
        }
    }
}
