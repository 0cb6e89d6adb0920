package io.xmlformatter.servlet;

import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.WrittenBody;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * The response as the application writes it: its stream or writer passes every byte and char on at once (nothing
 * buffered here, flushes as given) and copies the first ones into the capture. Without a capture (the response's
 * body is not logged) the container's own stream and writer are handed out.
 */
final class LoggedResponse extends HttpServletResponseWrapper {
    private final WrittenBody body;
    private ServletOutputStream stream;
    private PrintWriter writer;

    LoggedResponse(HttpServletResponse response, WrittenBody body) {
        super(response);
        this.body = body;
    }

    /** The capture of the body, or null. */
    WrittenBody body() {
        return body;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        ServletOutputStream original = super.getOutputStream();
        if (body != null && stream == null) {
            stream = new TeeOutputStream(original, body);
        }
        return body == null ? original : stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        PrintWriter original = super.getWriter();
        if (body != null && writer == null) {
            writer = new PrintWriter(body.tee(original, null)) {
                @Override
                public boolean checkError() {
                    return super.checkError() || original.checkError();
                }
            };
        }
        return body == null ? original : writer;
    }

    /** The response's facts as it stands: status, content type, headers (chars written were captured in UTF-8). */
    void describe(MessageFacts facts, int status) {
        facts.responseCode(status).contentType(getContentType());
        if (writer != null) {
            facts.encoding("UTF-8");
        }
        for (String name : getHeaderNames()) {
            facts.header(name, List.copyOf(getHeaders(name)));
        }
    }
}
