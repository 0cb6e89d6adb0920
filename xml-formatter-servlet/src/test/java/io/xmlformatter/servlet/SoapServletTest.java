package io.xmlformatter.servlet;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.JsonLayout;
import io.xmlformatter.testsupport.CollectingSink;
import jakarta.servlet.http.HttpServlet;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.ws.soap.server.endpoint.annotation.FaultCode;
import org.springframework.ws.soap.server.endpoint.annotation.SoapFault;
import org.springframework.ws.transport.http.MessageDispatcherServlet;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A SOAP service behind a servlet without CXF — Spring-WS's {@code MessageDispatcherServlet}, no interceptor of
 * ours — logged by the filter alone with the WS-Security preset, in Tomcat.
 */
class SoapServletTest {
    private static final String NS = "urn:xf:accounts";

    private static String envelope(String user, String password) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Header>"
                + "<wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity"
                + "-secext-1.0.xsd\"><wsse:UsernameToken><wsse:Username>" + user + "</wsse:Username>"
                + "<wsse:Password>" + password + "</wsse:Password></wsse:UsernameToken></wsse:Security>"
                + "</soapenv:Header><soapenv:Body><a:LoginRequest xmlns:a=\"" + NS + "\"><a:user>" + user
                + "</a:user></a:LoginRequest></soapenv:Body></soapenv:Envelope>";
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** The service behind the filter alone, in Tomcat. */
    private static Containers.Running serve(MessageLogger logger) throws Exception {
        AnnotationConfigWebApplicationContext app = new AnnotationConfigWebApplicationContext();
        app.register(Service.class);
        Map<String, HttpServlet> servlets = Map.of("/ws/*", new MessageDispatcherServlet(app));
        return Containers.tomcat(new XmlLoggingFilter(logger), servlets);
    }

    private static HttpRequest.Builder call(Containers.Running server) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/ws/"))
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "\"urn:login\"");
    }

    @Test
    void logsTheCallAndItsFaultWithTheOperationFromTheBodyAndNoPassword() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink).wsSecurity(true).build();
        try (Containers.Running server = serve(logger)) {
            HttpRequest.Builder call = call(server);
            HttpResponse<String> ok = client.send(call.POST(HttpRequest.BodyPublishers.ofString(
                    envelope("alice", "soap-secret-5"))).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ok.statusCode(), ok.body());
            List<LogRecord> records = sink.await(2);
            LogRecord in = records.get(0);
            assertEquals(MessageType.REQ_IN, in.type());
            assertEquals("LoginRequest", in.operation());
            assertEquals("ws", in.service());
            assertTrue(in.payload().contains("alice"), in.payload());
            assertTrue(records.get(1).payload().contains("welcome alice"), records.get(1).payload());

            HttpResponse<String> fault = client.send(call.POST(HttpRequest.BodyPublishers.ofString(
                    envelope("mallory", "soap-secret-6"))).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(500, fault.statusCode());
            records = sink.await(4);
            assertEquals(MessageType.FAULT_OUT, records.get(3).type());
            assertTrue(records.get(3).payload().contains("refused"), records.get(3).payload());
            String all = records.stream().map(JsonLayout.INSTANCE::format).collect(Collectors.joining("\n"));
            assertFalse(all.contains("soap-secret-5") || all.contains("soap-secret-6"), all);
        }
    }

    @Test
    void aRuleOnTheOperationReadFromTheBodyGetsItsBodiesWhenTheBaseStrategyTakesNone() throws Exception {
        CollectingSink sink = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(sink).wsSecurity(true).strategy(Strategy.WITHOUT_BODY)
                .rule(ExchangeMatch.any().operation("LoginRequest"), r -> r.strategy(Strategy.ALWAYS)).build();
        try (Containers.Running server = serve(logger)) {
            HttpRequest.Builder call = call(server);
            client.send(call.POST(HttpRequest.BodyPublishers.ofString(envelope("alice", "soap-secret-7"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            List<LogRecord> login = sink.await(2);
            assertEquals("LoginRequest", login.get(0).operation());
            assertTrue(login.get(0).payload().contains("alice"), "the rule's strategy: bodies");
            assertTrue(login.get(1).payload().contains("welcome alice"), login.get(1).payload());
            assertFalse(login.get(0).payload().contains("soap-secret-7"), login.get(0).payload());
            sink.clear();
            client.send(call.POST(HttpRequest.BodyPublishers.ofString(envelope("alice", "soap-secret-8")
                    .replace("LoginRequest", "PingRequest"))).build(), HttpResponse.BodyHandlers.ofString());
            List<LogRecord> ping = sink.await(2);
            assertEquals("PingRequest", ping.get(0).operation());
            assertEquals(null, ping.get(0).payload(), "another operation: the base strategy, no body");
            assertEquals(null, ping.get(1).payload());
        }
    }

    /** The service: one endpoint, no logging of its own. */
    @Configuration
    @EnableWs
    static class Service {
        @Bean
        Accounts accounts() {
            return new Accounts();
        }
    }

    /** Logs a user in; refuses mallory with a SOAP fault. */
    @Endpoint
    public static class Accounts {
        @PayloadRoot(namespace = NS, localPart = "LoginRequest")
        @ResponsePayload
        public Element login(@RequestPayload Element request) throws Exception {
            String user = request.getTextContent();
            if (user.contains("mallory")) {
                throw new Refused();
            }
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Document d = f.newDocumentBuilder().newDocument();
            Element e = d.createElementNS(NS, "LoginResponse");
            e.setTextContent("welcome " + user);
            d.appendChild(e);
            return e;
        }
    }

    /** The fault. */
    @SoapFault(faultCode = FaultCode.SERVER, faultStringOrReason = "login refused")
    public static class Refused extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
