package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.OutputStreamAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.layout.template.json.JsonTemplateLayout;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Records as structured fields through SLF4J into Log4j2 (log4j-slf4j2-impl) and its JSON template layout with the
 * ECS template, as users of Log4j2 ship them. Runs in a test execution of its own, with Log4j2 as the SLF4J
 * binding (the other tests run on logback). Log4j2 puts SLF4J's key-value pairs into the event's context data;
 * the ECS template writes them flattened, as strings.
 */
class Log4j2FieldsTest {
    @Test
    void ecsFieldsAreFieldsOfTheJsonTemplateLayoutsLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        JsonTemplateLayout layout = JsonTemplateLayout.newBuilder().setConfiguration(config)
                .setEventTemplateUri("classpath:EcsLayout.json").build();
        OutputStreamAppender appender = OutputStreamAppender.newBuilder().setName("json").setLayout(layout)
                .setTarget(out).setConfiguration(config).build();
        appender.start();
        config.addAppender(appender);
        config.getRootLogger().addAppender(appender, Level.INFO, null);
        config.getRootLogger().setLevel(Level.INFO);
        context.updateLoggers();
        try {
            Slf4jSink.fields(FieldNames.ECS, org.slf4j.event.Level.INFO).write(LogRecord.builder(MessageType.FAULT_OUT)
                    .exchangeId("ex-1").address("http://127.0.0.1/bank").responseCode(500).contentType("text/xml")
                    .service("{urn:bank}BankService").portType("{urn:bank}Bank").operation("transfer")
                    .duration(Duration.ofMillis(12)).payload("<fault>[*****]</fault>").build());
        } finally {
            config.getRootLogger().removeAppender("json");
            appender.stop();
            context.updateLoggers();
        }
        JsonNode json = JsonMapper.builder().build().readTree(out.toString(StandardCharsets.UTF_8).trim());
        assertEquals("<fault>[*****]</fault>", json.get("message").asString(), "the payload is the message");
        assertEquals("org.apache.cxf.services.Bank.FAULT_OUT", json.get("log.logger").asString());
        assertEquals("FAULT_OUT", json.get("event.action").asString());
        assertEquals("500", json.get("http.response.status_code").asString(), "stringified by the template");
        assertEquals("http://127.0.0.1/bank", json.get("url.full").asString());
        assertEquals("12000000", json.get("event.duration").asString());
        assertFalse(json.has("payload") || json.has("xmlformatter.payload"), "the payload only once");
    }
}
