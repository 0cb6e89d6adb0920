package io.xmlformatter.cxf;

import javax.jws.WebService;
import org.apache.cxf.feature.Features;

/** The test service with the feature declared by annotation, as CXF users declare CXF's LoggingFeature. */
@WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
        targetNamespace = "urn:example:bank", portName = "BankPort")
@Features(features = "io.xmlformatter.cxf.XmlLoggingFeature")
public class AnnotatedBank extends BankImpl {
}
