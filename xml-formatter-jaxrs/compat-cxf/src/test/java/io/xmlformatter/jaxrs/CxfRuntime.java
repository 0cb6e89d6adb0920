package io.xmlformatter.jaxrs;

import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.ext.RuntimeDelegate;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;

import java.net.URI;

/** CXF's JAX-RS frontend 4.1 on Jetty. */
public final class CxfRuntime implements JaxRsRuntime {
    @Override
    public String name() {
        return "CXF";
    }

    @Override
    public AutoCloseable serve(URI base, Application application) {
        JAXRSServerFactoryBean factory = RuntimeDelegate.getInstance().createEndpoint(application,
                JAXRSServerFactoryBean.class);
        factory.setAddress(base.toString());
        Server server = factory.create();
        return () -> {
            server.stop();
            server.destroy();
        };
    }
}
