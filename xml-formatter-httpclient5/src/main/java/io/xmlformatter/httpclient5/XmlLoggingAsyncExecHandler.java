package io.xmlformatter.httpclient5;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.async.AsyncExecChainHandler;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Logs the calls of Apache HttpClient 5's async client, as {@link XmlLoggingExecHandler} does the classic
 * client's: the request's entity producer observed as it writes (once), the response's data consumer teed as the
 * body arrives — in the consumer's own capacity, nothing buffered — whole at the stream's end, cut when the exchange
 * fails or is cancelled first. Records are named {@code io.xmlformatter.httpclient5.<host>.<TYPE>}.
 *
 * <pre>{@code
 * CloseableHttpAsyncClient client = HttpAsyncClients.custom()
 *         .addExecInterceptorFirst(XmlLoggingExecHandler.NAME, new XmlLoggingAsyncExecHandler(logger)).build();
 * }</pre>
 */
public final class XmlLoggingAsyncExecHandler implements AsyncExecChainHandler {
    private final MessageLogger logger;

    /** Logs with {@code logger}. */
    public XmlLoggingAsyncExecHandler(MessageLogger logger) {
        this.logger = logger;
    }

    @Override
    public void execute(HttpRequest request, AsyncEntityProducer entityProducer, AsyncExecChain.Scope scope,
            AsyncExecChain chain, AsyncExecCallback callback) throws HttpException, IOException {
        ExchangeLog.RequestStage begun = Messages.begin(logger, request, scope.route.getTargetHost());
        if (!begun.logs(MessageType.REQ_OUT) && !begun.logs(MessageType.RESP_IN)) {
            begun.end();
            chain.proceed(request, entityProducer, scope, callback);
            return;
        }
        if (!request.containsHeader(begun.correlationHeader())) {
            request.setHeader(begun.correlationHeader(), begun.correlationId());
        }
        WrittenBody written = entityProducer != null && begun.capturesBody(MessageType.REQ_OUT)
                ? new WrittenBody(begun.captureLimit()) : null;
        MessageFacts facts = Messages.describe(begun.facts(MessageType.REQ_OUT), request,
                scope.route.getTargetHost());
        facts.contentType(entityProducer != null ? entityProducer.getContentType()
                : Messages.value(request, "Content-Type"));
        Messages.headers(request).forEach(facts::header);
        ExchangeLog.ResponseStage stage = written != null ? begun.request(facts, written) : begun.request(facts);
        chain.proceed(request, written != null ? new ObservedProducer(entityProducer, written) : entityProducer,
                scope, new Callback(callback, stage, written, request, scope));
    }

    /** The caller's callback, the exchange's response and outcome given first. */
    private static final class Callback implements AsyncExecCallback {
        private final AsyncExecCallback callback;
        private final ExchangeLog.ResponseStage stage;
        private final WrittenBody written;
        private final HttpRequest request;
        private final AsyncExecChain.Scope scope;
        private final AtomicBoolean answered = new AtomicBoolean();
        private volatile BodyTee tee;

        Callback(AsyncExecCallback callback, ExchangeLog.ResponseStage stage, WrittenBody written,
                HttpRequest request, AsyncExecChain.Scope scope) {
            this.callback = callback;
            this.stage = stage;
            this.written = written;
            this.request = request;
            this.scope = scope;
        }

        @Override
        public AsyncDataConsumer handleResponse(HttpResponse response, EntityDetails details)
                throws HttpException, IOException {
            AsyncDataConsumer consumer = callback.handleResponse(response, details);
            if (answered.getAndSet(true)) {
                return consumer;
            }
            if (written != null) {
                written.finish();
            }
            MessageFacts in = Messages.describe(stage.facts(MessageType.RESP_IN), request,
                    scope.route.getTargetHost()).responseCode(response.getCode());
            in.contentType(details != null ? details.getContentType() : Messages.value(response, "Content-Type"));
            Messages.headers(response).forEach(in::header);
            if (details == null || consumer == null || !stage.capturesBody(MessageType.RESP_IN)) {
                stage.response(in).end();
                return consumer;
            }
            BodyTee body = new BodyTee(stage.captureLimit(), details.getContentLength());
            tee = body;
            stage.response(in, body).end(); // over once the body has arrived, or the exchange failed
            return new TeedConsumer(consumer, body);
        }

        @Override
        public void handleInformationResponse(HttpResponse response) throws HttpException, IOException {
            callback.handleInformationResponse(response);
        }

        @Override
        public void completed() {
            BodyTee body = tee;
            if (body != null) {
                body.finish();
            }
            callback.completed();
        }

        @Override
        public void failed(Exception cause) {
            try {
                if (!answered.getAndSet(true)) {
                    if (written != null) {
                        written.finish();
                    }
                    stage.failed().end();
                } else if (tee != null) {
                    tee.finish();
                }
            } finally {
                callback.failed(cause);
            }
        }
    }
}
