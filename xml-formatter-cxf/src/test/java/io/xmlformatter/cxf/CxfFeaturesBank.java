package io.xmlformatter.cxf;

import javax.jws.WebService;
import org.apache.cxf.feature.Features;

/** The test service with CXF's own LoggingFeature declared by annotation: the configuration before the swap. */
@WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
        targetNamespace = "urn:example:bank", portName = "BankPort")
@Features(features = "org.apache.cxf.ext.logging.LoggingFeature")
public class CxfFeaturesBank extends BankImpl {
}
