package io.xmlformatter.httpclient5;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;

import java.io.IOException;

/**
 * Logs the calls of Apache HttpClient 5's classic client: the request (REQ_OUT) with its entity as the client
 * writes it — observed once, a repeatable entity written again for a retry or a redirect not copied again — the
 * correlation id sent in its header; the response (RESP_IN, or FAULT_IN at or above the fault status) with its
 * entity copied, up to the limit, as the caller reads it: nothing buffered, a streamed entity still streams; written
 * when the caller has read it to its end or the limit, or closed the response. A call that fails (a connection
 * refused, a timeout, an abort) is a failed exchange. Records are named {@code io.xmlformatter.httpclient5.<host>.<TYPE>}
 * by the SLF4J sink.
 *
 * <p>First in the chain, it logs each call once, as the application made it (redirects and retries followed inside,
 * a compressed entity already decoded); before {@code MAIN_TRANSPORT}, each request on the wire:
 *
 * <pre>{@code
 * CloseableHttpClient client = HttpClients.custom()
 *         .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingExecHandler(logger)).build();
 * }</pre>
 */
public final class XmlLoggingExecHandler implements ExecChainHandler {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "httpclient5";
    /** The name to give the handler in the client's exec chain. */
    public static final String NAME = "xml-formatter";
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingExecHandler(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        ExchangeLog.RequestStage begun = Messages.begin(logger, request, scope.route.getTargetHost());
        if (!begun.logs(MessageType.REQ_OUT) && !begun.logs(MessageType.RESP_IN)) {
            begun.end();
            return chain.proceed(request, scope);
        }
        if (!request.containsHeader(begun.correlationHeader())) {
            request.setHeader(begun.correlationHeader(), begun.correlationId());
        }
        HttpEntity entity = request.getEntity();
        WrittenBody written = entity != null && begun.capturesBody(MessageType.REQ_OUT)
                ? new WrittenBody(begun.captureLimit()) : null;
        MessageFacts facts = Messages.describe(begun.facts(MessageType.REQ_OUT), request,
                scope.route.getTargetHost());
        facts.contentType(entity != null ? entity.getContentType() : Messages.value(request, "Content-Type"));
        Messages.headers(request).forEach(facts::header);
        ExchangeLog.ResponseStage stage = written != null ? begun.request(facts, written) : begun.request(facts);
        ClassicHttpResponse response;
        try {
            if (written != null) {
                request.setEntity(new ObservedEntity(entity, written));
            }
            response = chain.proceed(request, scope);
        } catch (IOException | HttpException | RuntimeException | Error e) {
            if (written != null) {
                written.finish();
            }
            stage.failed().end();
            throw e;
        } finally {
            if (written != null) {
                request.setEntity(entity); // the caller's request as it was given
            }
        }
        if (written != null) {
            written.finish(); // written once the response comes (a retry's second write is not copied)
        }
        MessageFacts in = Messages.describe(stage.facts(MessageType.RESP_IN), request, scope.route.getTargetHost())
                .responseCode(response.getCode());
        HttpEntity received = response.getEntity();
        in.contentType(received != null ? received.getContentType() : Messages.value(response, "Content-Type"));
        Messages.headers(response).forEach(in::header);
        if (received == null || !stage.capturesBody(MessageType.RESP_IN)) {
            stage.response(in).end();
            return response;
        }
        BodyTee tee = new BodyTee(stage.captureLimit(), received.getContentLength());
        stage.response(in, tee).end(); // over once the caller has read the entity, or closed the response
        response.setEntity(new TeedEntity(received, tee));
        return response;
    }
}
