package io.xmlformatter.springws;

import io.xmlformatter.message.MessageLogger;
import org.apache.catalina.Context;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.config.annotation.EnableWs;
import org.springframework.ws.soap.security.wss4j2.Wss4jSecurityInterceptor;
import org.springframework.ws.soap.security.wss4j2.callback.SimplePasswordValidationCallbackHandler;
import org.springframework.ws.soap.server.endpoint.SoapFaultAnnotationExceptionResolver;
import org.springframework.ws.soap.server.endpoint.interceptor.PayloadRootSmartSoapEndpointInterceptor;
import org.springframework.ws.soap.SoapFault;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.transport.http.MessageDispatcherServlet;

import javax.xml.namespace.QName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.Properties;

/**
 * Real Spring-WS behind an embedded Tomcat on 127.0.0.1: {@code /ws/} is logged by the adapter and the interceptor
 * with the given logger, {@code /plain/} is the same application without them (to compare the wire).
 */
final class WsServer implements AutoCloseable {
    static final String USER = "alice";
    static final String PASSWORD = "pa55-Wss4j-secret";
    private final Tomcat tomcat = new Tomcat();
    private final int port;

    WsServer(MessageLogger logger) throws Exception {
        this(logger, SoapVersion.SOAP_11);
    }

    /** The same, the servlets' message factory (the bean {@code messageFactory}) speaking {@code version}. */
    WsServer(MessageLogger logger, SoapVersion version) throws Exception {
        tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("", null);
        context.setClearReferencesObjectStreamClassCaches(false); // nothing to clear, and no warnings about it
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        add(context, "logged", "/ws/*", logger, version, LoggedConfig.class);
        add(context, "plain", "/plain/*", null, version, PlainConfig.class);
        tomcat.start();
        port = connector.getLocalPort();
    }

    private static void add(Context context, String name, String mapping, MessageLogger logger, SoapVersion version,
            Class<?> config) {
        AnnotationConfigWebApplicationContext app = new AnnotationConfigWebApplicationContext();
        app.register(config);
        if (version != SoapVersion.SOAP_11) {
            SaajSoapMessageFactory factory = new SaajSoapMessageFactory();
            factory.setSoapVersion(version);
            factory.afterPropertiesSet();
            app.addBeanFactoryPostProcessor(f -> f.registerSingleton(
                    MessageDispatcherServlet.DEFAULT_MESSAGE_FACTORY_BEAN_NAME, factory));
        }
        if (logger != null) {
            app.addBeanFactoryPostProcessor(f -> f.registerSingleton("messageLogger", logger));
        }
        Tomcat.addServlet(context, name, new MessageDispatcherServlet(app)).setLoadOnStartup(1);
        context.addServletMappingDecoded(mapping, name);
    }

    /** The address of {@code path} on this server. */
    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    /** POSTs {@code body} to {@code path} (e.g. {@code /ws/}); the status, the content type and the body. */
    Reply post(String path, String contentType, byte[] body, Map<String, String> headers) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + path).toURL()
                .openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", contentType);
        headers.forEach(c::setRequestProperty);
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
        int status = c.getResponseCode();
        InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
        byte[] reply = in == null ? new byte[0] : in.readAllBytes();
        return new Reply(status, c.getContentType(), reply);
    }

    Reply soap(String path, String envelope) throws IOException {
        return post(path, "text/xml; charset=utf-8", envelope.getBytes(StandardCharsets.UTF_8),
                Map.of("SOAPAction", "\"\""));
    }

    record Reply(int status, String contentType, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() throws Exception {
        tomcat.stop();
        tomcat.destroy();
    }

    /** The application: endpoints, a fault resolver that puts a secret in the detail, WS-Security on one operation. */
    @Configuration
    @EnableWs
    static class PlainConfig {
        @Bean
        EchoEndpoint echoEndpoint() {
            return new EchoEndpoint();
        }

        @Bean
        SoapFaultAnnotationExceptionResolver faults() {
            SoapFaultAnnotationExceptionResolver r = new SoapFaultAnnotationExceptionResolver() {
                @Override
                protected void customizeFault(Object endpoint, Exception ex, SoapFault fault) {
                    fault.addFaultDetail().addFaultDetailElement(new QName(EchoEndpoint.NS, "password"))
                            .addText("detail-secret-42");
                }
            };
            r.setOrder(org.springframework.core.Ordered.HIGHEST_PRECEDENCE);
            return r;
        }

        @Bean
        Wss4jSecurityInterceptor wss4j() {
            Wss4jSecurityInterceptor security = new Wss4jSecurityInterceptor();
            security.setValidationActions("UsernameToken");
            SimplePasswordValidationCallbackHandler users = new SimplePasswordValidationCallbackHandler();
            Properties p = new Properties();
            p.setProperty(USER, PASSWORD);
            users.setUsers(p);
            security.setValidationCallbackHandler(users);
            security.setSecurementActions("NoSecurity");
            return security;
        }

        /** WS-Security on the secured operation only. */
        @Bean
        PayloadRootSmartSoapEndpointInterceptor secured(Wss4jSecurityInterceptor wss4j) {
            return new PayloadRootSmartSoapEndpointInterceptor(wss4j, EchoEndpoint.NS, "SecureEchoRequest");
        }
    }

    /** The same application, logged. */
    @Configuration
    static class LoggedConfig extends PlainConfig {
        @Bean(name = MessageDispatcherServlet.DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME)
        XmlLoggingHandlerAdapter messageReceiverHandlerAdapter(MessageLogger messageLogger) {
            return new XmlLoggingHandlerAdapter(messageLogger);
        }

        @Bean
        XmlLoggingEndpointInterceptor xmlLoggingEndpointInterceptor() {
            return new XmlLoggingEndpointInterceptor();
        }

        @Bean
        ProxyEndpoint proxyEndpoint(MessageLogger messageLogger) {
            WebServiceTemplate template = new WebServiceTemplate();
            XmlLoggingClientInterceptor.install(template, messageLogger);
            return new ProxyEndpoint(template);
        }
    }
}
