package io.xmlformatter.jdkhttp;

import io.xmlformatter.message.MessageLogger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A {@link HttpClient} that logs each exchange it sends, over HTTP/1.1 or HTTP/2, with {@code send} or
 * {@code sendAsync}: the request (REQ_OUT) with its body as the client's publisher gives it, the correlation id sent
 * in its header; the response (RESP_IN, or FAULT_IN at or above the fault status) with its body copied, up to the
 * limit, as the caller's body handler receives it — whatever the handler (string, bytes, stream, lines, discarding),
 * nothing buffered, nothing subscribed twice; an error, a timeout or a cancellation ends the exchange as failed.
 * Everything else is the wrapped client's. Records are named {@code io.xmlformatter.jdk-http.<host>.<TYPE>} by the
 * SLF4J sink.
 *
 * <pre>{@code
 * HttpClient client = XmlLoggingHttpClient.wrap(HttpClient.newHttpClient(), logger);
 * }</pre>
 */
public final class XmlLoggingHttpClient extends HttpClient {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "jdk-http";
    private final HttpClient client;
    private final MessageLogger logger;

    private XmlLoggingHttpClient(HttpClient client, MessageLogger logger) {
        this.client = client;
        this.logger = logger;
    }

    /** {@code client}, its exchanges logged with {@code logger}. */
    public static HttpClient wrap(HttpClient client, MessageLogger logger) {
        return new XmlLoggingHttpClient(client, logger);
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        LoggedCall call = LoggedCall.begin(logger, request);
        try {
            return client.send(call.request(), call.handler(handler));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            call.failed();
            throw e;
        }
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler) {
        return sendAsync(request, handler, null);
    }

    /** The client's own future is returned: cancelling it cancels the call (and fails the exchange). */
    @Override
    @SuppressWarnings("FutureReturnValueIgnored") // the observer's future: the caller holds the client's
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler, HttpResponse.PushPromiseHandler<T> pushes) {
        LoggedCall call = LoggedCall.begin(logger, request);
        CompletableFuture<HttpResponse<T>> sent;
        try {
            sent = client.sendAsync(call.request(), call.handler(handler), pushes);
        } catch (RuntimeException | Error e) {
            call.failed();
            throw e;
        }
        sent.whenComplete((response, failure) -> {
            if (failure != null) {
                call.failed();
            }
        });
        return sent;
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return client.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return client.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return client.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return client.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return client.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return client.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return client.authenticator();
    }

    @Override
    public Version version() {
        return client.version();
    }

    @Override
    public Optional<Executor> executor() {
        return client.executor();
    }

    /** WebSockets are the wrapped client's, not logged. */
    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        return client.newWebSocketBuilder();
    }
}
