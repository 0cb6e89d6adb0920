package io.xmlformatter.spring.boot;

import jakarta.jws.WebService;

/** Greets anyone with a password. */
@WebService(targetNamespace = "urn:example:greeter", serviceName = "GreeterService", portName = "GreeterPort",
        endpointInterface = "io.xmlformatter.spring.boot.Greeter")
public class GreeterImpl implements Greeter {
    @Override
    public String greet(String name, String password) {
        return "Hello " + name;
    }

    @Override
    public String ping(String text) {
        return "pong";
    }
}
