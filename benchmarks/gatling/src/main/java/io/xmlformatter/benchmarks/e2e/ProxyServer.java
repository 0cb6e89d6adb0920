package io.xmlformatter.benchmarks.e2e;

import io.xmlformatter.mongo.MongoSink;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The server side of the end-to-end benchmark, in one JVM: the echo backend and the CXF 4.1 SOAP proxy (Jetty) in
 * front of it, on 127.0.0.1, with one logging configuration. Prints {@code READY} when both listen, and
 * {@code COUNT <requests so far>} for each line read from its standard input (so the harness can measure the middle
 * of a cell); stops when its standard input closes (and then prints the Mongo sink's counters, for
 * {@code xf-mongo}).
 *
 * <p>Arguments: {@code <configuration> <proxy port> [<mongo connection string>]}.
 */
public final class ProxyServer {
    private ProxyServer() {
    }

    public static void main(String[] args) throws Exception {
        LoggingSetup setup = LoggingSetup.of(args[0]);
        int port = Integer.parseInt(args[1]);
        try (EchoBackend backend = new EchoBackend(0)) {
            JaxWsServerFactoryBean endpoint = new JaxWsServerFactoryBean();
            ProxyProvider proxy = new ProxyProvider(URI.create("http://127.0.0.1:" + backend.port() + "/echo"));
            endpoint.setServiceBean(proxy);
            endpoint.setAddress("http://127.0.0.1:" + port + "/proxy");
            MongoSink sink = setup.apply(endpoint, proxy, args.length > 2 ? args[2] : null);
            Server server = endpoint.create();
            System.out.println("READY " + setup.label());
            System.out.flush();
            for (int c = System.in.read(); c >= 0; c = System.in.read()) { // until the harness closes it
                if (c == '\n') {
                    System.out.println("COUNT " + proxy.requests());
                    System.out.flush();
                }
            }
            server.destroy();
            if (sink != null) {
                sink.close();
                System.out.println("MONGO " + sink.stats());
            }
        }
        System.out.flush();
        System.exit(0);
    }
}
