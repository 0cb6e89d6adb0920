package io.xmlformatter.jaxrs;

import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.core.Application;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

import java.net.URI;

/** Jersey 3.1 on the JDK's HTTP server. */
public final class JerseyRuntime implements JaxRsRuntime {
    @Override
    public String name() {
        return "Jersey";
    }

    @Override
    public AutoCloseable serve(URI base, Application application) {
        ResourceConfig config = ResourceConfig.forApplication(application)
                .property(ServerProperties.OUTBOUND_CONTENT_LENGTH_BUFFER, 0); // a flush sends what was written
        HttpServer server = JdkHttpServerFactory.createHttpServer(base, config);
        return () -> server.stop(0);
    }
}
