package io.xmlformatter.cxf.quarkus;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The application's service, and its client's. */
@WebService(targetNamespace = "urn:example:payments", name = "Payments")
public interface Payments {
    /** A confirmation that quotes the account. */
    String pay(@WebParam(name = "account") String account, @WebParam(name = "amount") String amount);
}
