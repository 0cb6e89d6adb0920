package io.xmlformatter.springws;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.ws.transport.http.HttpServletConnection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.List;

/**
 * A Spring-WS servlet connection whose exchange is logged: the request is read and the response written through
 * captures that pass every byte on unchanged, and the endpoint interceptor (which finds it as the transport
 * context's connection) tells it the endpoint, the operation and a fault. Used by one request's thread.
 */
final class LoggedConnection extends HttpServletConnection {
    private final ExchangeLog.RequestStage begun;
    private final BodyTee requestBody;
    private final WrittenBody responseBody;
    private ExchangeLog.ResponseStage requested;
    private boolean fault;

    private LoggedConnection(ExchangeLog.RequestStage begun, HttpServletRequest request,
            HttpServletResponse response) {
        super(request, response);
        this.begun = begun;
        requestBody = begun.capturesBody(MessageType.REQ_IN)
                ? new BodyTee(begun.captureLimit(), request.getContentLengthLong()) : null;
        responseBody = begun.capturesBody(MessageType.RESP_OUT) || begun.capturesBody(MessageType.FAULT_OUT)
                ? new WrittenBody(begun.captureLimit()) : null;
    }

    @Override
    protected InputStream getRequestInputStream() throws IOException {
        InputStream in = super.getRequestInputStream();
        return requestBody == null ? in : requestBody.tee(in);
    }

    @Override
    protected OutputStream getResponseOutputStream() throws IOException {
        OutputStream out = super.getResponseOutputStream();
        return responseBody == null ? out : responseBody.tee(out, null);
    }

    /**
     * The exchange of a request, begun (its ids in the MDC) with what the transport tells of its operation; null
     * when none of its messages is logged.
     */
    static LoggedConnection begin(MessageLogger logger, HttpServletRequest request, HttpServletResponse response) {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, request::getHeader, null, null)
                .integration(XmlLoggingHandlerAdapter.INTEGRATION).operation(null, null, request.getRequestURI(),
                        request.getMethod(), request.getHeader("SOAPAction"));
        if (!x.logs(MessageType.REQ_IN) && !x.logs(MessageType.RESP_OUT) && !x.logs(MessageType.FAULT_OUT)) {
            x.end();
            return null;
        }
        return new LoggedConnection(x, request, response);
    }

    /** The endpoint is known: its rules and names apply, and the request is given (its record made when read). */
    void dispatched(String service, String operation, String soapAction) {
        if (requested == null) {
            HttpServletRequest request = getHttpServletRequest();
            begun.operation(service, operation, request.getRequestURI(), request.getMethod(), soapAction);
            giveRequest();
        }
    }

    /** The response is a SOAP fault. */
    void fault() {
        fault = true;
    }

    private void giveRequest() {
        HttpServletRequest request = getHttpServletRequest();
        String query = request.getQueryString();
        MessageFacts facts = begun.facts(MessageType.REQ_IN).httpMethod(request.getMethod())
                .address(request.getRequestURL() + (query == null ? "" : "?" + query))
                .contentType(request.getContentType());
        for (String name : Collections.list(request.getHeaderNames())) {
            facts.header(name, Collections.list(request.getHeaders(name)));
        }
        if (request.getUserPrincipal() != null) {
            facts.principal(request.getUserPrincipal().getName());
        }
        requested = requestBody != null ? begun.request(facts, requestBody) : begun.request(facts);
    }

    /**
     * The response is written (or the call failed with {@code thrown}, an exception no resolver made a fault of):
     * its record, then the end. A request the interceptor never saw (not parsed, no endpoint) is given now.
     */
    void end(Throwable thrown) {
        HttpServletResponse response = getHttpServletResponse();
        if (requested == null) {
            giveRequest();
        }
        ExchangeLog.EndStage answered;
        if (thrown != null) {
            answered = requested.failed();
        } else {
            MessageFacts facts = begun.facts(fault ? MessageType.FAULT_OUT : MessageType.RESP_OUT)
                    .responseCode(response.getStatus()).contentType(response.getContentType());
            for (String name : response.getHeaderNames()) {
                facts.header(name, List.copyOf(response.getHeaders(name)));
            }
            if (responseBody != null) {
                responseBody.finish();
                answered = requested.response(facts, responseBody);
            } else {
                answered = requested.response(facts);
            }
        }
        answered.end();
    }
}
