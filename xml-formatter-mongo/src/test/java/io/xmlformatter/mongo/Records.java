package io.xmlformatter.mongo;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Log records as the CXF adapter makes them, for the sink tests. */
final class Records {
    private Records() {
    }

    static LogRecord record(int i) {
        return record(i, Instant.now(), "{urn:example:bank}BankService", "transfer");
    }

    static LogRecord record(int i, Instant ts, String service, String operation) {
        return LogRecord.builder(MessageType.REQ_IN).timestamp(ts).exchangeId("ex-" + i).correlationId("corr-" + i)
                .messageId("m-" + i).address("http://127.0.0.1:8080/bank").httpMethod("POST")
                .contentType("text/xml").service(service).portType("{urn:example:bank}Bank").operation(operation)
                .header("SOAPAction", List.of("\"transfer\"")).header("X.Dotted", List.of("v"))
                .duration(Duration.ofMillis(3)).originalSize(1234).payload("<Envelope><Body><n>" + i
                        + "</n></Body></Envelope>").maskedCount(1).build();
    }
}
