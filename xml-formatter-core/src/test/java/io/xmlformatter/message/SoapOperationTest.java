package io.xmlformatter.message;

import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The operation read from a SOAP body: the first element in the envelope's Body, for adapters that see no other. */
class SoapOperationTest {
    private static String operation(String body) {
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN).operation("before");
        facts.operationOf(CapturedBody.of(body.getBytes(StandardCharsets.UTF_8)));
        return facts.record().build().operation();
    }

    @Test
    void readsTheBodysFirstElementWhateverThePrefixesCommentsAndHeaders() {
        assertEquals("getQuote", operation("<?xml version='1.0'?><!-- a <Body> in a comment -->"
                + "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'><soap:Header><h:Id "
                + "xmlns:h='urn:h'>1</h:Id></soap:Header>\n  <soap:Body>\n <!-- <nope/> --><m:getQuote xmlns:m='urn:q'>"
                + "<sym>X</sym></m:getQuote></soap:Body></soap:Envelope>"));
        assertEquals("Überweisung", operation("<Envelope><Body><Überweisung/></Body></Envelope>"));
    }

    @Test
    void leavesTheOperationAloneWhenTheBodyIsNoEnvelope() {
        assertEquals("before", operation("<order><Body><x/></Body></order>"));
        assertEquals("before", operation("{\"Envelope\": 1}"));
        assertEquals("before", operation("<s:Envelope><s:Body></s:Body></s:Envelope>"));
        assertEquals("before", operation("<s:Envelope><s:Body><!-- cut"));
        String long129 = new String(new char[129]).replace('\0', 'a');
        assertEquals("before", operation("<s:Envelope><s:Body><" + long129 + "/></s:Body></s:Envelope>"));
        assertEquals("before", operation(""));
        assertNull(SoapFacts.payloadRoot(new byte[0], 0));
    }
}
