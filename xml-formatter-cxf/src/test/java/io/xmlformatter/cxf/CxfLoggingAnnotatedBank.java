package io.xmlformatter.cxf;

import javax.jws.WebService;
import org.apache.cxf.ext.logging.Logging;

/** The test service with CXF's {@code @Logging}: the configuration before the swap. */
@WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
        targetNamespace = "urn:example:bank", portName = "BankPort")
@Logging(pretty = true)
public class CxfLoggingAnnotatedBank extends BankImpl {
}
