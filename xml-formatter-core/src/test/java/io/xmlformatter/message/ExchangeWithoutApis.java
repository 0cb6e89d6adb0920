package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One server exchange with every OpenTelemetry option on, run by {@link WithoutSlf4jTest} in a class loader that
 * has the core alone (no SLF4J, no OpenTelemetry API): the records' payloads, or what went wrong.
 */
public final class ExchangeWithoutApis implements Supplier<String> {
    @Override
    public String get() {
        List<LogRecord> records = new ArrayList<>();
        MessageLogger logger = MessageLogger.builder().sink(records::add).set(Options.START_SPANS, true)
                .set(Options.SPAN_ATTRIBUTES, true).sensitiveElementNames(java.util.Collections.singleton("pin"))
                .build();
        for (int i = 0; i < 2; i++) {
            ExchangeLog.RequestStage e = ExchangeLog.server(logger, name -> null, null, null);
            e.request(e.facts(MessageType.REQ_IN).contentType("text/xml"),
                    CapturedBody.of("<a><pin>1234</pin></a>".getBytes(StandardCharsets.UTF_8)))
                    .response(e.facts(MessageType.RESP_OUT).responseCode(200)).end();
        }
        StringBuilder out = new StringBuilder();
        for (LogRecord r : records) {
            out.append(r.type()).append(' ').append(r.payload()).append('\n');
        }
        return out.toString();
    }
}
