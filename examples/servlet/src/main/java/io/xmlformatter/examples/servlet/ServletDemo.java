package io.xmlformatter.examples.servlet;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/**
 * A Spring Boot service on Spring MVC: a JSON payment endpoint and a form. Nothing in it is about logging: the
 * xml-formatter starter is on the class path and {@code application.yml} sets its properties. The demo starts the
 * service on 127.0.0.1, makes a payment, a refused one (422) and a form post, and stops.
 */
@SpringBootApplication
@RestController
public class ServletDemo {
    /** Takes a card payment; refuses an amount below zero. */
    @PostMapping(path = "/payments", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Map<String, Object> pay(@RequestBody Map<String, Object> payment) {
        if (String.valueOf(payment.get("amount")).startsWith("-")) {
            throw new ResponseStatusException(HttpStatus.UNPROCESSABLE_CONTENT, "amount below zero");
        }
        return Map.of("status", "accepted", "iban", payment.get("iban"));
    }

    /** A form post: the parameters, read by the container, are what is logged (masked by name). */
    @PostMapping(path = "/subscribe", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public String subscribe(@RequestParam("email") String email, @RequestParam("password") String password) {
        return "subscribed " + email;
    }

    /** Runs the demo and exits. */
    public static void main(String[] args) throws Exception {
        try (ConfigurableApplicationContext context = SpringApplication.run(ServletDemo.class, args)) {
            String base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
            HttpClient client = HttpClient.newHttpClient();
            for (String amount : new String[] {"250.00", "-5.00"}) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/payments"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                                "{\"iban\":\"DE89370400440532013000\",\"cvv\":\"737\",\"amount\":\"" + amount + "\"}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                System.out.println(">>> payment of " + amount + ": " + r.statusCode());
            }
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + "/subscribe"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("email=ann%40example.org&password=hunter2-form"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            System.out.println(">>> form: " + r.statusCode());
        }
        System.out.println(">>> done");
    }
}
