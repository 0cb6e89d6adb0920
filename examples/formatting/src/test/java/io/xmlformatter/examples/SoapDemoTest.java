package io.xmlformatter.examples;

import io.xmlformatter.FormatResult;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.sink.CxfTextLayout;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo's samples hold secrets; none survives the demo's formatter, and every sample is well-formed. */
class SoapDemoTest {
    @Test
    void noSampleSecretSurvives() {
        String[] secrets = {"s3cr3t-P@ssw0rd", "bm9uY2Ut", "alice@example.org", "078-05-1120", "treasurer",
            "QkNEZWZn", "MIIDdzCC", "MIIBtjCC", "4111111111111111", ">123<", "hunter2"};
        for (String sample : SoapDemo.SAMPLES) {
            byte[] raw = SoapDemo.read(sample);
            StringBuilder out = new StringBuilder();
            FormatResult r = SoapDemo.formatter().format(raw, 0, raw.length, out);
            assertTrue(r.wellFormed(), sample + ": " + r);
            assertTrue(r.maskedCount() > 0, sample);
            for (String secret : secrets) {
                assertFalse(out.toString().contains(secret), sample + " shows " + secret + ":\n" + out);
            }
            assertTrue(new String(raw, StandardCharsets.UTF_8).contains("<"), sample);
        }
    }

    /** Issue 51: the demo's record of a SOAP call was labelled REST (it named no WSDL port). */
    @Test
    void theLoggedRequestIsLabelledSoap() {
        byte[] raw = SoapDemo.read(SoapDemo.SAMPLES[0]);
        StringBuilder out = new StringBuilder();
        FormatResult r = SoapDemo.formatter().format(raw, 0, raw.length, out);
        LogRecord record = SoapDemo.record(out.toString(), r);
        // the SLF4J sink marks a record SOAP when it names a WSDL port (as CXF's sender does), REST otherwise
        assertEquals("{urn:example:bank}BankPort", record.port());
        assertTrue(CxfTextLayout.INSTANCE.format(record).contains("    ServiceName: BankService\n"));
    }
}
