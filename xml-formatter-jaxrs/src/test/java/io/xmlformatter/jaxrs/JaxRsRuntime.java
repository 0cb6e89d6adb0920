package io.xmlformatter.jaxrs;

import jakarta.ws.rs.core.Application;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.HashSet;
import java.util.Set;

/**
 * A Jakarta REST runtime the tests run on: each test module has one on its class path (Jersey here, RESTEasy
 * and CXF in the compat modules). Clients come from {@code ClientBuilder}, which finds the same runtime.
 */
interface JaxRsRuntime {
    /** The runtime's name, for messages. */
    String name();

    /** Serves {@code application} over HTTP at {@code base} (http://127.0.0.1:port/). */
    AutoCloseable serve(URI base, Application application) throws Exception;

    /**
     * Serves the test application at {@code base}: the {@link Shop} (its own calls logged by
     * {@code clientLogging}), its exception mapper, and the server's logging.
     */
    default AutoCloseable serveShop(URI base, XmlLoggingFeature serverLogging, XmlLoggingFeature clientLogging)
            throws Exception {
        Set<Object> singletons = new HashSet<>();
        singletons.add(new Shop(clientLogging));
        singletons.add(new Shop.Refusals());
        singletons.add(serverLogging);
        return serve(base, new Application() {
            @Override
            @SuppressWarnings("deprecation") // still how an application hands over instances in Jakarta REST 3.1
            public Set<Object> getSingletons() {
                return singletons;
            }
        });
    }

    /** The runtime on this class path. */
    static JaxRsRuntime current() {
        for (String name : new String[] {"JerseyRuntime", "ResteasyRuntime", "CxfRuntime"}) {
            try {
                return (JaxRsRuntime) Class.forName(JaxRsRuntime.class.getPackage().getName() + "." + name)
                        .getDeclaredConstructor().newInstance();
            } catch (ClassNotFoundException e) {
                // not this one
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("no JAX-RS runtime on the test class path");
    }

    /** A free port on 127.0.0.1. */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
