package io.xmlformatter.cxf;

import javax.xml.ws.WebFault;

/** The checked exception the test service declares, sent as a SOAP fault with a detail. */
@WebFault(name = "BankFault", targetNamespace = "urn:example:bank")
public class BankException extends Exception {
    private final String faultInfo;

    public BankException(String message, String faultInfo) {
        super(message);
        this.faultInfo = faultInfo;
    }

    public String getFaultInfo() {
        return faultInfo;
    }
}
