package io.xmlformatter.sink;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Records to an OpenTelemetry collector as users send them: OpenTelemetry's logback appender, with key-value pairs
 * captured, into the SDK (here its in-memory exporter, where a collector's OTLP exporter would be). The fields named
 * by the OpenTelemetry conventions arrive as log record attributes, the payload as the body, once.
 */
class OpenTelemetryAppenderTest {
    @Test
    void fieldsArriveAsAttributesAndThePayloadAsTheBody() {
        InMemoryLogRecordExporter exporter = InMemoryLogRecordExporter.create();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setLoggerProvider(SdkLoggerProvider.builder()
                .addLogRecordProcessor(SimpleLogRecordProcessor.create(exporter)).build()).build();
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        OpenTelemetryAppender appender = new OpenTelemetryAppender();
        appender.setContext(context);
        appender.setCaptureKeyValuePairAttributes(true);
        appender.start();
        appender.setOpenTelemetry(sdk);
        Logger services = context.getLogger(Slf4jSink.CXF_LOGGER_PREFIX);
        services.addAppender(appender);
        List<LogRecordData> logs;
        try {
            Slf4jSink.fields(FieldNames.OTEL, Level.INFO).write(LogRecord.builder(MessageType.RESP_OUT)
                    .exchangeId("ex-1").correlationId("corr-1").address("http://127.0.0.1/bank")
                    .responseCode(200).contentType("text/xml").service("{urn:bank}BankService")
                    .portType("{urn:bank}Bank").operation("transfer").duration(Duration.ofMillis(12))
                    .header("Content-Type", Arrays.asList("text/xml")).payload("<ok>[*****]</ok>").build());
            logs = exporter.getFinishedLogRecordItems(); // before the SDK closes: closing empties the exporter
        } finally {
            services.detachAppender(appender);
            appender.stop();
            sdk.close();
        }
        assertEquals(1, logs.size());
        LogRecordData log = logs.get(0);
        assertEquals("<ok>[*****]</ok>", log.getBodyValue().asString(), "the payload is the body, as written");
        assertEquals("transfer", log.getAttributes().get(AttributeKey.stringKey("rpc.method")));
        assertEquals("{urn:bank}BankService", log.getAttributes().get(AttributeKey.stringKey("rpc.service")));
        assertEquals(Long.valueOf(200), log.getAttributes().get(
                AttributeKey.longKey("http.response.status_code")), "numbers stay numbers");
        assertEquals("org.apache.cxf.services.Bank.RESP_OUT", log.getInstrumentationScopeInfo().getName());
    }
}
