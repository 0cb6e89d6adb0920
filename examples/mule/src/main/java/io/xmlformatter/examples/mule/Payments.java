package io.xmlformatter.examples.mule;

import javax.jws.WebMethod;
import javax.jws.WebParam;
import javax.jws.WebService;

/** The backend SOAP service of the demo (a cxf:jaxws-service in Mule): pays, or refuses with a SOAP fault. */
@WebService(name = "Payments", targetNamespace = "urn:example:payments", serviceName = "PaymentsService")
public class Payments {
    /** Pays {@code amount} from {@code iban}; refuses amounts over 10,000. */
    @WebMethod
    public String pay(@WebParam(name = "iban") String iban, @WebParam(name = "amount") double amount)
            throws PaymentRefused {
        if (amount > 10_000) {
            throw new PaymentRefused("amount " + amount + " over the limit");
        }
        return "paid " + amount;
    }

    /** The service's fault. */
    public static class PaymentRefused extends Exception {
        private static final long serialVersionUID = 1L;

        /** @param message why */
        public PaymentRefused(String message) {
            super(message);
        }
    }
}
