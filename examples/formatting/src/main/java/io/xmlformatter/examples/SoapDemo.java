package io.xmlformatter.examples;

import io.xmlformatter.FormatResult;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.Slf4jSink;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The demo: formats the sample SOAP messages in {@code samples/} with the WS-Security preset (plus masks for
 * card data inside embedded XML), prints each message before and after, and logs one of them through the SLF4J
 * sink as CXF would name it.
 */
public final class SoapDemo {
    static final String[] SAMPLES = {"ws-security-request.xml", "saml-request.xml", "embedded-payload.xml"};

    private SoapDemo() {
    }

    /** The formatter the demo uses. */
    static XmlFormatter formatter() {
        return XmlFormatter.builder()
                .wsSecurity()
                .anonymize("//number", "//cvv", "//password")
                .embeddedXml(true)
                .maxTextLength(2048)
                .build();
    }

    public static void main(String[] args) {
        XmlFormatter formatter = formatter();
        for (String sample : SAMPLES) {
            byte[] raw = read(sample);
            StringBuilder out = new StringBuilder();
            FormatResult result = formatter.format(raw, 0, raw.length, out);
            System.out.println("==================== " + sample + " — before (" + raw.length + " bytes)");
            System.out.println(new String(raw, StandardCharsets.UTF_8).trim());
            System.out.println("==================== after: " + result);
            System.out.println(out);
            System.out.println();
        }
        byte[] raw = read(SAMPLES[0]);
        StringBuilder out = new StringBuilder();
        FormatResult result = formatter.format(raw, 0, raw.length, out);
        System.out.println("==================== the same request as a log record through SLF4J:");
        System.out.flush();
        Slf4jSink.text().write(record(out.toString(), result));
    }

    /** The formatted request as the record CXF's feature would log for a SOAP call to the bank's port. */
    static LogRecord record(String formatted, FormatResult result) {
        return LogRecord.builder(MessageType.REQ_IN)
                .exchangeId(UUID.randomUUID().toString())
                .address("http://127.0.0.1:8080/bank").httpMethod("POST").contentType("text/xml; charset=UTF-8")
                .service("{urn:example:bank}BankService").port("{urn:example:bank}BankPort")
                .portType("{urn:example:bank}Bank").operation("transfer")
                .payload(formatted).originalSize(result.originalLength()).loggedSize(formatted.length())
                .truncated(result.truncated()).maskedCount(result.maskedCount()).wellFormed(result.wellFormed())
                .build();
    }

    static byte[] read(String sample) {
        try (InputStream in = SoapDemo.class.getResourceAsStream("/samples/" + sample)) {
            if (in == null) {
                throw new IllegalStateException("sample not on the class path: " + sample);
            }
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
