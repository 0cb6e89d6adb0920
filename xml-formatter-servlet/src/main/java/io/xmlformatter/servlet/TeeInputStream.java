package io.xmlformatter.servlet;

import io.xmlformatter.message.BodyTee;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

import java.io.IOException;
import java.io.InputStream;

/**
 * The request's stream as the application reads it, blocking or through a {@link ReadListener}: every read goes to
 * the container's stream through the tee; readiness and the listener are the container's.
 */
final class TeeInputStream extends ServletInputStream {
    private final ServletInputStream original;
    private final BodyTee tee;
    private final InputStream teed;

    TeeInputStream(ServletInputStream original, BodyTee tee) {
        this.original = original;
        this.tee = tee;
        this.teed = tee.tee(original);
    }

    @Override
    public int read() throws IOException {
        return teed.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return teed.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        return original.available();
    }

    @Override
    public void close() throws IOException {
        teed.close();
    }

    @Override
    public boolean isFinished() {
        return original.isFinished();
    }

    @Override
    public boolean isReady() {
        return original.isReady();
    }

    /** The application's listener, told as before; when all data was read the capture is done, whole. */
    @Override
    public void setReadListener(ReadListener listener) {
        original.setReadListener(new ReadListener() {
            @Override
            public void onDataAvailable() throws IOException {
                listener.onDataAvailable();
            }

            @Override
            public void onAllDataRead() throws IOException {
                tee.finishAsWhole();
                listener.onAllDataRead();
            }

            @Override
            public void onError(Throwable t) {
                listener.onError(t);
            }
        });
    }
}
