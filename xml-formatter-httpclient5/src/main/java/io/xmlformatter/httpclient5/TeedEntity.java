package io.xmlformatter.httpclient5;

import io.xmlformatter.message.BodyTee;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The response's entity as the caller reads it: its content passes on as it arrives and is copied, up to the limit,
 * into the capture. Closing the entity (closing the response does) ends the capture with what was read.
 */
final class TeedEntity extends HttpEntityWrapper {
    private final BodyTee tee;
    private InputStream content;

    TeedEntity(HttpEntity entity, BodyTee tee) {
        super(entity);
        this.tee = tee;
    }

    /** The first content is teed; a repeatable entity gives later callers fresh content, as it would. */
    @Override
    public synchronized InputStream getContent() throws IOException {
        if (content == null) {
            content = tee.tee(super.getContent());
            return content;
        }
        return isRepeatable() ? super.getContent() : content;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        try (InputStream in = getContent()) {
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            tee.finish();
        }
    }
}
