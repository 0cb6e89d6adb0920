package io.xmlformatter.examples.cxf;

import jakarta.jws.WebService;

/** The demo service's implementation. */
@WebService(endpointInterface = "io.xmlformatter.examples.cxf.Payments", serviceName = "PaymentService",
        targetNamespace = "urn:example:payments", portName = "PaymentPort")
public class PaymentsImpl implements Payments {
    @Override
    public String pay(String account, double amount) throws PaymentRefused {
        if (amount > 10_000) {
            throw new PaymentRefused("amount over the daily limit", "limit 10000");
        }
        return "paid " + amount;
    }

    @Override
    public String statement(String account, int lines) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            sb.append("2026-11-").append(1 + i % 28).append(" transfer #").append(i).append(" 12.50 EUR; ");
        }
        return sb.toString();
    }
}
