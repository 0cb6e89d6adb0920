package io.xmlformatter.examples.cxf;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The demo's SOAP service. */
@WebService(targetNamespace = "urn:example:payments", name = "Payments")
public interface Payments {
    /** Pays {@code amount} from {@code account}; fails with a fault for amounts over 10,000. */
    String pay(@WebParam(name = "account") String account, @WebParam(name = "amount") double amount)
            throws PaymentRefused;

    /** Returns a statement of {@code lines} lines (a large response). */
    String statement(@WebParam(name = "account") String account, @WebParam(name = "lines") int lines);
}
