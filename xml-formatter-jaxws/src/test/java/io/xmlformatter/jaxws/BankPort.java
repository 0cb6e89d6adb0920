package io.xmlformatter.jaxws;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The client's view of {@link Bank}. */
@WebService(name = "Bank", targetNamespace = "urn:bank")
public interface BankPort {
    /** The account's balance. */
    @WebMethod(operationName = "GetAccount")
    String getAccount(@WebParam(name = "id") String id, @WebParam(name = "pin") String pin);
}
