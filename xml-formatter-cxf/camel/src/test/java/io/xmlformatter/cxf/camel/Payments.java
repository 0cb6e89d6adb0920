package io.xmlformatter.cxf.camel;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The backend's service, and the route's: pays, or refuses with a SOAP fault. */
@WebService(targetNamespace = "urn:example:payments", name = "Payments")
public interface Payments {
    /** A confirmation that quotes the account. */
    String pay(@WebParam(name = "account") String account, @WebParam(name = "amount") String amount);

    /** Always a SOAP fault. */
    String refuse(@WebParam(name = "reason") String reason);
}
