package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The capture of an outbound body as the application writes it (a client's request, a server's response): a
 * stream from {@link #tee(OutputStream, Runnable)} (or a writer) passes every byte on unchanged, keeps the first
 * ones up to the capture limit and counts the rest. The capture is done, exactly once, when the stream is closed,
 * or at {@link #finish()} (the writing is over, or the stream was lost), or at {@link #settle()}. For one stream on
 * one thread; the actions given to {@link #whenDone} run on the thread that ends the capture.
 */
@Experimental
public final class WrittenBody implements PendingBody {
    private final BodyRecorder recorder;
    private final List<Consumer<CapturedBody>> actions = new ArrayList<>(2);
    private CapturedBody done;

    /** Keeps at most {@code cap} bytes of the body. */
    public WrittenBody(int cap) {
        this.recorder = new BodyRecorder(cap);
    }

    /**
     * A stream that passes every byte on to {@code out} unchanged and captures it. Closing it runs
     * {@code beforeDone} (null: nothing; an adapter adds the facts it learnt while the body was written), ends the
     * capture, then closes {@code out} even if either throws, without flushing it first (a flush before the close
     * would make a server's reply chunked).
     */
    public OutputStream tee(OutputStream out, Runnable beforeDone) {
        return recorder.tee(out, () -> finishAfter(beforeDone));
    }

    /** As {@link #tee(OutputStream, Runnable)}, for a body written as chars (captured in UTF-8). */
    public Writer tee(Writer out, Runnable beforeDone) {
        return recorder.tee(out, () -> finishAfter(beforeDone));
    }

    /**
     * Bytes of the body written elsewhere (a reactive writer's buffers, a channel's): copied, from the buffer's
     * position to its limit, the buffer itself untouched. As the tee's stream, for one writer at a time.
     */
    public void add(ByteBuffer buffer) {
        if (buffer.hasArray()) {
            recorder.add(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        } else {
            byte[] copy = new byte[buffer.remaining()];
            buffer.duplicate().get(copy);
            recorder.add(copy, 0, copy.length);
        }
    }

    /**
     * A stream that only copies what is written to it into the capture (the body goes on elsewhere: an HTTP
     * client's own sink); closing it changes nothing.
     */
    public OutputStream copies() {
        return new OutputStream() {
            @Override
            public void write(int b) {
                recorder.add(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                recorder.add(b, off, len);
            }
        };
    }

    private void finishAfter(Runnable beforeDone) {
        try {
            if (beforeDone != null) {
                beforeDone.run();
            }
        } finally {
            finish();
        }
    }

    @Override
    public synchronized void whenDone(Consumer<CapturedBody> action) {
        if (done != null) {
            action.accept(done);
        } else {
            actions.add(action);
        }
    }

    /** The body is written (or will not be any more): the capture is done with what was written. */
    public void finish() {
        List<Consumer<CapturedBody>> run;
        CapturedBody body;
        synchronized (this) {
            if (done != null) {
                return;
            }
            body = recorder.body();
            done = body;
            run = new ArrayList<>(actions);
            actions.clear();
        }
        BodyTee.runAll(run, body);
    }

    @Override
    public void settle() {
        finish();
    }
}
