package io.xmlformatter.mule;

import javax.jws.WebMethod;
import javax.jws.WebParam;
import javax.jws.WebService;

/** The backend's SOAP service: a transfer, refused (a SOAP fault) when the amount is negative. */
@WebService(name = "Bank", targetNamespace = "urn:bank", serviceName = "BankService")
public class Bank {
    @WebMethod
    public String transfer(@WebParam(name = "account") String account, @WebParam(name = "amount") int amount)
            throws TransferRefused {
        if (amount < 0) {
            throw new TransferRefused("negative amount " + amount);
        }
        return "ok:" + account + ":" + amount;
    }

    /** The service's fault. */
    public static class TransferRefused extends Exception {
        public TransferRefused(String message) {
            super(message);
        }
    }
}
