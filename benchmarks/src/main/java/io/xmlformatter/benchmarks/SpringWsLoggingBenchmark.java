package io.xmlformatter.benchmarks;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.Slf4jSink;
import io.xmlformatter.springws.XmlLoggingEndpointInterceptor;
import io.xmlformatter.springws.XmlLoggingHandlerAdapter;
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
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.context.DefaultMessageContext;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.config.annotation.WsConfigurer;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.server.endpoint.interceptor.PayloadLoggingInterceptor;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.soap.server.SoapMessageDispatcher;
import org.springframework.ws.soap.server.endpoint.interceptor.SoapEnvelopeLoggingInterceptor;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;
import org.w3c.dom.Element;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What logging a Spring Web Services server exchange (a request and its response) costs. Per configuration:
 * {@code none}; {@code spring-ws-envelope} and {@code spring-ws-payload}, Spring-WS's
 * {@code SoapEnvelopeLoggingInterceptor} and {@code PayloadLoggingInterceptor} with their loggers at DEBUG;
 * {@code xf}, this project's handler adapter and endpoint interceptor (pretty, the WS-Security preset, masking)
 * through the SLF4J sink's text. Every logged configuration writes into the same logback file appender (to
 * {@code /dev/null}).
 *
 * <p>{@link #logging}: the logging work of the two messages alone, on a message parsed once (Spring-WS's
 * interceptors' {@code handleRequest} and {@code handleResponse}; ours: both bodies through the captures, the
 * exchange's two records made and written). {@link #exchange}: the whole exchange in-process (spring-test's
 * in-memory servlet request and response, no sockets: SAAJ parses, the dispatcher calls an endpoint that echoes the
 * payload, the response is written); its difference to {@code none} is the same cost inside Spring-WS's own work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class SpringWsLoggingBenchmark {
    /** The logging configurations. */
    @Param({"none", "spring-ws-envelope", "spring-ws-payload", "xf"})
    public String config;

    /** The request's size in KB. */
    @Param({"1", "6", "50"})
    public int kb;

    private AnnotationConfigApplicationContext context;
    private WebServiceMessageReceiverHandlerAdapter adapter;
    private SoapMessageDispatcher dispatcher;
    private MessageLogger logger;
    private byte[] request;
    private byte[] response;
    private MessageContext parsed;
    private EndpointInterceptor springWs;

    @Setup(Level.Trial)
    public void start() throws Exception {
        // the WS-Security header is not processed here: not mustUnderstand, so the dispatcher accepts it
        request = SoapPayloads.compact(kb * 1024).replace("soap:mustUnderstand=\"1\"", "soap:mustUnderstand=\"0\"")
                .getBytes(StandardCharsets.UTF_8);
        context = new AnnotationConfigApplicationContext();
        context.registerBean("interceptors", Interceptors.class, () -> new Interceptors(config));
        context.register(App.class);
        context.refresh();
        dispatcher = new SoapMessageDispatcher();
        dispatcher.setApplicationContext(context);
        SaajSoapMessageFactory factory = new SaajSoapMessageFactory();
        factory.afterPropertiesSet();
        if ("xf".equals(config)) {
            logger = MessageLogger.builder().pretty(true).sensitiveElementNames(List.of("customer", "comment"))
                    .sink(Slf4jSink.text()).build();
            adapter = new XmlLoggingHandlerAdapter(logger);
        } else {
            adapter = new WebServiceMessageReceiverHandlerAdapter();
        }
        adapter.setMessageFactory(factory);
        adapter.afterPropertiesSet();
        MockHttpServletResponse written = new MockHttpServletResponse();
        new WebServiceMessageReceiverHandlerAdapter() {
            {
                setMessageFactory(factory);
            }
        }.handle(post(), written, dispatcher);
        response = written.getContentAsByteArray();
        parsed = new DefaultMessageContext(factory.createWebServiceMessage(new ByteArrayInputStream(request)), factory);
        parsed.readResponse(new ByteArrayInputStream(response)); // the endpoint's response, as it was written
        springWs = switch (config) {
            case "spring-ws-envelope" -> new SoapEnvelopeLoggingInterceptor();
            case "spring-ws-payload" -> new PayloadLoggingInterceptor();
            default -> null;
        };
    }

    private MockHttpServletRequest post() {
        MockHttpServletRequest in = new MockHttpServletRequest("POST", "/ws/orders");
        in.setContentType("text/xml; charset=utf-8");
        in.addHeader("SOAPAction", "\"\"");
        in.setContent(request);
        return in;
    }

    /** The logging work of one exchange alone: its request and its response, each read or written once. */
    @Benchmark
    public int logging() throws Exception {
        if (springWs != null) {
            springWs.handleRequest(parsed, null);
            springWs.handleResponse(parsed, null);
            return 2;
        }
        if (logger == null) {
            return 0;
        }
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, name -> null, null, null).operation("Orders",
                "submitOrders", "/ws/orders", "POST", "");
        BodyTee in = new BodyTee(x.captureLimit(), request.length);
        int read = in.tee(new ByteArrayInputStream(request)).readAllBytes().length;
        ExchangeLog.ResponseStage r = x.request(x.facts(MessageType.REQ_IN).httpMethod("POST")
                .address("http://127.0.0.1/ws/orders").contentType("text/xml; charset=utf-8"), in);
        WrittenBody out = new WrittenBody(x.captureLimit());
        out.tee(OutputStream.nullOutputStream(), null).write(response);
        out.finish();
        r.response(r.facts(MessageType.RESP_OUT).responseCode(200).contentType("text/xml; charset=utf-8"), out).end();
        return read;
    }

    @TearDown(Level.Trial)
    public void stop() {
        if (logger != null) {
            logger.close();
        }
        context.close();
    }

    /** One exchange: the response's length (the response written in full). */
    @Benchmark
    public int exchange() throws Exception {
        MockHttpServletResponse out = new MockHttpServletResponse();
        adapter.handle(post(), out, dispatcher);
        if (out.getStatus() != 200) {
            throw new IllegalStateException("status " + out.getStatus() + ": " + out.getContentAsString());
        }
        return out.getContentAsByteArray().length;
    }

    /** Which interceptors the configuration adds. */
    static final class Interceptors implements WsConfigurer {
        private final String config;

        Interceptors(String config) {
            this.config = config;
        }

        @Override
        public void addInterceptors(List<EndpointInterceptor> interceptors) {
            switch (config) {
                case "spring-ws-envelope" -> interceptors.add(new SoapEnvelopeLoggingInterceptor());
                case "spring-ws-payload" -> interceptors.add(new PayloadLoggingInterceptor());
                case "xf" -> interceptors.add(new XmlLoggingEndpointInterceptor());
                default -> { }
            }
        }
    }

    /** The application: the echo endpoint. */
    @Configuration(proxyBeanMethods = false)
    @EnableWs
    static class App {
        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    /** Echoes the orders it is sent. */
    @Endpoint
    public static class Orders {
        @PayloadRoot(namespace = "urn:example:orders", localPart = "submitOrders")
        @ResponsePayload
        public Element submit(@RequestPayload Element orders) {
            return orders;
        }
    }
}
