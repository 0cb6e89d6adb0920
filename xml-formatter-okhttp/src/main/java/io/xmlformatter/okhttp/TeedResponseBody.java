package io.xmlformatter.okhttp;

import io.xmlformatter.message.BodyTee;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import okio.ForwardingSource;
import okio.Okio;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The response's body as the caller reads it: every byte passes on as it arrives and is copied, up to the limit,
 * into the capture; the capture is done at the body's end (whole), at an error or when the body is closed (cut, if
 * the end was not read).
 */
final class TeedResponseBody extends ResponseBody {
    private final ResponseBody body;
    private final BufferedSource source;

    TeedResponseBody(ResponseBody body, BodyTee tee) {
        this.body = body;
        this.source = Okio.buffer(new ForwardingSource(body.source()) {
            @Override
            public long read(Buffer sink, long byteCount) throws IOException {
                long n;
                try {
                    n = super.read(sink, byteCount);
                } catch (IOException | RuntimeException e) {
                    tee.finish();
                    throw e;
                }
                if (n < 0) {
                    tee.finishAsWhole();
                } else if (n > 0 && !tee.isDone()) {
                    Buffer copy = new Buffer();
                    sink.copyTo(copy, sink.size() - n, n);
                    tee.add(ByteBuffer.wrap(copy.readByteArray()));
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    tee.finish();
                }
            }
        });
    }

    @Override
    public MediaType contentType() {
        return body.contentType();
    }

    @Override
    public long contentLength() {
        return body.contentLength();
    }

    @Override
    public BufferedSource source() {
        return source;
    }
}
