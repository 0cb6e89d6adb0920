package io.xmlformatter.spring.boot;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Options;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The actuator endpoint {@code xmlformatter}: made only when exposed; reads, adds and removes rules. */
class XmlFormatterEndpointTest {
    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(XmlFormatterAutoConfiguration.class))
            .withPropertyValues("xmlformatter.cxf.enabled=false", "xmlformatter.jersey.enabled=false");

    @Test
    void theEndpointIsThereOnlyWhenExposed() {
        runner.run(context -> assertThat(context).doesNotHaveBean(XmlFormatterEndpoint.class));
        runner.withPropertyValues("management.endpoints.web.exposure.include=xmlformatter")
                .run(context -> assertThat(context).hasSingleBean(XmlFormatterEndpoint.class));
    }

    @Test
    void itShowsTheOptionsAndAddsAndRemovesARule() {
        MessageLogger logger = MessageLogger.builder().sink(new CollectingSink()).set("body.limit", "4KB")
                .set("masking.pseudonym-key", "a-test-key-of-32-bytes-for-hmac!").build();
        XmlFormatterEndpoint endpoint = new XmlFormatterEndpoint(logger);
        assertThat(endpoint.state()).hasToString("{options={body.limit=4KB, masking.pseudonym-key=[hidden]}, rules=[]}");

        Map<String, Object> added = endpoint.addRule("operation=pay; method=POST", "exchange.strategy=always", "10m")
                .getBody();
        assertThat(added).containsEntry("id", "rule-1").containsEntry("options", Map.of("exchange.strategy", "always"));
        assertThat(logger.forExchange(null, "pay", null, "POST", null).options().get(Options.STRATEGY))
                .hasToString("ALWAYS");
        assertThat((List<?>) endpoint.state().get("rules")).hasSize(1);
        WebEndpointResponse<Map<String, Object>> wrong = endpoint.addRule("operation=pay",
                "exchange.strategy=sometimes", "10m");
        assertThat(wrong.getStatus()).isEqualTo(400);
        assertThat((String) wrong.getBody().get("detail"))
                .contains("strategy (exchange.strategy): 'sometimes' is not accepted");
        assertThat((String) endpoint.addRule("operation=pay", "exchange.strategy=always", "2d").getBody()
                .get("detail")).contains("at most PT24H");

        assertThat(endpoint.removeRule("rule-1")).containsEntry("removed", true);
        assertThat(endpoint.removeRule("rule-1")).containsEntry("removed", false);
        assertThat((List<?>) endpoint.state().get("rules")).isEmpty();
    }
}
