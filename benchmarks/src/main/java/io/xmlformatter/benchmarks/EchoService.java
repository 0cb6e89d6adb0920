package io.xmlformatter.benchmarks;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The service the CXF benchmark calls: returns what it gets. */
@WebService(targetNamespace = "urn:bench", name = "Echo")
public interface EchoService {
    /** Returns {@code text}. */
    String echo(@WebParam(name = "text") String text);

    /** The implementation. */
    @WebService(endpointInterface = "io.xmlformatter.benchmarks.EchoService", serviceName = "EchoService",
            targetNamespace = "urn:bench")
    class Impl implements EchoService {
        @Override
        public String echo(String text) {
            return text;
        }
    }
}
