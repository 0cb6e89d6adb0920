package io.xmlformatter.cxf;

import javax.jws.Oneway;
import javax.jws.WebParam;
import javax.jws.WebService;
import javax.xml.ws.soap.MTOM;

/** The test service: a bank that transfers, echoes, fails on demand and takes notifications. */
@WebService(targetNamespace = "urn:example:bank", name = "Bank")
public interface Bank {
    /** Returns a confirmation that quotes the account and the MDC's correlation id at the time of the call. */
    String transfer(@WebParam(name = "account") String account, @WebParam(name = "amount") String amount);

    /** Returns its argument (for large payloads). */
    String echo(@WebParam(name = "text") String text);

    /** Always fails with a SOAP fault. */
    String fail(@WebParam(name = "reason") String reason) throws BankException;

    /** One-way: no response. */
    @Oneway
    void notifyAudit(@WebParam(name = "event") String event);

    /** Takes a document as bytes (sent as an MTOM attachment when MTOM is on). */
    int upload(@WebParam(name = "name") String name, @WebParam(name = "data") byte[] data);
}
