package io.xmlformatter.servlet;

import io.xmlformatter.message.WrittenBody;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The response's stream as the application writes it, blocking or through a {@link WriteListener}: every write and
 * flush goes on to the container's stream at once, through the capture; readiness and the listener are the
 * container's.
 */
final class TeeOutputStream extends ServletOutputStream {
    private final ServletOutputStream original;
    private final OutputStream teed;

    TeeOutputStream(ServletOutputStream original, WrittenBody body) {
        this.original = original;
        this.teed = body.tee(original, null);
    }

    @Override
    public void write(int b) throws IOException {
        teed.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        teed.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        teed.flush();
    }

    @Override
    public void close() throws IOException {
        teed.close();
    }

    @Override
    public boolean isReady() {
        return original.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        original.setWriteListener(listener);
    }
}
