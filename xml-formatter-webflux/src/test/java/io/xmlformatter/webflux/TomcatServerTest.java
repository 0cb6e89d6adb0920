package io.xmlformatter.webflux;

import org.springframework.http.server.reactive.HttpHandler;

/** The WebFilter on Tomcat, a Servlet container WebFlux runs on through non-blocking Servlet I/O. */
class TomcatServerTest extends ServerContract {
    @Override
    Server serve(HttpHandler handler) throws Exception {
        return Server.tomcat(handler);
    }
}
