package io.xmlformatter.jaxws;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The endpoint the tests call: an account by id and PIN; "boom" fails with a SOAP fault. */
@WebService(name = "Bank", targetNamespace = "urn:bank", serviceName = "BankService", portName = "BankPort")
public class Bank {
    /** The account's balance. */
    @WebMethod(operationName = "GetAccount")
    public String getAccount(@WebParam(name = "id") String id, @WebParam(name = "pin") String pin) {
        if ("boom".equals(id)) {
            throw new IllegalStateException("no such account");
        }
        return "balance of " + id + ": 42.00";
    }
}
