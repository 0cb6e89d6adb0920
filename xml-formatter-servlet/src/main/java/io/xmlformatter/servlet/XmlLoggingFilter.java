package io.xmlformatter.servlet;

import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.WrittenBody;
import io.xmlformatter.record.MessageType;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Logs each HTTP exchange of a Jakarta Servlet application: the request (REQ_IN) and the response (RESP_OUT, or
 * FAULT_OUT at or above the fault status), their bodies copied as the application reads and writes them, up to the
 * limit, masked by the message logger's rules; the correlation and trace ids in the MDC during the call. An
 * asynchronous exchange is logged when it completes (or times out, or fails); forwards, includes and the ERROR
 * dispatch that follows belong to the exchange that began them and are not logged again; an exception escaping the
 * chain is logged as a 500 (unless the response was committed) and goes on unchanged. Records are named
 * {@code io.xmlformatter.servlet.<servlet name>.<TYPE>} by the SLF4J sink; SOAP requests carry their operation (the
 * Body's first element).
 *
 * <p>Map it to every path for the REQUEST dispatch, before security filters (so that a 401 is logged). In
 * {@code web.xml} the no-argument constructor builds its logger from the filter's init parameters, named as the
 * options' properties ({@code limit}, {@code masking.sensitive-parameter-names}, ...).
 */
public final class XmlLoggingFilter implements Filter {
    /** The integration's name in its records and logger names. */
    public static final String INTEGRATION = "servlet";
    /** The request attribute that marks a request already logged (or left out) by this filter. */
    private static final String SEEN = XmlLoggingFilter.class.getName();
    private final Set<String> loggedElsewhere;
    private final boolean ownsLogger;
    private MessageLogger logger;

    /** For {@code web.xml}: the logger is built at {@link #init} from the filter's init parameters. */
    public XmlLoggingFilter() {
        this.loggedElsewhere = Set.of();
        this.ownsLogger = true;
    }

    /** Logs every servlet's exchanges with {@code logger}. */
    public XmlLoggingFilter(MessageLogger logger) {
        this(logger, Set.of());
    }

    /**
     * Logs the exchanges of every servlet but those named, which another integration logs already (CXF's or
     * Jersey's servlet, Spring-WS's {@code MessageDispatcherServlet} with its interceptors).
     */
    public XmlLoggingFilter(MessageLogger logger, Collection<String> servletsLoggedElsewhere) {
        this.logger = logger;
        this.loggedElsewhere = Set.copyOf(servletsLoggedElsewhere);
        this.ownsLogger = false;
    }

    @Override
    public void init(FilterConfig config) {
        if (logger == null) {
            Map<String, String> options = new LinkedHashMap<>();
            for (String name : Collections.list(config.getInitParameterNames())) {
                options.put(name, config.getInitParameter(name));
            }
            logger = MessageLogger.builder().overlay(options).build();
        }
    }

    @Override
    public void destroy() {
        if (ownsLogger && logger != null) {
            logger.close();
        }
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest request) || !(res instanceof HttpServletResponse response)
                || req.getDispatcherType() != DispatcherType.REQUEST || req.getAttribute(SEEN) != null) {
            chain.doFilter(req, res);
            return;
        }
        req.setAttribute(SEEN, true);
        String servlet = request.getHttpServletMapping().getServletName();
        ExchangeLog.RequestStage exchange = loggedElsewhere.contains(servlet) ? null
                : ExchangeLog.server(logger, request::getHeader, null, null).integration(INTEGRATION)
                        .operation(servlet, null, request.getRequestURI().substring(request.getContextPath().length()),
                                request.getMethod(), request.getHeader("SOAPAction"));
        if (exchange == null || (!exchange.logs(MessageType.REQ_IN) && !exchange.logs(MessageType.RESP_OUT))) {
            if (exchange != null) {
                exchange.end();
            }
            chain.doFilter(req, res);
            return;
        }
        MessageFacts facts = describe(exchange.facts(MessageType.REQ_IN), request);
        facts.contentType(request.getContentType());
        facts.headers(headers(request));
        boolean captured = BodyTee.mayHaveBody(request.getMethod(), request.getContentLengthLong(),
                request.getHeader("Transfer-Encoding")) && exchange.capturesBody(MessageType.REQ_IN);
        LoggedRequest in = new LoggedRequest(request, facts,
                captured ? new BodyTee(exchange.captureLimit(), request.getContentLengthLong()) : null);
        String type = String.valueOf(request.getContentType());
        if (captured && (request.getHeader("SOAPAction") != null || type.startsWith("application/soap+xml"))) {
            in.whenDone(facts::operationOf);
        }
        ExchangeLog.ResponseStage stage = captured ? exchange.request(facts, in) : exchange.request(facts);
        LoggedResponse out = new LoggedResponse(response,
                stage.capturesBody(MessageType.RESP_OUT) ? new WrittenBody(stage.captureLimit()) : null);
        in.answeredBy(out);
        try {
            chain.doFilter(in, out);
        } catch (IOException | ServletException | RuntimeException | Error e) {
            end(stage, request, out, response.isCommitted() ? response.getStatus() : 500);
            throw e;
        }
        if (request.isAsyncStarted()) {
            stage.leaveThread();
            request.getAsyncContext().addListener(new Completion(stage, request, out));
        } else {
            end(stage, request, out, response.getStatus());
        }
    }

    /** The response's record, once the application is done with the exchange; then its end. */
    private static void end(ExchangeLog.ResponseStage stage, HttpServletRequest request, LoggedResponse out,
            int status) {
        MessageFacts facts = describe(stage.facts(MessageType.RESP_OUT), request);
        out.describe(facts, status);
        if (request.getUserPrincipal() != null) {
            facts.principal(request.getUserPrincipal().getName());
        }
        WrittenBody body = out.body();
        if (body == null) {
            stage.response(facts).end();
            return;
        }
        body.finish();
        stage.response(facts, body).end();
    }

    private static MessageFacts describe(MessageFacts facts, HttpServletRequest request) {
        String query = request.getQueryString();
        return facts.httpMethod(request.getMethod())
                .address(request.getRequestURL() + (query == null ? "" : "?" + query));
    }

    private static Map<String, List<String>> headers(HttpServletRequest request) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            all.put(name, Collections.list(request.getHeaders(name)));
        }
        return all;
    }

    /** Ends an asynchronous exchange when it completes (after a timeout or an error too, with the status sent). */
    private record Completion(ExchangeLog.ResponseStage stage, HttpServletRequest request, LoggedResponse out)
            implements AsyncListener {
        @Override
        public void onComplete(AsyncEvent event) {
            end(stage, request, out, out.getStatus());
        }

        @Override
        public void onTimeout(AsyncEvent event) {
        }

        @Override
        public void onError(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this); // asynchronous again: still listening
        }
    }
}
