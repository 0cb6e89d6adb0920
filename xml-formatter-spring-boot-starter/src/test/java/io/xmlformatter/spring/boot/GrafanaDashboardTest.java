package io.xmlformatter.spring.boot;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mongo.MongoSinkSettings;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard in {@code grafana/} parses, and its queries name exactly the meters the starter and the
 * MongoDB sink register, as Micrometer's Prometheus registry exposes them.
 */
class GrafanaDashboardTest {
    private static final Pattern METER = Pattern.compile("xmlformatter_[a-z_]+");

    @Test
    void theDashboardShowsEveryMeterAndOnlyMetersThatExist() throws Exception {
        Path file = Path.of("grafana/xml-formatter-dashboard.json"); // the starter's; compat-boot3 runs it from below
        JsonNode dashboard = JsonMapper.builder().build().readTree((Files.exists(file) ? file : Path.of("..")
                .resolve(file)).toFile());
        assertThat(dashboard.get("title").asString()).isEqualTo("xml-formatter");
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher m = METER.matcher(target.get("expr").asString());
                while (m.find()) {
                    queried.add(m.group());
                }
            }
        }
        assertThat(exposed()).isEqualTo(queried);
    }

    /** The xmlformatter series a Prometheus scrape shows for the starter's logger and a MongoDB sink. */
    private static Set<String> exposed() throws Exception {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch mongoMeters = new CountDownLatch(1);
        prometheus.config().onMeterAdded(m -> {
            if (m.getId().getName().equals("xmlformatter.mongo.breaker.open")) {
                mongoMeters.countDown();
            }
        });
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(XmlFormatterAutoConfiguration.class))
                .run(context -> context.getBean("xmlFormatterMeters", MeterBinder.class).bindTo(prometheus));
        Metrics.addRegistry(prometheus); // the sink registers on the global registry, as Boot's are
        MongoSinkSettings settings = new MongoSinkSettings();
        settings.setConnectionString("mongodb://127.0.0.1:1/"); // unreachable: the meters are there all the same
        settings.setServerSelectionTimeoutMillis(100);
        settings.setShutdownGraceMillis(0);
        settings.setName("grafana");
        try (MongoSink sink = new MongoSink(settings)) {
            sink.write(LogRecord.builder(MessageType.REQ_IN).payload("<a/>").build());
            assertThat(mongoMeters.await(60, TimeUnit.SECONDS)).isTrue();
            Set<String> series = new TreeSet<>();
            Matcher m = METER.matcher(prometheus.scrape());
            while (m.find()) {
                series.add(m.group());
            }
            return series;
        } finally {
            Metrics.removeRegistry(prometheus);
        }
    }
}
