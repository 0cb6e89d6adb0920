package io.xmlformatter.examples.boot;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The demo's SOAP service: a payment with a card number and a password. */
@WebService(targetNamespace = "urn:example:payments", name = "Payments")
public interface Payments {
    /** Pays {@code amount} with {@code card}, authorised by {@code password}; returns a receipt number. */
    String pay(@WebParam(name = "card") String card, @WebParam(name = "amount") String amount,
            @WebParam(name = "password") String password);
}
