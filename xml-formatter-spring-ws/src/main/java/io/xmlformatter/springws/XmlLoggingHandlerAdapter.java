package io.xmlformatter.springws;

import io.xmlformatter.message.MessageLogger;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.ws.WebServiceMessageFactory;
import org.springframework.ws.soap.saaj.SaajSoapMessageFactory;
import org.springframework.ws.InvalidXmlException;
import org.springframework.ws.transport.WebServiceMessageReceiver;
import org.springframework.ws.transport.http.HttpTransportConstants;
import org.springframework.ws.transport.http.MessageDispatcherServlet;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

import java.util.Objects;

/**
 * Spring-WS's handler adapter, logging each exchange the {@code MessageDispatcherServlet} handles with the bytes as
 * they came and went: register it as the bean named {@code messageReceiverHandlerAdapter}
 * ({@link MessageDispatcherServlet#DEFAULT_MESSAGE_RECEIVER_HANDLER_ADAPTER_BEAN_NAME}), which the servlet takes
 * instead of its default, and add an {@link XmlLoggingEndpointInterceptor} to name the endpoint and operation and to
 * see faults. The request is read and the response written through captures that pass every byte on unchanged;
 * what is logged, masked and cut is the message logger's business.
 */
public class XmlLoggingHandlerAdapter extends WebServiceMessageReceiverHandlerAdapter
        implements ApplicationContextAware {
    /**
     * The integration's name in the records of both sides: the SLF4J sink names their loggers
     * {@code io.xmlformatter.spring-ws.<endpoint class, or the client's host>.<TYPE>}.
     */
    public static final String INTEGRATION = "spring-ws";
    private final MessageLogger messageLogger;
    private ApplicationContext context;

    /** Logs with {@code logger}. */
    public XmlLoggingHandlerAdapter(MessageLogger logger) {
        this.messageLogger = Objects.requireNonNull(logger, "logger");
    }

    @Override
    public void setApplicationContext(ApplicationContext applicationContext) {
        context = applicationContext;
    }

    /** Without a message factory set, the servlet's: the bean {@code messageFactory}, else SAAJ's. */
    @Override
    public void afterPropertiesSet() throws Exception {
        if (getMessageFactory() == null) {
            String name = MessageDispatcherServlet.DEFAULT_MESSAGE_FACTORY_BEAN_NAME;
            if (context != null && context.containsBean(name)) {
                setMessageFactory(context.getBean(name, WebServiceMessageFactory.class));
            } else {
                SaajSoapMessageFactory saaj = new SaajSoapMessageFactory();
                saaj.afterPropertiesSet();
                setMessageFactory(saaj);
            }
        }
        super.afterPropertiesSet();
    }

    /** As Spring-WS's own, on a connection whose exchange is logged. */
    @Override
    public ModelAndView handle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws Exception {
        LoggedConnection connection = HttpTransportConstants.METHOD_POST.equals(request.getMethod())
                ? LoggedConnection.begin(messageLogger, request, response) : null;
        if (connection == null) {
            return super.handle(request, response, handler);
        }
        Throwable thrown = null;
        try {
            handleConnection(connection, (WebServiceMessageReceiver) handler);
        } catch (InvalidXmlException e) {
            handleInvalidXmlException(request, response, handler, e);
        } catch (Exception | Error e) {
            thrown = e;
            throw e;
        } finally {
            connection.end(thrown);
        }
        return null;
    }
}
