package io.xmlformatter.servlet;

import io.xmlformatter.message.PendingBody;
import io.xmlformatter.message.BodyTee;
import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Collection;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The request as the application reads it, and the capture of its body: its stream or reader copies what the
 * application reads, up to the limit (nothing read ahead). A body the container reads itself is told too: a form's
 * parameters (read through {@code getParameter}) become the logged body, re-encoded; multipart parts read through
 * {@code getParts} leave the record saying so. {@code startAsync()} hands the asynchronous code these wrappers.
 */
final class LoggedRequest extends HttpServletRequestWrapper implements PendingBody {
    private final MessageFacts facts;
    private final BodyTee tee;
    private HttpServletResponse response;
    private ServletInputStream stream;
    private BufferedReader reader;
    private volatile boolean formRead;

    /** {@code tee} null: the body is not captured. */
    LoggedRequest(HttpServletRequest request, MessageFacts facts, BodyTee tee) {
        super(request);
        this.facts = facts;
        this.tee = tee;
    }

    /** The response the asynchronous code is handed. */
    void answeredBy(HttpServletResponse wrapped) {
        this.response = wrapped;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        ServletInputStream original = super.getInputStream();
        if (tee != null && stream == null) {
            stream = new TeeInputStream(original, tee);
        }
        return tee == null ? original : stream;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        BufferedReader original = super.getReader();
        if (tee != null && reader == null) {
            facts.encoding("UTF-8"); // the tee copies chars as UTF-8
            reader = new BufferedReader(tee.tee(original));
        }
        return tee == null ? original : reader;
    }

    @Override
    public String getParameter(String name) {
        parametersRead();
        return super.getParameter(name);
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        parametersRead();
        return super.getParameterMap();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        parametersRead();
        return super.getParameterNames();
    }

    @Override
    public String[] getParameterValues(String name) {
        parametersRead();
        return super.getParameterValues(name);
    }

    @Override
    public Collection<Part> getParts() throws IOException, ServletException {
        partsRead();
        return super.getParts();
    }

    @Override
    public Part getPart(String name) throws IOException, ServletException {
        partsRead();
        return super.getPart(name);
    }

    @Override
    public AsyncContext startAsync() {
        return super.startAsync(this, response);
    }

    /** A form's body the application has not read itself is the container's to read, as parameters. */
    private void parametersRead() {
        if (tee != null && stream == null && reader == null && !formRead) {
            String type = getContentType();
            formRead = type != null
                    && type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
        }
    }

    private void partsRead() {
        if (tee != null && stream == null && reader == null) {
            facts.bodyNotLogged("multipart body read by the container as parts");
        }
    }

    /** The body as captured, or the form's parameters when the container read them and the tee saw nothing. */
    @Override
    public void whenDone(Consumer<CapturedBody> action) {
        tee.whenDone(body -> {
            if (body.isEmpty() && formRead) {
                facts.encoding("UTF-8");
                action.accept(FormParameters.body((HttpServletRequest) getRequest()));
            } else {
                action.accept(body);
            }
        });
    }

    @Override
    public void settle() {
        tee.settle();
    }
}
