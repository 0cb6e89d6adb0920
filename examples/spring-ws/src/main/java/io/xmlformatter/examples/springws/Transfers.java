package io.xmlformatter.examples.springws;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.soap.server.endpoint.annotation.FaultCode;
import org.springframework.ws.soap.server.endpoint.annotation.SoapFault;
import org.springframework.xml.transform.StringSource;
import org.w3c.dom.Element;

/** The service's endpoint: a transfer between accounts, refused (a SOAP fault) when the amount is not positive. */
@Endpoint
public class Transfers {
    static final String NS = "urn:example:transfers";

    @PayloadRoot(namespace = NS, localPart = "TransferRequest")
    @ResponsePayload
    public StringSource transfer(@RequestPayload Element request) throws TransferRefused {
        String amount = request.getElementsByTagNameNS(NS, "amount").item(0).getTextContent();
        if (amount.startsWith("-")) {
            throw new TransferRefused("the amount must be positive, was " + amount);
        }
        return new StringSource("<t:TransferResponse xmlns:t='" + NS + "'><t:status>BOOKED</t:status>"
                + "<t:reference>TR-2026-0042</t:reference></t:TransferResponse>");
    }

    /** A refused transfer: Spring-WS answers it with a client fault. */
    @SoapFault(faultCode = FaultCode.CLIENT)
    public static class TransferRefused extends Exception {
        private static final long serialVersionUID = 1L;

        TransferRefused(String message) {
            super(message);
        }
    }
}
