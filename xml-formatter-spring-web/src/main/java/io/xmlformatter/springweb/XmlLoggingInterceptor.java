package io.xmlformatter.springweb;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;

/**
 * Logs the exchanges of Spring's HTTP clients — {@code RestClient}, {@code RestTemplate}, anything on an
 * intercepted {@code ClientHttpRequestFactory}: the request (REQ_OUT) with the body it is given, the correlation id
 * sent in its header; the response (RESP_IN, or FAULT_IN at or above the fault status) with its body copied, up to
 * the limit, as the caller reads it — nothing buffered, a streamed body still streams — and written when the caller
 * has read it to its end or the limit, or closed it; an I/O error as a failed exchange. Records are named
 * {@code io.xmlformatter.spring-web.<host>.<TYPE>} by the SLF4J sink. Over an HTTP client that logs too (the JDK's
 * {@code XmlLoggingHttpClient}, HttpClient 5 with {@code XmlLoggingExecHandler}), a call is logged once, here.
 *
 * <pre>{@code
 * RestClient client = RestClient.builder().requestInterceptor(new XmlLoggingInterceptor(logger)).build();
 * restTemplate.getInterceptors().add(new XmlLoggingInterceptor(logger));
 * }</pre>
 */
public final class XmlLoggingInterceptor implements ClientHttpRequestInterceptor {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "spring-web";
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingInterceptor(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        HttpHeaders headers = request.getHeaders();
        ExchangeLog.RequestStage exchange = ExchangeLog.client(logger, headers::getFirst, null, null)
                .integration(INTEGRATION).operation(request.getURI().getHost(), null, request.getURI().getPath(),
                        request.getMethod().name(), headers.getFirst("SOAPAction"));
        if (!exchange.logs(MessageType.REQ_OUT) && !exchange.logs(MessageType.RESP_IN)) {
            exchange.end();
            return execution.execute(request, body);
        }
        if (headers.getFirst(exchange.correlationHeader()) == null) {
            headers.set(exchange.correlationHeader(), exchange.correlationId());
        }
        MessageFacts out = describe(exchange.facts(MessageType.REQ_OUT), request, headers);
        int limit = exchange.captureLimit();
        ExchangeLog.ResponseStage stage = body.length == 0 || !exchange.capturesBody(MessageType.REQ_OUT)
                ? exchange.request(out) : exchange.request(out, body.length <= limit ? CapturedBody.of(body)
                        : CapturedBody.prefix(body, limit, body.length));
        ClientHttpResponse response;
        ExchangeLog.CallOnThread call = stage.callOnThisThread(); // an HTTP client below that logs too: once
        try {
            response = execution.execute(request, body);
        } catch (IOException | RuntimeException | Error e) {
            stage.failed().end();
            throw e;
        } finally {
            call.close();
        }
        MessageFacts in = describe(stage.facts(MessageType.RESP_IN), request, response.getHeaders())
                .responseCode(response.getStatusCode().value());
        if (!stage.capturesBody(MessageType.RESP_IN)) {
            stage.response(in).end();
            return response;
        }
        BodyTee tee = new BodyTee(stage.captureLimit(), response.getHeaders().getContentLength());
        stage.response(in, tee).end(); // over once the caller has read the body, or closed the response
        return new TeedResponse(response, tee);
    }

    private static MessageFacts describe(MessageFacts facts, HttpRequest request, HttpHeaders headers) {
        headers.forEach(facts::header);
        return facts.httpMethod(request.getMethod().name()).address(request.getURI().toString())
                .contentType(headers.getFirst(HttpHeaders.CONTENT_TYPE));
    }

    /**
     * Spring's responses whose {@code close()} reads the rest of the body (to keep the connection): the JDK's,
     * HttpComponents', the simple and Reactor Netty's (6.1's name and 6.2's), and the buffering wrapper's (in memory).
     * Jetty's does not: it aborts what is left.
     */
    private static final Set<String> DRAINED_ON_CLOSE = Set.of("JdkClientHttpResponse",
            "HttpComponentsClientHttpResponse", "SimpleClientHttpResponse", "ReactorClientHttpResponse",
            "ReactorNettyClientResponse", "BufferingClientHttpResponseWrapper");

    /**
     * The response, its body read through the tee; closing it ends the capture with what was read. A caller that
     * stops at the end of what it parsed (Jackson stops at the end of the value) has not seen the end of a body
     * without a length: where Spring's response reads the rest when closed, the rest is read through the tee first
     * (the same bytes, read at the same time), so that a body read to its end is logged whole.
     */
    private static final class TeedResponse implements ClientHttpResponse {
        private final ClientHttpResponse response;
        private final BodyTee tee;
        private final boolean drainedOnClose;
        private InputStream body;

        TeedResponse(ClientHttpResponse response, BodyTee tee) {
            this.response = response;
            this.tee = tee;
            Class<?> type = response.getClass();
            drainedOnClose = type.getName().startsWith("org.springframework.http.client.")
                    && DRAINED_ON_CLOSE.contains(type.getSimpleName());
        }

        @Override
        public InputStream getBody() throws IOException {
            if (body == null) {
                body = tee.tee(response.getBody());
            }
            return body;
        }

        @Override
        public HttpStatusCode getStatusCode() throws IOException {
            return response.getStatusCode();
        }

        @Override
        public String getStatusText() throws IOException {
            return response.getStatusText();
        }

        @Override
        public HttpHeaders getHeaders() {
            return response.getHeaders();
        }

        @Override
        public void close() {
            try {
                if (body != null && drainedOnClose) {
                    body.transferTo(OutputStream.nullOutputStream());
                }
            } catch (IOException e) {
                // as Spring's close, which ignores it: the record has what was read
            } finally {
                try {
                    response.close();
                } finally {
                    tee.finish();
                }
            }
        }
    }
}
