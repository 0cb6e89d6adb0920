package io.xmlformatter.benchmarks.e2e;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.xmlformatter.benchmarks.SoapPayloads;

import java.time.Duration;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * Back-to-back load on the SOAP proxy: {@code users} virtual users, each on its own persistent connection, post a
 * WS-Security SOAP request of {@code kb} KiB again and again, without pause, for {@code seconds}. System
 * properties: {@code url}, {@code users}, {@code kb}, {@code seconds}.
 */
public class ProxySimulation extends Simulation {
    private final String url = System.getProperty("url", "http://127.0.0.1:18080/proxy");
    private final int users = Integer.getInteger("users", 150);
    private final int kb = Integer.getInteger("kb", 1);
    private final int seconds = Integer.getInteger("seconds", 60);
    private final String payload = SoapPayloads.compact(kb * 1024);

    private final HttpProtocolBuilder protocol = http.baseUrl(url).contentTypeHeader("text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"");

    private final ScenarioBuilder soap = scenario("soap-" + kb + "k").forever().on(
            http("post-" + kb + "k").post("").body(StringBody(payload)).check(status().is(200)));

    {
        setUp(soap.injectOpen(atOnceUsers(users))).protocols(protocol).maxDuration(Duration.ofSeconds(seconds));
    }
}
