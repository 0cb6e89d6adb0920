package io.xmlformatter.httpclient5;

import io.xmlformatter.message.WrittenBody;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The request's entity as the client writes it: every byte goes on unchanged and is copied into the capture. Only
 * the first write is copied (the client writes a repeatable entity again to retry or follow a redirect); the capture
 * is done when that write ends.
 */
final class ObservedEntity extends HttpEntityWrapper {
    private final WrittenBody written;
    private final AtomicBoolean copied = new AtomicBoolean();

    ObservedEntity(HttpEntity entity, WrittenBody written) {
        super(entity);
        this.written = written;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        if (copied.getAndSet(true)) {
            super.writeTo(out);
            return;
        }
        try {
            super.writeTo(new OutputStream() {
                private final OutputStream capture = written.copies();

                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    capture.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                    capture.write(b, off, len);
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    out.close();
                }
            });
        } finally {
            written.finish();
        }
    }
}
