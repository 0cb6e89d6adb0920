package io.xmlformatter.cxf.camel;

import jakarta.jws.WebService;

/** The backend behind the route. */
@WebService(endpointInterface = "io.xmlformatter.cxf.camel.Payments", targetNamespace = "urn:example:payments",
        serviceName = "PaymentsService", portName = "PaymentsPort")
public class PaymentsImpl implements Payments {
    @Override
    public String pay(String account, String amount) {
        return "paid " + amount + " from " + account;
    }

    @Override
    public String refuse(String reason) {
        throw new IllegalStateException("refused: " + reason);
    }
}
