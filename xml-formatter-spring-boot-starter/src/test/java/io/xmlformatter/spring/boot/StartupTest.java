package io.xmlformatter.spring.boot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a team sees when its application starts (issue 51): the one line saying what is wired, a wrong setting as
 * Boot's failure analysis, an unknown property failing startup unless told to warn. Through SpringApplication and
 * Boot's logging system, as an application starts.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupTest {
    @Test
    void oneLineSaysWhatIsWiredWhereRecordsGoAndWhatIsMasked(CapturedOutput output) {
        String key = "a-pseudonym-key-never-shown-1234";
        try (ConfigurableApplicationContext context = start("logging.level.io.xmlformatter.spring.boot=INFO",
                "xmlformatter.masking.element-names=pin,card", "xmlformatter.masking.detect=card-numbers",
                "xmlformatter.masking.pseudonym-key=" + key, "xmlformatter.exchange.strategy=body-on-failure",
                "xmlformatter.rules[0].operation=login", "xmlformatter.rules[0].body.limit=1KB")) {
            assertThat(context.isRunning()).isTrue();
        }
        String line = output.getOut().lines().filter(l -> l.contains("xml-formatter: logging")).findFirst()
                .orElseThrow(() -> new AssertionError("no startup line in " + output.getOut()));
        assertThat(line).contains("INFO").contains("logging CXF (every bus)")
                .contains("; records to SLF4J at INFO, loggers org.apache.cxf.services (CXF, Mule) or "
                        + "io.xmlformatter.<integration>.<service>.<TYPE> in the cxf-text layout; strategy "
                        + "BODY_ON_FAILURE; masking ")
                .contains("detect card-numbers").contains("common-names").contains("element-names 2")
                .contains("pseudonym-key set").contains("; rules 1").doesNotContain(key);
        assertThat(output.getOut().lines().filter(l -> l.contains("xml-formatter: logging"))).hasSize(1);
    }

    @Test
    void aWrongSettingIsBootsFailureAnalysisNamingTheProperty(CapturedOutput output) {
        assertThatThrownBy(() -> start("xmlformatter.masking.element-name=password")).isNotNull();
        assertThat(output.getOut() + output.getErr()).contains("APPLICATION FAILED TO START")
                .contains("xml-formatter: unknown property xmlformatter.masking.element-name (did you mean "
                        + "xmlformatter.masking.element-names?)")
                .contains("Correct the xmlformatter.* setting named above");
        assertThatThrownBy(() -> start("xmlformatter.body.limit=lots")).isNotNull();
        assertThat(output.getOut() + output.getErr())
                .contains("xml-formatter: property xmlformatter.body.limit: limit (body.limit): 'lots' is not accepted");
    }

    @Test
    void anUnknownPropertyOnlyWarnsWhenTheApplicationSaysSo(CapturedOutput output) {
        try (ConfigurableApplicationContext context = start("xmlformatter.fail-on-unknown-properties=false",
                "xmlformatter.body.from-a-newer-version=1")) {
            assertThat(context.isRunning()).isTrue();
        }
        assertThat(output.getOut()).contains("WARN").contains("xml-formatter: unknown property "
                + "xmlformatter.body.from-a-newer-version").contains("(ignored: fail-on-unknown-properties=false)");
    }

    private static ConfigurableApplicationContext start(String... properties) {
        return new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .properties("spring.main.banner-mode=off").properties(properties).run();
    }

    /** An application with no web server and nothing about logging. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {
    }
}
