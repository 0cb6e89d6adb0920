package io.xmlformatter.benchmarks;

import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.sink.FieldNames;
import io.xmlformatter.sink.Slf4jSink;
import jakarta.xml.ws.BindingProvider;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.headers.Header;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.w3c.dom.Element;

import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One in-JVM CXF call (local transport with direct dispatch: no sockets, no threads) with a WS-Security header,
 * logged on both sides (4 messages), in each logging configuration. The difference to {@code none} is the logging
 * cost. In {@code cxf}, {@code cxf-pretty-mask}, {@code xf} and {@code xf-pretty} records go to a sink that drops
 * them, so only capturing, formatting and masking are measured; {@code xf-text}, {@code xf-json} and
 * {@code xf-fields} are {@code xf-pretty} writing each output form through the SLF4J sink into logback's file
 * appender (to {@code /dev/null}, the benchmarks' {@code logback.xml}): the way from the record into the appender.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class CxfLoggingBenchmark {
    private static final String WSSE =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    /**
     * none, cxf (LoggingFeature), cxf-pretty-mask, xf (XmlLoggingFeature), xf-pretty (indent + masks), and
     * xf-pretty through the SLF4J sink's text (CXF's lines), JSON and fields (ECS) forms.
     */
    @Param({"none", "cxf", "cxf-pretty-mask", "xf", "xf-pretty", "xf-text", "xf-json", "xf-fields"})
    public String config;

    /** Size of the body text in KB. */
    @Param({"2", "21"})
    public int kb;

    private Server server;
    private EchoService client;
    private String text;

    @Setup(Level.Trial)
    public void start() throws Exception {
        String address = "local://bench-" + config + "-" + kb;
        JaxWsServerFactoryBean sf = new JaxWsServerFactoryBean();
        sf.setServiceClass(EchoService.class);
        sf.setServiceBean(new EchoService.Impl());
        sf.setAddress(address);
        Feature server = feature();
        if (server != null) {
            sf.getFeatures().add(server);
        }
        this.server = sf.create();
        JaxWsProxyFactoryBean cf = new JaxWsProxyFactoryBean();
        cf.setServiceClass(EchoService.class);
        cf.setAddress(address);
        Feature clientFeature = feature();
        if (clientFeature != null) {
            cf.getFeatures().add(clientFeature);
        }
        client = (EchoService) cf.create();
        Element security = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder().parse(
                new ByteArrayInputStream(("<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken>"
                        + "<wsse:Username>alice</wsse:Username><wsse:Password>s3cr3t</wsse:Password>"
                        + "</wsse:UsernameToken></wsse:Security>").getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
        ((BindingProvider) client).getRequestContext().put(Header.HEADER_LIST,
                List.of(new Header(new QName(WSSE, "Security"), security)));
        // The server runs on the caller's thread: the cost measured is CPU, not thread hand-offs.
        ((BindingProvider) client).getRequestContext().put("local.direct.dispatch", true);
        text = "order line with some text; ".repeat(kb * 1024 / 27);
    }

    private Feature feature() {
        switch (config) {
            case "cxf": {
                LoggingFeature f = new LoggingFeature();
                f.setSender(event -> Blackhole.consumeCPU(0));
                return f;
            }
            case "cxf-pretty-mask": {
                LoggingFeature f = new LoggingFeature();
                f.setPrettyLogging(true);
                f.setSensitiveElementNames(Set.of("Password", "Nonce", "BinarySecurityToken", "NameID",
                        "AttributeValue", "SignatureValue", "X509Certificate"));
                f.setSender(event -> Blackhole.consumeCPU(0));
                return f;
            }
            case "xf": {
                XmlLoggingFeature f = new XmlLoggingFeature();
                f.setSink(record -> Blackhole.consumeCPU(0));
                return f;
            }
            case "xf-pretty": {
                XmlLoggingFeature f = new XmlLoggingFeature();
                f.setPrettyLogging(true);
                f.setSink(record -> Blackhole.consumeCPU(0));
                return f;
            }
            case "xf-text":
                return pretty(Slf4jSink.text());
            case "xf-json":
                return pretty(Slf4jSink.json());
            case "xf-fields":
                return pretty(Slf4jSink.fields(FieldNames.ECS, org.slf4j.event.Level.INFO));
            default:
                return null;
        }
    }

    private static Feature pretty(Slf4jSink sink) {
        XmlLoggingFeature f = new XmlLoggingFeature();
        f.setPrettyLogging(true);
        f.setSink(sink);
        return f;
    }

    @TearDown(Level.Trial)
    public void stop() {
        server.stop();
        server.destroy();
    }

    @Benchmark
    public String call() {
        return client.echo(text);
    }
}
