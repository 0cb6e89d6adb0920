package io.xmlformatter.spring.boot.servlet;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules endpoint behind Spring Security exactly as docs/exchange.md shows it: over HTTP on 127.0.0.1, nobody
 * adds a rule without the role it asks for.
 */
class SecuredRulesEndpointTest {
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> addRule(ConfigurableApplicationContext context, String user) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpRequest.Builder post = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/actuator/xmlformatter")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"match\":\"operation=pay\","
                        + "\"options\":\"exchange.strategy=always\",\"lasting\":\"10m\"}"));
        if (user != null) {
            post.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":pw-" + user)
                    .getBytes(StandardCharsets.UTF_8)));
        }
        return client.send(post.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void onlyTheRoleTheChainNamesAddsARule() throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .properties("server.address=127.0.0.1", "server.port=0", "spring.main.banner-mode=off",
                        "management.endpoints.web.exposure.include=xmlformatter", "xmlformatter.cxf.enabled=false")
                .run()) {
            assertThat(addRule(context, null).statusCode()).isEqualTo(401);
            assertThat(addRule(context, "dev").statusCode()).isEqualTo(403);
            assertThat(context.getBean(MessageLogger.class).liveRules()).isEmpty();
            assertThat(addRule(context, "ops").statusCode()).isEqualTo(200);
            assertThat(context.getBean(MessageLogger.class).liveRules()).hasSize(1);
        }
    }

    /** An application with the documented chain and two users. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
        @Bean
        CollectingSink sink() {
            return new CollectingSink();
        }

        @Bean
        InMemoryUserDetailsManager users() {
            return new InMemoryUserDetailsManager(
                    User.withUsername("ops").password("{noop}pw-ops").roles("OPS").build(),
                    User.withUsername("dev").password("{noop}pw-dev").roles("DEV").build());
        }

        // as docs/exchange.md shows it
        @Bean
        SecurityFilterChain actuator(HttpSecurity http) throws Exception {
            return http.securityMatcher(EndpointRequest.toAnyEndpoint())
                    .csrf(c -> c.disable())   // called by tools, not browsers: POST and DELETE without a CSRF token
                    .authorizeHttpRequests(a -> a.requestMatchers(EndpointRequest.to("xmlformatter")).hasRole("OPS")
                            .anyRequest().permitAll())
                    .httpBasic(Customizer.withDefaults()).build();
        }
    }
}
