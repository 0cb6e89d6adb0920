package io.xmlformatter.spring.boot;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.LogSink;
import io.xmlformatter.sink.Slf4jSink;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** Every condition and property of the auto-configuration, on a context without a web server. */
class XmlFormatterAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(XmlFormatterAutoConfiguration.class));

    @Test
    void byDefaultOneLoggerOnTheSlf4jSinkAndTheFeaturesOfBothRuntimes() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(MessageLogger.class).hasSingleBean(LogSink.class)
                    .hasSingleBean(io.xmlformatter.cxf.BaseXmlLoggingFeature.class)
                    .hasSingleBean(io.xmlformatter.jaxrs.XmlLoggingFeature.class)
                    .hasSingleBean(MeterBinder.class);
            assertThat(context.getBean(LogSink.class)).isInstanceOf(Slf4jSink.class);
            assertThat(context.getBean(io.xmlformatter.jaxrs.XmlLoggingFeature.class).messageLogger())
                    .isSameAs(context.getBean(MessageLogger.class));
            assertThat(context.getBean(io.xmlformatter.cxf.BaseXmlLoggingFeature.class).getMessageLogger())
                    .isSameAs(context.getBean(MessageLogger.class));
        });
    }

    @Test
    void switchedOffEntirelyOrPerRuntime() {
        runner.withPropertyValues("xmlformatter.enabled=false").run(context ->
                assertThat(context).doesNotHaveBean(MessageLogger.class).doesNotHaveBean(LogSink.class)
                        .doesNotHaveBean(io.xmlformatter.cxf.BaseXmlLoggingFeature.class));
        runner.withPropertyValues("xmlformatter.cxf.enabled=false").run(context ->
                assertThat(context).hasSingleBean(MessageLogger.class)
                        .doesNotHaveBean(io.xmlformatter.cxf.BaseXmlLoggingFeature.class)
                        .hasSingleBean(io.xmlformatter.jaxrs.XmlLoggingFeature.class));
    }

    @Test
    void withoutCxfOrJakartaRestTheirFeaturesAreNotMade() {
        runner.withClassLoader(new FilteredClassLoader("org.apache.cxf.", "jakarta.ws.rs."))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(MessageLogger.class)
                        .doesNotHaveBean(io.xmlformatter.cxf.BaseXmlLoggingFeature.class)
                        .doesNotHaveBean(io.xmlformatter.jaxrs.XmlLoggingFeature.class));
    }

    @Test
    void theApplicationsOwnSinkOrLoggerWins() {
        runner.withUserConfiguration(OwnSink.class).run(context -> {
            assertThat(context).hasSingleBean(LogSink.class);
            assertThat(context.getBean(LogSink.class)).isInstanceOf(CollectingSink.class);
        });
        runner.withUserConfiguration(OwnLogger.class).run(context -> assertThat(context.getBean(MessageLogger.class))
                .isSameAs(context.getBean(OwnLogger.class).logger));
    }

    @Test
    void propertiesReachTheRecords() {
        runner.withUserConfiguration(OwnSink.class)
                .withPropertyValues("xmlformatter.body.pretty=true", "xmlformatter.masking.element-names=pin",
                        "xmlformatter.masking.mask=###", "xmlformatter.exchange.levels=DEBUG,WARN,ERROR")
                .run(context -> {
                    LogRecord r = logOne(context,
                            "<login><user>ann</user><pin>4711</pin></login>", 500);
                    assertThat(r.payload()).isEqualTo("<login>\n  <user>ann</user>\n  <pin>###</pin>\n</login>");
                    assertThat(r.level()).hasToString("ERROR");
                });
    }

    @Test
    void valueDetectorsAreNamedInAProperty() {
        runner.withUserConfiguration(OwnSink.class)
                .withPropertyValues("xmlformatter.masking.detect=card-numbers,ibans")
                .run(context -> {
                    LogRecord r = logOne(context, "<pay><note>card 4111 1111 1111 1111</note></pay>", 200);
                    assertThat(r.payload()).contains("<note>card [*****]</note>").doesNotContain("4111");
                });
    }

    @Test
    void aPseudonymKeyWritesPseudonymsInsteadOfTheMask() {
        String key = "a-test-key-of-32-bytes-for-hmac!";
        runner.withUserConfiguration(OwnSink.class)
                .withPropertyValues("xmlformatter.masking.pseudonym-key=" + key, "xmlformatter.masking.element-names=pin")
                .run(context -> assertThat(logOne(context, "<login><pin>4711</pin></login>", 200).payload())
                        .contains("<pin>" + Pseudonyms.keyed(key).of("4711") + "</pin>"));
        runner.withPropertyValues("xmlformatter.masking.pseudonym-key=").run(context -> {
            assertThat(context).hasFailed();
            assertThat(causes(context.getStartupFailure())).contains("xmlformatter.masking.pseudonym-key")
                    .contains("need a secret key");
        });
        failsWith("xmlformatter.masking.pseudonym-key=too-short", "xmlformatter.masking.pseudonym-key");
    }

    /** Finding of the audit at {@code 92fcdc9}: the properties' {@code toString} printed the pseudonym key. */
    @Test
    void thePropertiesAsTextShowNoKeyNorPassword() {
        String key = "a-test-key-of-32-bytes-for-hmac!";
        runner.withPropertyValues("xmlformatter.masking.pseudonym-key=" + key,
                "xmlformatter.mongo.uri=mongodb://app:Mongo-Pa55@127.0.0.1:27017/logs").run(context -> {
                    String text = context.getBean(XmlFormatterProperties.class).toString();
                    assertThat(text).doesNotContain(key).doesNotContain("Mongo-Pa55")
                            .contains("mongodb://[hidden]@127.0.0.1:27017/logs");
                    assertThat(context.getBean(MessageLogger.class).options().toString()).doesNotContain(key)
                            .contains("masking.pseudonym-key=[hidden]");
                });
    }

    @Test
    void customizersRunAfterTheProperties() {
        runner.withUserConfiguration(OwnSink.class, Customizer.class)
                .withPropertyValues("xmlformatter.masking.mask=###")
                .run(context -> assertThat(logOne(context,
                        "<a><secret>x</secret></a>", 200).payload()).isEqualTo("<a><secret>%%%</secret></a>"));
    }

    @Test
    void eachLayoutIsItsSlf4jSink() {
        Map<String, Predicate<ILoggingEvent>> layouts = new LinkedHashMap<>();
        layouts.put("cxf-text", e -> e.getFormattedMessage().startsWith("RESP_OUT\n")
                && e.getFormattedMessage().contains("\n    ResponseCode: 200\n"));
        layouts.put("text", e -> e.getFormattedMessage().contains("\n    Payload: \n<ok/>"));
        layouts.put("payload-only", e -> e.getFormattedMessage().equals("<ok/>")
                && "RESP_OUT".equals(e.getMDCPropertyMap().get("Type")));
        layouts.put("json", e -> e.getFormattedMessage().startsWith("{\"ts\":"));
        layouts.put("fields", e -> e.getFormattedMessage().equals("<ok/>") && e.getKeyValuePairs() != null
                && e.getKeyValuePairs().stream().anyMatch(kv -> kv.key.equals("http.response.status_code")));
        layouts.put("fields-in-mdc", e -> e.getFormattedMessage().equals("<ok/>")
                && "200".equals(e.getMDCPropertyMap().get("http.response.status_code")));
        Logger records = (Logger) LoggerFactory.getLogger(Slf4jSink.CXF_LOGGER_PREFIX);
        layouts.forEach((layout, expected) -> runner.withPropertyValues("xmlformatter.output.layout=" + layout,
                "xmlformatter.output.field-names=otel").run(context -> {
                    ListAppender<ILoggingEvent> appender = new ListAppender<>() {
                        @Override
                        protected void append(ILoggingEvent e) {
                            e.prepareForDeferredProcessing(); // the MDC as it is during the call
                            super.append(e);
                        }
                    };
                    appender.start();
                    records.addAppender(appender);
                    try {
                        Exchanges.serve(context.getBean(MessageLogger.class), null, "<ok/>", 200);
                    } finally {
                        records.detachAppender(appender);
                    }
                    assertThat(appender.list).hasSize(1);
                    ILoggingEvent e = appender.list.get(0);
                    assertThat(expected.test(e)).as(layout + ": " + e.getFormattedMessage()).isTrue();
                }));
    }

    @Test
    void aWrongValueFailsStartupNamingThePropertyAndTheAcceptedValues() {
        failsWith("xmlformatter.exchange.strategy=SOMETIMES", "xmlformatter.exchange.strategy");
        failsWith("xmlformatter.sink=kafka", "xmlformatter.sink");
        failsWith("xmlformatter.output.layout=xml", "xmlformatter.output.layout");
        failsWith("xmlformatter.exchange.fault-status=700", "xmlformatter.exchange.fault-status");
        failsWith("xmlformatter.exchange.sample-one-in=0", "xmlformatter.exchange.sample-one-in");
        failsWith("xmlformatter.exchange.levels=DEBUG,WARN", "xmlformatter.exchange.levels");
        failsWith("xmlformatter.exchange.chain-max-records=0", "xmlformatter.exchange.chain-max-records");
        failsWith("xmlformatter.exchange.chain-max-age=0s", "xmlformatter.exchange.chain-max-age");
        failsWith("xmlformatter.masking.mask=<x>", "xmlformatter.masking.mask");
        failsWith("xmlformatter.body.indent=99", "xmlformatter.body.indent");
        failsWith("xmlformatter.rules[0].path=(", "xmlformatter.rules[0].path");
        failsWith("xmlformatter.masking.paths=/a/{urn:x", "xmlformatter.masking.paths");
        failsWith("xmlformatter.masking.detect=cards", "xmlformatter.masking.detect");
        failsWith("xmlformatter.masking.json-paths=payment.card", "xmlformatter.masking.json-paths");
    }

    @Test
    void theAcceptedValuesOfAnEnumPropertyAreNamed() {
        runner.withPropertyValues("xmlformatter.exchange.strategy=SOMETIMES").run(context -> {
            assertThat(context).hasFailed();
            assertThat(causes(context.getStartupFailure())).contains("xml-formatter: property xmlformatter.exchange"
                    + ".strategy: strategy (exchange.strategy): 'SOMETIMES' is not accepted (no constant 'SOMETIMES');"
                    + " expected one of [ALWAYS, WITHOUT_BODY, BODY_ON_FAILURE, FAILED_ONLY, SLOW_ONLY]");
        });
    }

    @Test
    void mongoWithoutItsModuleFailsStartupSayingWhatToAdd() {
        runner.withClassLoader(new FilteredClassLoader(MongoSink.class)).withPropertyValues("xmlformatter.sink=mongo")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(causes(context.getStartupFailure()))
                            .contains("xmlformatter.sink=mongo needs the dependency "
                                    + "io.xmlformatter:xml-formatter-mongo");
                });
        failsWith("xmlformatter.sink=mongo;xmlformatter.mongo.drop-policy=sometimes", "xmlformatter.mongo.drop-policy");
    }

    @Test
    void theLoggersCountersAreMeters() {
        runner.run(context -> {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            context.getBean(MeterBinder.class).bindTo(registry);
            Set<String> names = new TreeSet<>();
            registry.getMeters().forEach(m -> names.add(m.getId().getName()));
            assertThat(names).containsExactly("xmlformatter.chains.open", "xmlformatter.held.bytes",
                    "xmlformatter.held.overflows", "xmlformatter.record.failures", "xmlformatter.sink.failures");
        });
        runner.withClassLoader(new FilteredClassLoader("io.micrometer."))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("xmlFormatterMeters"));
    }

    /** The configuration metadata (IDE completion) holds a property for each row of the table, with its text. */
    @Test
    void everyRowOfTheTableIsAPropertyInTheMetadata() throws Exception {
        String generated = OptionsMetadata.generate();
        if (Boolean.getBoolean("xf.write-metadata")) { // run in the starter's directory
            Files.writeString(Path.of("src/main/resources/META-INF/additional-spring-configuration-metadata.json"),
                    generated);
        }
        assertThat(resource("/META-INF/additional-spring-configuration-metadata.json"))
                .as("generated from the table; rewrite it with -Dxf.write-metadata=true").isEqualTo(generated);
        String metadata = resource("/META-INF/spring-configuration-metadata.json");
        for (Option<?> o : Options.all()) {
            assertThat(metadata).contains("\"name\": \"xmlformatter." + o.property() + "\"");
        }
        assertThat(metadata).doesNotContain("\"description\": \"\"");
        // issue 51: a default for every property whose default does not depend on others, plain-text descriptions,
        // hints for the closed sets
        JsonNode json = JsonMapper.builder().build().readTree(metadata);
        Set<String> withoutDefault = new TreeSet<>();
        for (JsonNode p : json.get("properties")) {
            assertThat(p.path("description").asString()).as(p.get("name").asString()).doesNotContain("{@");
            if (!p.has("defaultValue")) {
                withoutDefault.add(p.get("name").asString());
            }
        }
        assertThat(withoutDefault).containsExactly("xmlformatter.exchange.slow-threshold",
                "xmlformatter.masking.pseudonym-key", "xmlformatter.mongo.application", "xmlformatter.mongo.database",
                "xmlformatter.mongo.uri", "xmlformatter.rules");
        Set<String> hinted = new TreeSet<>();
        json.get("hints").forEach(h -> hinted.add(h.get("name").asString()));
        assertThat(hinted).contains("xmlformatter.masking.detect", "xmlformatter.mongo.drop-policy",
                "xmlformatter.exchange.strategy");
    }

    private String resource(String name) throws java.io.IOException {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Finding of issue 51: a misspelt key was ignored, and the secret it was to mask logged. */
    @Test
    void anUnknownPropertyFailsStartupNamingTheNearestOne() {
        runner.withPropertyValues("xmlformatter.masking.element-name=password").run(context -> {
            assertThat(context).hasFailed();
            assertThat(causes(context.getStartupFailure())).contains("unknown property xmlformatter.masking"
                    + ".element-name (did you mean xmlformatter.masking.element-names?)");
        });
        failsWith("xmlformatter.rules[0].operation=x;xmlformatter.rules[0].body.limt=1KB",
                "unknown property xmlformatter.rules[0].body.limt");
        runner.withPropertyValues("xmlformatter.rules[0].operation=x", "xmlformatter.masking.element-names[0]=pin",
                "xmlformatter.mongo.batch-size=10", "xmlformatter.output.layout=json")
                .run(context -> assertThat(context).hasNotFailed());
    }

    /** A rule changes any option, named as the global one; names masked are added to the global ones. */
    @Test
    void aRuleChangesAnyOptionUnderTheGlobalName() {
        runner.withUserConfiguration(OwnSink.class)
                .withPropertyValues("xmlformatter.masking.element-names=pin", "xmlformatter.rules[0].operation=login",
                        "xmlformatter.rules[0].masking.element-names=user", "xmlformatter.rules[0].body.max-text-length=2",
                        "xmlformatter.rules[0].exchange.fault-status=400")
                .run(context -> {
                    MessageLogger logger = context.getBean(MessageLogger.class).forExchange(null, "login", null, null,
                            null);
                    assertThat(logger.options().get(Options.SENSITIVE_ELEMENT_NAMES)).containsExactly("pin", "user");
                    assertThat(logger.options().get(Options.MAX_TEXT_LENGTH)).isEqualTo(2);
                    assertThat(logger.options().get(Options.FAULT_STATUS)).isEqualTo(400);
                });
        failsWith("xmlformatter.rules[0].operation=x;xmlformatter.rules[0].exchange.fault-status=7",
                "xmlformatter.rules[0].");
    }

    /** CXF's and Jakarta REST's {@code @XmlLogging} have the same attributes, types and defaults. */
    @Test
    void bothAnnotationsMeanTheSame() {
        assertThat(attributes(io.xmlformatter.jaxrs.XmlLogging.class))
                .isEqualTo(attributes(io.xmlformatter.cxf.XmlLogging.class));
    }

    private static List<String> attributes(Class<?> annotation) {
        List<String> a = new ArrayList<>();
        for (Method m : annotation.getDeclaredMethods()) {
            Object d = m.getDefaultValue();
            a.add(m.getName() + ":" + m.getReturnType().getSimpleName() + "="
                    + (d != null && d.getClass().isArray() ? Arrays.deepToString(new Object[] {d}) : d));
        }
        a.sort(null);
        return a;
    }

    /** Startup fails with {@code properties} ({@code ;} between two), the message naming {@code named}. */
    private void failsWith(String properties, String named) {
        runner.withPropertyValues(properties.split(";")).run(context -> {
            assertThat(context).hasFailed();
            assertThat(causes(context.getStartupFailure())).contains(named);
        });
    }

    private static String causes(Throwable t) {
        StringBuilder s = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            s.append(c.getClass().getName()).append(": ").append(c.getMessage()).append('\n');
        }
        return s.toString();
    }

    /** One server exchange answered with {@code xml} and {@code status} (a fault from 500): its one record. */
    private static LogRecord logOne(AssertableApplicationContext context, String xml, int status) {
        CollectingSink sink = context.getBean(CollectingSink.class);
        Exchanges.serve(context.getBean(MessageLogger.class), null, xml, status);
        assertThat(sink.all()).hasSize(1);
        return sink.all().get(0);
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnSink {
        @Bean
        CollectingSink sink() {
            return new CollectingSink();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnLogger {
        final MessageLogger logger = MessageLogger.builder().sink(new CollectingSink()).build();

        @Bean
        MessageLogger own() {
            return logger;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Customizer {
        @Bean
        XmlFormatterCustomizer secrets() {
            return b -> b.add(Options.SENSITIVE_ELEMENT_NAMES, Set.of("secret")).mask("%%%");
        }
    }
}
