package io.xmlformatter.cxf;

import javax.jws.WebService;

/** The test service with {@code @XmlLogging}: the configuration after the swap (only the import differs). */
@WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
        targetNamespace = "urn:example:bank", portName = "BankPort")
@XmlLogging(pretty = true)
public class XmlLoggingAnnotatedBank extends BankImpl {
}
