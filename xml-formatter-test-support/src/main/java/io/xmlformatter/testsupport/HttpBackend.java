package io.xmlformatter.testsupport;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http2.Http2Protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.zip.GZIPOutputStream;

/**
 * The service HTTP client tests call, in an embedded Tomcat on 127.0.0.1 (a module using it adds
 * {@code tomcat-embed-core} to its tests): one behaviour per path — {@code /echo}, {@code /lines} (a second line once
 * {@link #gate} is released), {@code /big}, {@code /gzip}, {@code /soap}, {@code /missing} (404), {@code /redirect}
 * (307 to {@code /echo}), {@code /abort} (the connection lost after the first bytes); HTTP/1.1, and HTTP/2
 * for a client that upgrades (h2c). It keeps the headers each request came with (by path, names in lower case).
 */
public final class HttpBackend extends HttpServlet implements AutoCloseable {
    private static final long serialVersionUID = 1L;
    /** The size of {@code /big}'s response. */
    public static final int BIG = 4 << 20;
    private final transient Tomcat tomcat = new Tomcat();
    private final transient Connector connector = new Connector();
    /** The headers of the last request to each path. */
    public final transient Map<String, Map<String, String>> seen = new ConcurrentHashMap<>();
    /** Released by a test once it has read the first line of {@code /lines}. */
    public transient volatile CountDownLatch gate = new CountDownLatch(1);

    /** Starts it. */
    public HttpBackend() throws Exception {
        tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        connector.addUpgradeProtocol(new Http2Protocol()); // h2c, for clients that ask for HTTP/2
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "backend", this);
        context.addServletMappingDecoded("/*", "backend");
        tomcat.start();
    }

    /** The address of {@code path} on it. */
    public String url(String path) {
        return "http://127.0.0.1:" + connector.getLocalPort() + path;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        Map<String, String> headers = new ConcurrentHashMap<>();
        req.getHeaderNames().asIterator()
                .forEachRemaining(n -> headers.put(n.toLowerCase(Locale.ROOT), req.getHeader(n)));
        seen.put(req.getRequestURI(), headers);
        byte[] body = req.getInputStream().readAllBytes();
        OutputStream out = res.getOutputStream();
        switch (req.getRequestURI()) {
            case "/echo" -> {
                res.setContentType(req.getContentType());
                out.write(body);
            }
            case "/lines" -> {
                res.setContentType("text/plain");
                out.write("first line\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                out.write("second line\n".getBytes(StandardCharsets.US_ASCII));
            }
            case "/big" -> {
                res.setContentType("text/plain");
                byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"
                        .getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < BIG / line.length; i++) {
                    out.write(line);
                }
            }
            case "/gzip" -> {
                res.setContentType("application/json");
                res.setHeader("Content-Encoding", "gzip");
                try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
                    gz.write("{\"token\":\"gz-secret-7\",\"state\":\"zipped\"}".getBytes(StandardCharsets.UTF_8));
                }
            }
            case "/soap" -> {
                res.setContentType("text/xml; charset=utf-8");
                out.write(("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                        + "<soapenv:Body><q:QuoteResponse xmlns:q=\"urn:quotes\"><q:price>42.00</q:price>"
                        + "</q:QuoteResponse></soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8));
            }
            case "/account-chunked", "/account-length" -> {
                byte[] json = "{\"account\":\"DE-1\",\"balance\":42}".getBytes(StandardCharsets.UTF_8);
                res.setContentType("application/json");
                if (req.getRequestURI().endsWith("length")) {
                    res.setContentLength(json.length);
                    out.write(json);
                } else {
                    out.write(json);
                    out.flush(); // committed without a length: chunked
                }
            }
            case "/missing" -> res.sendError(404);
            case "/redirect" -> {
                res.setStatus(307);
                res.setHeader("Location", "/echo");
            }
            case "/abort" -> {
                res.setContentType("text/plain");
                res.setContentLength(1000);
                out.write("the first bytes".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                throw new IOException("the service fails in the middle of its response");
            }
            default -> res.sendError(400);
        }
    }

    @Override
    public void close() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }
}
