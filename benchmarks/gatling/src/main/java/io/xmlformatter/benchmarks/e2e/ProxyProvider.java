package io.xmlformatter.benchmarks.e2e;

import jakarta.xml.ws.BindingType;
import jakarta.xml.ws.Provider;
import jakarta.xml.ws.ServiceMode;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.WebServiceProvider;
import jakarta.xml.ws.http.HTTPBinding;

import javax.xml.transform.stream.StreamSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * The SOAP proxy: a JAX-WS provider that sends each envelope, as it came, to the backend and returns its answer.
 * It takes the envelope as XML (the HTTP binding), so CXF does not build a SAAJ message of it: the proxy's own cost
 * stays small next to the logging's.
 */
@WebServiceProvider(serviceName = "ProxyService", portName = "ProxyPort", targetNamespace = "urn:example:proxy")
@ServiceMode(jakarta.xml.ws.Service.Mode.MESSAGE)
@BindingType(HTTPBinding.HTTP_BINDING)
public class ProxyProvider implements Provider<StreamSource> {
    private HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI backend;
    private final LongAdder requests = new LongAdder();

    ProxyProvider(URI backend) {
        this.backend = backend;
    }

    /** Sends to the backend through {@code wrap}'s client instead (a logging one), before the first request. */
    void wrapClient(UnaryOperator<HttpClient> wrap) {
        client = wrap.apply(client);
    }

    /** The requests this proxy has taken so far. */
    long requests() {
        return requests.sum();
    }

    @Override
    public StreamSource invoke(StreamSource request) {
        requests.increment();
        try {
            byte[] envelope;
            try (InputStream in = request.getInputStream()) {
                if (in == null) {
                    throw new WebServiceException("expected the envelope as a stream, got " + request);
                }
                envelope = in.readAllBytes();
            }
            HttpResponse<byte[]> answer = client.send(HttpRequest.newBuilder(backend)
                    .header("Content-Type", "text/xml; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(envelope)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200) {
                throw new WebServiceException("backend answered " + answer.statusCode());
            }
            return new StreamSource(new ByteArrayInputStream(answer.body()));
        } catch (IOException e) {
            throw new WebServiceException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WebServiceException(e);
        }
    }
}
