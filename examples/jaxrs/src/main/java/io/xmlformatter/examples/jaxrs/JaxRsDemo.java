package io.xmlformatter.examples.jaxrs;

import com.sun.net.httpserver.HttpServer;
import io.xmlformatter.jaxrs.XmlLoggingFeature;
import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A REST service and a client on 127.0.0.1, both logging with {@link XmlLoggingFeature}: an XML login whose
 * password and token are masked, a JSON profile whose IBAN is masked, a query-string secret masked, and a
 * health check that is not logged: not by the server (its {@code @XmlLogging(enabled = false)}) nor by the client
 * (the exclude rule; a rule's path is a regular expression the whole path must match). Records go to SLF4J (the
 * console).
 */
public final class JaxRsDemo {
    private JaxRsDemo() {
    }

    /** Runs the demo and exits. */
    public static void main(String[] args) throws Exception {
        XmlLoggingFeature logging = new XmlLoggingFeature(MessageLogger.builder()
                .sensitiveElementNames(Set.of("password", "token", "iban"))
                .exclude(ExchangeMatch.any().httpMethod("GET").path(".*/health")));
        URI base = URI.create("http://127.0.0.1:" + freePort() + "/");
        HttpServer server = JdkHttpServerFactory.createHttpServer(base,
                new ResourceConfig().register(Accounts.class).register(logging), false);
        ExecutorService workers = Executors.newCachedThreadPool(); // Jersey's own would keep the JVM up for 60 s
        server.setExecutor(workers);
        server.start();
        Client client = ClientBuilder.newClient().register(logging);
        try {
            String session = client.target(base).path("accounts/login").queryParam("access_token", "qs-s3cr3t")
                    .request().post(Entity.entity("<login><user>bob</user><password>s3cr3t-P@ssw0rd</password>"
                            + "</login>", MediaType.APPLICATION_XML), String.class);
            System.out.println(">>> the client got its session: " + session.length() + " chars");
            String profile = client.target(base).path("accounts/profile").request().get(String.class);
            System.out.println(">>> the client got the profile: " + profile.length() + " chars");
            System.out.println(">>> health: " + client.target(base).path("accounts/health").request()
                    .get(String.class));
        } finally {
            client.close();
            server.stop(0);
            workers.shutdown();
            logging.close();
        }
        System.out.println(">>> done");
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
