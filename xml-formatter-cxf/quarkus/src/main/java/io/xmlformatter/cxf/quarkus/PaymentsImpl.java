package io.xmlformatter.cxf.quarkus;

import jakarta.jws.WebService;

/** The service quarkus-cxf publishes at {@code /services/payments}. */
@WebService(endpointInterface = "io.xmlformatter.cxf.quarkus.Payments", targetNamespace = "urn:example:payments",
        serviceName = "PaymentsService", portName = "PaymentsPort")
public class PaymentsImpl implements Payments {
    @Override
    public String pay(String account, String amount) {
        return "paid " + amount + " from " + account;
    }
}
