package io.xmlformatter.springws;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import org.junit.jupiter.params.ParameterizedTest;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.ws.transport.WebServiceMessageSender;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.client.support.interceptor.ClientInterceptorAdapter;
import org.springframework.ws.soap.client.SoapFaultClientException;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;
import org.springframework.ws.transport.http.HttpComponents5MessageSender;
import org.springframework.ws.transport.http.HttpUrlConnectionMessageSender;
import org.springframework.ws.transport.http.JdkHttpClientMessageSender;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;

import java.net.http.HttpClient;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client side: a WebServiceTemplate with each sender Spring-WS ships, against a logged real server. */
class SpringWsClientTest {
    static WebServiceMessageSender sender(String name) throws Exception {
        return switch (name) {
            case "jdk" -> new JdkHttpClientMessageSender(HttpClient.newHttpClient());
            case "hc5" -> {
                HttpComponents5MessageSender s = new HttpComponents5MessageSender();
                s.afterPropertiesSet();
                yield s;
            }
            case "spring" -> new ClientHttpRequestMessageSender(new SimpleClientHttpRequestFactory());
            default -> new HttpUrlConnectionMessageSender();
        };
    }

    static WebServiceTemplate template(String sender, String uri, MessageLogger logger) throws Exception {
        SaajSoapMessageFactory factory = new SaajSoapMessageFactory();
        factory.afterPropertiesSet();
        WebServiceTemplate template = new WebServiceTemplate(factory);
        template.setMessageSender(sender(sender));
        template.setDefaultUri(uri);
        XmlLoggingClientInterceptor.install(template, logger);
        return template;
    }

    @ParameterizedTest
    @ValueSource(strings = {"url", "jdk", "hc5", "spring"})
    void theClientLogsTheBytesTheServerGotAndSentWithOneCorrelationId(String sender) throws Exception {
        CollectingSink server = new CollectingSink();
        CollectingSink client = new CollectingSink();
        try (WsServer ws = new WsServer(MessageLogger.builder().sink(server).build())) {
            WebServiceTemplate t = template(sender, ws.url("/ws/"), MessageLogger.builder().sink(client).build());
            StringResult result = new StringResult();
            t.sendSourceAndReceiveToResult(new StringSource("<e:EchoRequest xmlns:e='urn:xf:echo'>"
                    + "hi <password>client-secret-1</password></e:EchoRequest>"), result);
            assertTrue(result.toString().contains("EchoResponse"), result.toString());
            List<LogRecord> in = server.await(2);
            List<LogRecord> out = client.await(2);
            assertEquals(List.of(MessageType.REQ_OUT, MessageType.RESP_IN), client.types());
            assertEquals(in.get(0).payload(), out.get(0).payload(), "REQ_OUT is what the server read");
            assertEquals(in.get(1).payload(), out.get(1).payload(), "RESP_IN is what the server wrote");
            assertEquals(in.get(0).correlationId(), out.get(0).correlationId(), "the correlation id went out");
            assertEquals("EchoRequest", out.get(0).operation());
            for (LogRecord r : out) {
                assertEquals("spring-ws", r.integration(), "io.xmlformatter.spring-ws.<host>.<TYPE> in SLF4J");
                assertEquals("127.0.0.1", r.service(), "the endpoint's host");
            }
            assertEquals(200, out.get(1).responseCode(), sender);
            assertTrue(out.get(1).contentType().startsWith("text/xml"), sender + ": " + out.get(1).contentType());
            assertFalse(SpringWsServerTest.everything(List.of(out.get(0))).contains("client-secret-1"));
            assertTrue(out.get(0).payload().contains("<password>"), out.get(0).payload());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"url", "jdk"})
    void aFaultComesInAsOneWithItsDetailMasked(String sender) throws Exception {
        CollectingSink client = new CollectingSink();
        MessageLogger logger = MessageLogger.builder().sink(client).build();
        Logger template = (Logger) LoggerFactory.getLogger(WebServiceTemplate.class);
        ListAppender<ILoggingEvent> errors = new ListAppender<>();
        errors.start();
        template.addAppender(errors);
        try (WsServer ws = new WsServer(MessageLogger.builder().sink(new CollectingSink()).build())) {
            WebServiceTemplate t = template(sender, ws.url("/plain/"), logger);
            assertThrows(SoapFaultClientException.class, () -> t.sendSourceAndReceiveToResult(
                    new StringSource("<e:EchoRequest xmlns:e='urn:xf:echo'>please fail</e:EchoRequest>"),
                    new StringResult()));
            client.await(2);
            LogRecord fault = client.only(MessageType.FAULT_IN);
            assertTrue(fault.payload().contains("echo refused"), fault.payload());
            assertFalse(SpringWsServerTest.everything(client.all()).contains("detail-secret-42"));
            assertEquals(List.of(), errors.list.stream().map(ILoggingEvent::getFormattedMessage).toList(),
                    "every interceptor callback went through");
        } finally {
            template.detachAppender(errors);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"url"})
    void aCallAnInterceptorAfterOursStopsIsLoggedWithoutABodyAndEnds(String sender) throws Exception {
        CollectingSink client = new CollectingSink();
        try (WsServer ws = new WsServer(MessageLogger.builder().sink(new CollectingSink()).build())) {
            WebServiceTemplate t = template(sender, ws.url("/plain/"), MessageLogger.builder().sink(client).build());
            ClientInterceptor stop = new ClientInterceptorAdapter() {
                @Override
                public boolean handleRequest(org.springframework.ws.context.MessageContext messageContext) {
                    return false; // e.g. a cache that answers without calling
                }
            };
            List<ClientInterceptor> all = new java.util.ArrayList<>(List.of(t.getInterceptors()));
            all.add(stop);
            t.setInterceptors(all.toArray(new ClientInterceptor[0]));
            t.sendSourceAndReceiveToResult(new StringSource("<e:EchoRequest xmlns:e='urn:xf:echo'>x</e:EchoRequest>"),
                    new StringResult());
            LogRecord sent = client.await(1).get(0);
            assertEquals(MessageType.REQ_OUT, sent.type());
            assertTrue(sent.payload() == null || sent.payload().isEmpty(), "nothing was written: " + sent.payload());
        }
    }
}
