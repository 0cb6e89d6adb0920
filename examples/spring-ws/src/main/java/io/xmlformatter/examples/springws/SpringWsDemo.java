package io.xmlformatter.examples.springws;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.webservices.client.WebServiceTemplateBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;

/**
 * A Spring Boot service on Spring Web Services: one endpoint, and a client built from Boot's
 * {@code WebServiceTemplateBuilder}. Nothing in it is about logging: the xml-formatter starter is on the class path
 * and {@code application.yml} sets its properties. The demo starts the service on 127.0.0.1, makes a transfer and a
 * refused one (a SOAP fault), and stops.
 */
@SpringBootApplication
public class SpringWsDemo {
    /** The endpoint, at /ws. */
    @Bean
    Transfers transfers() {
        return new Transfers();
    }

    /** Runs the demo and exits. */
    public static void main(String[] args) throws Exception {
        try (ConfigurableApplicationContext context = SpringApplication.run(SpringWsDemo.class, args)) {
            String address = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port") + "/ws";
            WebServiceTemplate client = context.getBean(WebServiceTemplateBuilder.class).setDefaultUri(address)
                    .build();
            StringResult receipt = new StringResult();
            client.sendSourceAndReceiveToResult(transfer("DE89370400440532013000", "250.00", "4711"), receipt);
            System.out.println(">>> receipt: " + receipt.toString().length() + " chars");
            try {
                client.sendSourceAndReceiveToResult(transfer("DE89370400440532013000", "-5.00", "4711"),
                        new StringResult());
            } catch (SoapFaultClientException e) {
                System.out.println(">>> refused: " + e.getFaultStringOrReason());
            }
        }
        System.out.println(">>> done");
    }

    private static StringSource transfer(String iban, String amount, String pin) {
        return new StringSource("<t:TransferRequest xmlns:t='" + Transfers.NS + "'><t:from><t:iban>" + iban
                + "</t:iban><t:pin>" + pin + "</t:pin></t:from><t:to><t:iban>FR1420041010050500013M02606</t:iban>"
                + "</t:to><t:amount>" + amount + "</t:amount></t:TransferRequest>");
    }
}
