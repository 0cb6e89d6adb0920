package io.xmlformatter.examples.webflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * A Spring Boot service on WebFlux: a payment endpoint that asks a bank (here, an endpoint of its own) through a
 * {@code WebClient} from Boot's builder, and a stream of events. Nothing in it is about logging: the xml-formatter
 * starter is on the class path and {@code application.yml} sets its properties. The demo starts the service on
 * 127.0.0.1, makes a payment and reads the stream, and stops.
 */
@SpringBootApplication
@RestController
public class WebFluxDemo {
    private final WebClient bank;
    private final Environment environment;

    /** The service, its WebClient built from Boot's builder (the starter put its filter on it). */
    public WebFluxDemo(WebClient.Builder clients, Environment environment) {
        this.bank = clients.build();
        this.environment = environment;
    }

    /** Takes a card payment, once the bank has authorised it. */
    @PostMapping(path = "/payments", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Map<String, Object>> pay(@RequestBody Map<String, Object> payment) {
        return bank.post().uri("http://127.0.0.1:" + environment.getProperty("local.server.port") + "/bank/authorise")
                .contentType(MediaType.APPLICATION_JSON).bodyValue(payment).retrieve()
                .bodyToMono(Map.class).map(answer -> Map.of("status", "accepted", "authorisation",
                        answer.get("authorisation")));
    }

    /** The bank's side: authorises any card. */
    @PostMapping(path = "/bank/authorise", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Map<String, Object>> authorise(@RequestBody Map<String, Object> payment) {
        return Mono.just(Map.of("authorisation", "A-1001", "pan", String.valueOf(payment.get("pan"))));
    }

    /** Prices as server-sent events, one at a time. */
    @GetMapping(path = "/prices", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public Flux<Map<String, Object>> prices() {
        return Flux.range(1, 3).delayElements(Duration.ofMillis(20)).map(i -> Map.of("tick", i, "eur", 100 + i));
    }

    /** Runs the demo and exits. */
    public static void main(String[] args) throws Exception {
        try (ConfigurableApplicationContext context = SpringApplication.run(WebFluxDemo.class, args)) {
            String base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> payment = client.send(HttpRequest.newBuilder(URI.create(base + "/payments"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            "{\"pan\":\"4111111111111111\",\"cvv\":\"737\",\"amount\":\"250.00\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            System.out.println(">>> payment: " + payment.statusCode());
            HttpResponse<String> prices = client.send(HttpRequest.newBuilder(URI.create(base + "/prices")).build(),
                    HttpResponse.BodyHandlers.ofString());
            System.out.println(">>> prices: " + prices.statusCode() + ", " + prices.body().split("data:").length
                    + " parts");
        }
        System.out.println(">>> done");
    }
}
