package io.xmlformatter.spring.boot;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;

/** The SOAP service of the test applications. */
@WebService(targetNamespace = "urn:example:greeter", name = "Greeter")
public interface Greeter {
    /** Greets {@code name} once its password is checked. */
    String greet(@WebParam(name = "name") String name, @WebParam(name = "password") String password);

    /** Answers "pong" (an operation the test applications leave out by a rule). */
    String ping(@WebParam(name = "text") String text);
}
