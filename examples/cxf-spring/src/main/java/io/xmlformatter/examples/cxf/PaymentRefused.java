package io.xmlformatter.examples.cxf;

import jakarta.xml.ws.WebFault;

/** The fault {@link Payments#pay} sends. */
@WebFault(name = "PaymentRefused", targetNamespace = "urn:example:payments")
public class PaymentRefused extends Exception {
    private static final long serialVersionUID = 1L;

    private final String faultInfo;

    public PaymentRefused(String message, String faultInfo) {
        super(message);
        this.faultInfo = faultInfo;
    }

    public String getFaultInfo() {
        return faultInfo;
    }
}
