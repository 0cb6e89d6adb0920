package io.xmlformatter.okhttp;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import okhttp3.Headers;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Logs the calls of an OkHttp client: the request (REQ_OUT) with its body as OkHttp writes it — observed once, a
 * one-shot body never read twice, a duplex body passed on unlogged — the correlation id sent in its header; the
 * response (RESP_IN, or FAULT_IN at or above the fault status) with its body copied, up to the limit, as the caller
 * reads it: nothing buffered, a streamed body still streams; written when the caller has read it to its end or the
 * limit, or closed it. A call that fails (a connection refused, a timeout, a cancellation) is a failed exchange.
 * Records are named {@code io.xmlformatter.okhttp.<host>.<TYPE>} by the SLF4J sink.
 *
 * <p>As an application interceptor it logs each call once, as the application made it (a redirect or retry
 * followed inside); as a network interceptor, each request on the wire (redirects and retries apart, the headers
 * OkHttp adds, a gzip body OkHttp asked for — decoded for the record only).
 *
 * <pre>{@code
 * OkHttpClient client = new OkHttpClient.Builder().addInterceptor(new XmlLoggingInterceptor(logger)).build();
 * }</pre>
 */
public final class XmlLoggingInterceptor implements Interceptor {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "okhttp";
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingInterceptor(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        ExchangeLog.RequestStage begun = ExchangeLog.client(logger, request::header, null, null)
                .integration(INTEGRATION).operation(request.url().host(), null, request.url().encodedPath(),
                        request.method(), request.header("SOAPAction"));
        if (!begun.logs(MessageType.REQ_OUT) && !begun.logs(MessageType.RESP_IN)) {
            begun.end();
            return chain.proceed(request);
        }
        Request.Builder sent = request.newBuilder();
        if (request.header(begun.correlationHeader()) == null) {
            sent.header(begun.correlationHeader(), begun.correlationId());
        }
        RequestBody body = request.body();
        WrittenBody written = body != null && !body.isDuplex() && begun.capturesBody(MessageType.REQ_OUT)
                ? new WrittenBody(begun.captureLimit()) : null;
        if (written != null) {
            sent.method(request.method(), new ObservedRequestBody(body, written));
        }
        Request out = sent.build();
        MessageFacts facts = describe(begun.facts(MessageType.REQ_OUT), out);
        if (body != null && body.contentType() != null) {
            facts.contentType(body.contentType().toString());
        }
        headers(facts, out.headers());
        ExchangeLog.ResponseStage stage = written != null ? begun.request(facts, written) : begun.request(facts);
        Response response;
        try {
            response = chain.proceed(out);
        } catch (IOException | RuntimeException | Error e) {
            if (written != null) {
                written.finish();
            }
            stage.failed().end();
            throw e;
        }
        if (written != null) {
            written.finish(); // the body is written once the response comes (a retry's second write is not copied)
        }
        MessageFacts in = describe(stage.facts(MessageType.RESP_IN), out).responseCode(response.code());
        headers(in, response.headers());
        ResponseBody received = response.body();
        if (received != null && received.contentType() != null) {
            in.contentType(received.contentType().toString());
        }
        if (received == null || !stage.capturesBody(MessageType.RESP_IN)) {
            stage.response(in).end();
            return response;
        }
        BodyTee tee = new BodyTee(stage.captureLimit(), received.contentLength());
        stage.response(in, tee).end(); // over once the caller has read the body, or closed it
        return response.newBuilder().body(new TeedResponseBody(received, tee)).build();
    }

    private static MessageFacts describe(MessageFacts facts, Request request) {
        return facts.httpMethod(request.method()).address(request.url().toString());
    }

    private static void headers(MessageFacts facts, Headers headers) {
        for (Map.Entry<String, List<String>> h : headers.toMultimap().entrySet()) {
            facts.header(h.getKey(), new ArrayList<>(h.getValue()));
        }
    }
}
