package io.xmlformatter.okhttp;

import io.xmlformatter.message.WrittenBody;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;
import okio.ForwardingSink;
import okio.Okio;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The request's body as OkHttp writes it: every byte goes on unchanged and is copied into the capture. Only the
 * first write is copied (OkHttp writes a repeatable body again to follow a redirect or to retry); the capture is
 * done when that write ends.
 */
final class ObservedRequestBody extends RequestBody {
    private final RequestBody body;
    private final WrittenBody written;
    private final AtomicBoolean copied = new AtomicBoolean();

    ObservedRequestBody(RequestBody body, WrittenBody written) {
        this.body = body;
        this.written = written;
    }

    @Override
    public MediaType contentType() {
        return body.contentType();
    }

    @Override
    public long contentLength() throws IOException {
        return body.contentLength();
    }

    @Override
    public boolean isOneShot() {
        return body.isOneShot();
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        if (copied.getAndSet(true)) {
            body.writeTo(sink);
            return;
        }
        OutputStream capture = written.copies();
        BufferedSink teed = Okio.buffer(new ForwardingSink(sink) {
            @Override
            public void write(Buffer source, long byteCount) throws IOException {
                source.copyTo(capture, 0, byteCount);
                super.write(source, byteCount);
            }
        });
        try {
            body.writeTo(teed);
            teed.emit();
        } finally {
            written.finish();
        }
    }
}
