package io.xmlformatter.examples.boot;

import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * A Spring Boot service with a SOAP endpoint, a REST endpoint and a SOAP client, all on CXF's bus. Nothing in it
 * is about logging: the xml-formatter starter is on the class path and {@code application.yml} sets its
 * properties. The demo starts the service on 127.0.0.1, calls each endpoint once, and stops.
 */
@SpringBootApplication
public class BootDemo {
    /** The SOAP endpoint, at /services/payments. */
    @Bean
    EndpointImpl payments(Bus bus) {
        EndpointImpl endpoint = new EndpointImpl(bus, new PaymentsImpl());
        endpoint.publish("/payments");
        return endpoint;
    }

    /** The REST endpoint, at /services/rest. */
    @Bean
    Server accounts(Bus bus) {
        JAXRSServerFactoryBean f = new JAXRSServerFactoryBean();
        f.setBus(bus);
        f.setAddress("/rest");
        f.setServiceBean(new Accounts());
        return f.create();
    }

    /** Runs the demo and exits. */
    public static void main(String[] args) throws Exception {
        try (ConfigurableApplicationContext context = SpringApplication.run(BootDemo.class, args)) {
            String base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
            JaxWsProxyFactoryBean f = new JaxWsProxyFactoryBean();
            f.setBus(context.getBean(Bus.class));
            f.setServiceClass(Payments.class);
            f.setAddress(base + "/services/payments");
            Payments payments = (Payments) f.create();
            System.out.println(">>> receipt: " + payments.pay("4111111111111111", "25.00", "s3cr3t-P@ssw0rd"));

            HttpClient http = HttpClient.newHttpClient();
            for (String path : new String[] {"/services/rest/accounts/7", "/services/rest/health"}) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                System.out.println(">>> " + path + ": " + r.statusCode() + ", " + r.body().length() + " chars");
            }
        }
        System.out.println(">>> done");
    }
}
