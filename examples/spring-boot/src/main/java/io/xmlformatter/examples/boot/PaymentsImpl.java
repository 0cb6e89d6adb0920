package io.xmlformatter.examples.boot;

import jakarta.jws.WebService;

/** Takes every payment. */
@WebService(targetNamespace = "urn:example:payments", serviceName = "PaymentsService", portName = "PaymentsPort",
        endpointInterface = "io.xmlformatter.examples.boot.Payments")
public class PaymentsImpl implements Payments {
    @Override
    public String pay(String card, String amount, String password) {
        return "R-" + Math.abs((card + amount).hashCode() % 100_000);
    }
}
