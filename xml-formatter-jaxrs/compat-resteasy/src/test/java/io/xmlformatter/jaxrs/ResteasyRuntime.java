package io.xmlformatter.jaxrs;

import jakarta.ws.rs.core.Application;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;

import java.net.URI;

/** RESTEasy 6.2 on Undertow. */
public final class ResteasyRuntime implements JaxRsRuntime {
    @Override
    public String name() {
        return "RESTEasy";
    }

    @Override
    public AutoCloseable serve(URI base, Application application) {
        UndertowJaxrsServer server = new UndertowJaxrsServer().setHostname(base.getHost()).setPort(base.getPort());
        server.start();
        server.deploy(application);
        return server::stop;
    }
}
