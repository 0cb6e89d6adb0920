package io.xmlformatter.benchmarks.e2e;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** The stub backend: answers every POST with its own body (HTTP/1.1, keep-alive), on 127.0.0.1. */
final class EchoBackend implements AutoCloseable {
    private final HttpServer server;

    EchoBackend(int port) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true"); // else Nagle + delayed ACKs: 40 ms per answer
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 512);
        server.createContext("/", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String type = exchange.getRequestHeaders().getFirst("Content-Type");
            exchange.getResponseHeaders().set("Content-Type", type != null ? type : "text/xml; charset=UTF-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.start();
    }

    /** The port it listens on. */
    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
