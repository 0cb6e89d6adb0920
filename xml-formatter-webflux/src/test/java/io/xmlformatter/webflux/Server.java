package io.xmlformatter.webflux;

import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.http.server.reactive.TomcatHttpHandlerAdapter;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import java.nio.file.Files;

/** A WebFlux handler served over HTTP on 127.0.0.1, on one of the runtimes WebFlux runs on. */
interface Server extends AutoCloseable {
    /** The server's base address ({@code http://127.0.0.1:port}). */
    String base();

    @Override
    void close() throws Exception;

    /** Reactor Netty, as Boot's WebFlux starter runs it. */
    static Server reactorNetty(HttpHandler handler) {
        DisposableServer server = HttpServer.create().host("127.0.0.1").port(0)
                .handle(new ReactorHttpHandlerAdapter(handler)).bindNow();
        return new Server() {
            @Override
            public String base() {
                return "http://127.0.0.1:" + server.port();
            }

            @Override
            public void close() {
                server.disposeNow();
            }
        };
    }

    /** Tomcat, through the Servlet API's non-blocking I/O. */
    static Server tomcat(HttpHandler handler) throws Exception {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        Wrapper servlet = Tomcat.addServlet(context, "webflux", new TomcatHttpHandlerAdapter(handler));
        servlet.setAsyncSupported(true);
        context.addServletMappingDecoded("/", "webflux");
        tomcat.start();
        return new Server() {
            @Override
            public String base() {
                return "http://127.0.0.1:" + connector.getLocalPort();
            }

            @Override
            public void close() throws LifecycleException {
                tomcat.stop();
                tomcat.destroy();
            }
        };
    }
}
