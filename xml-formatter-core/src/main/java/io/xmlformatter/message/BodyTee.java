package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The capture of an inbound body as the application reads it: a stream from {@link #tee(InputStream)} (or a
 * reader from {@link #tee(Reader)}) passes every byte on as it arrives and copies it, up to the capture limit,
 * into the capture. Nothing is read ahead (but at {@link #readToEnd}) and nothing is held back: the application
 * sees the body, its timing and its errors as without logging.
 *
 * <p>The capture is done, exactly once, at the first of: the body read to its end (or to its declared size), the
 * limit passed, the stream closed, or {@link #finish()} (the exchange ended). Then the actions given to
 * {@link #whenDone} run with the captured body, on the thread that ended it; an action given later runs at once.
 * A server whose response is written may call {@link #settle} instead: the application is done with the
 * request, and what has arrived of the rest within the limit (a closing tag the parser did not need, say) is read
 * for the record, without waiting for more. Thread-safe.
 */
@Experimental
public final class BodyTee implements PendingBody {
    /** Methods whose requests carry no body unless their headers say so. */
    private static final Set<String> BODILESS_METHODS = new HashSet<>(Arrays.asList("GET", "HEAD", "DELETE",
            "OPTIONS", "TRACE"));
    private final int cap;
    private final long declaredSize;
    private final BodyRecorder recorder;
    private final List<Consumer<CapturedBody>> actions = new ArrayList<>(2);
    private volatile CapturedBody done;
    private volatile TeeStream stream;

    /**
     * @param cap how many bytes of the body to keep
     * @param declaredSize the body's size when known (its Content-Length), or -1
     */
    public BodyTee(int cap, long declaredSize) {
        this.cap = cap;
        this.declaredSize = declaredSize;
        this.recorder = new BodyRecorder(cap, declaredSize);
    }

    /**
     * Whether a request may have a body, from its headers alone: a Content-Length above 0 or a Transfer-Encoding,
     * or no length at all on a method that carries one (HTTP/2 sends neither header). Adapters ask before they tee
     * (not the runtime's "has entity", which some answer by reading the body into a cache).
     *
     * @param contentLength the Content-Length, or -1 when there is none
     * @param transferEncoding the Transfer-Encoding header, or null
     */
    public static boolean mayHaveBody(String method, long contentLength, String transferEncoding) {
        if (contentLength >= 0 || transferEncoding != null) {
            return contentLength != 0;
        }
        return !BODILESS_METHODS.contains(method);
    }

    /** A stream giving {@code in}'s bytes as they come, copying them into the capture. */
    public InputStream tee(InputStream in) {
        TeeStream s = new TeeStream(in);
        stream = s;
        return s;
    }

    /** A reader giving {@code in}'s chars as they come, copying them (as UTF-8) into the capture. */
    public Reader tee(Reader in) {
        return new TeeReader(in);
    }

    /**
     * Bytes of the body that arrived elsewhere (a reactive subscriber's buffers): copied into the capture, from the
     * buffer's position to its limit, the buffer itself untouched. The capture ends as it does for a stream: at the
     * limit or the declared size, or at {@link #finish()} / {@link #finishAsWhole()}.
     */
    public void add(ByteBuffer buffer) {
        if (done == null && buffer.hasRemaining()) {
            ByteBuffer b = buffer.duplicate();
            byte[] copy = new byte[(int) Math.min(b.remaining(), cap + 1L)]; // one past the limit ends the capture
            b.get(copy);
            took(copy, 0, copy.length);
        }
    }

    @Override
    public void whenDone(Consumer<CapturedBody> action) {
        CapturedBody body;
        synchronized (actions) {
            body = done;
            if (body == null) {
                actions.add(action);
                return;
            }
        }
        action.accept(body);
    }

    /** The exchange ended: the capture is done with what was read so far (a body not read to its end is cut). */
    public void finish() {
        end(false);
    }

    /**
     * The application is done with the body (a server has written its response): what has already arrived of the
     * rest is read through the tee (as much as can be read without waiting, within the limit), then the capture is
     * done. Nothing waits for bytes still on their way: a caller still sending is not held up.
     */
    @Override
    public void settle() {
        TeeStream teed = stream;
        if (teed != null) {
            teed.takeArrived();
        }
        finish();
    }

    /**
     * The reader has what it needs of the body (a parser read the whole document it holds, say) though the
     * stream's end was not seen: the capture is done with what was read, as the whole body unless more than the
     * limit was read. The engine fails closed on a document that is cut after all.
     */
    public void finishAsWhole() {
        end(true);
    }

    /**
     * The reader has what it needs of the body (a SOAP stack unmarshalled the envelope) though the stream's end was
     * not seen: the rest is read through the tee as far as the capture goes — to the end, or past the limit —
     * waiting for it as CXF's own logging does (it copies a body up to its limit before the chain reads it), so that
     * the record is made once the sender has sent the whole body. What is read is given to the reader's next reads,
     * and so is an error; nothing is read beyond the capture. Then the capture is done, as {@link #finishAsWhole}.
     */
    public void readToEnd() {
        TeeStream teed = stream;
        if (teed != null) {
            teed.readAhead();
        }
        end(true);
    }

    /** How many bytes the reader has read so far. */
    public long bytesRead() {
        synchronized (actions) {
            return recorder.total();
        }
    }

    /** Whether the capture is done. */
    public boolean isDone() {
        return done != null;
    }

    private void took(byte[] b, int off, int len) {
        long total;
        synchronized (actions) {
            if (done != null) {
                return;
            }
            recorder.add(b, off, len);
            total = recorder.total();
        }
        if (total > cap || (declaredSize >= 0 && total >= declaredSize) || (declaredSize > cap && total >= cap)) {
            end(total == declaredSize);
        }
    }

    private void end(boolean whole) {
        List<Consumer<CapturedBody>> run;
        CapturedBody body;
        synchronized (actions) {
            if (done != null) {
                return;
            }
            body = recorder.body(whole, declaredSize);
            done = body;
            run = new ArrayList<>(actions);
            actions.clear();
        }
        runAll(run, body);
    }

    /** Runs every action with {@code body}; one that throws does not stop the others (the first is thrown). */
    static void runAll(List<Consumer<CapturedBody>> run, CapturedBody body) {
        RuntimeException first = null;
        for (Consumer<CapturedBody> a : run) {
            try {
                a.accept(body);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private final class TeeStream extends FilterInputStream {
        /** What {@link #readAhead} read, for the reader's next reads; null when nothing is waiting. */
        private byte[] ahead;
        private int aheadAt;
        /** The failure reading ahead met, for the reader once it has the bytes read before it. */
        private IOException aheadFailure;

        TeeStream(InputStream in) {
            super(in);
        }

        /**
         * Reads through the capture until it is done (the end, or past the limit), waiting for the bytes as the
         * reader would; they are kept for the reader, and so is a failure.
         */
        synchronized void readAhead() {
            if (ahead != null || aheadFailure != null) {
                return;
            }
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            try {
                while (done == null) {
                    int n = in.read(buffer, 0, buffer.length);
                    if (n < 0) {
                        end(true);
                    } else if (n > 0) {
                        kept.write(buffer, 0, n);
                        took(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                aheadFailure = e;
            }
            ahead = kept.size() > 0 ? kept.toByteArray() : null;
            aheadAt = 0;
        }

        /** Reads from what was read ahead; -2 when nothing waits there (the reader reads on from the stream). */
        private synchronized int fromAhead(byte[] b, int off, int len) throws IOException {
            if (ahead != null) {
                int n = Math.min(len, ahead.length - aheadAt);
                System.arraycopy(ahead, aheadAt, b, off, n);
                aheadAt += n;
                if (aheadAt == ahead.length) {
                    ahead = null;
                }
                return n;
            }
            if (aheadFailure != null) {
                IOException e = aheadFailure;
                aheadFailure = null;
                throw e;
            }
            return -2;
        }

        @Override
        public int available() throws IOException {
            byte[] waiting = ahead;
            return waiting != null ? waiting.length - aheadAt : in.available();
        }

        @Override
        public int read() throws IOException {
            if (ahead != null || aheadFailure != null) {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n <= 0 ? -1 : one[0] & 0xff;
            }
            int c = in.read();
            if (done == null) {
                if (c < 0) {
                    end(true);
                } else {
                    took(new byte[] {(byte) c}, 0, 1);
                }
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len > 0 && (ahead != null || aheadFailure != null)) {
                int waiting = fromAhead(b, off, len);
                if (waiting != -2) {
                    return waiting;
                }
            }
            int n = in.read(b, off, len);
            if (done == null) {
                if (n < 0) {
                    end(true);
                } else if (n > 0) {
                    took(b, off, n);
                }
            }
            return n;
        }

        /** Skipped bytes are read, so that the capture stays the body's first bytes. */
        @Override
        public long skip(long n) throws IOException {
            if (done != null) {
                return in.skip(n);
            }
            int r = read(new byte[(int) Math.max(0, Math.min(n, 8192))]);
            return Math.max(r, 0);
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public synchronized void mark(int limit) {
        }

        @Override
        public synchronized void reset() throws IOException {
            throw new IOException("mark/reset not supported");
        }

        /**
         * The reader is done with the body: what has already arrived of the rest is taken (see
         * {@link #takeArrived}) before the stream is closed, so that a body whose end had arrived unread is not
         * shown cut.
         */
        @Override
        public void close() throws IOException {
            takeArrived();
            try {
                in.close();
            } finally {
                end(false);
            }
        }

        /** Reads through the tee what can be read without waiting, until the capture is done. Never throws. */
        void takeArrived() {
            try {
                int available = in.available();
                byte[] scratch = available > 0 ? new byte[4096] : null;
                while (done == null && available > 0
                        && read(scratch, 0, Math.min(available, scratch.length)) > 0) {
                    available = in.available(); // the tee takes the bytes, ends the capture at the end or the limit
                }
            } catch (IOException | RuntimeException e) {
                // what was read is the capture
            }
        }
    }

    private final class TeeReader extends FilterReader {
        TeeReader(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            char[] one = new char[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0];
        }

        @Override
        public int read(char[] c, int off, int len) throws IOException {
            int n = in.read(c, off, len);
            if (done == null) {
                if (n < 0) {
                    end(true);
                } else if (n > 0) {
                    byte[] b = new String(c, off, n).getBytes(StandardCharsets.UTF_8);
                    took(b, 0, b.length);
                }
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            if (done != null) {
                return in.skip(n);
            }
            int r = read(new char[(int) Math.max(0, Math.min(n, 8192))]);
            return Math.max(r, 0);
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public void mark(int limit) throws IOException {
            throw new IOException("mark not supported");
        }

        @Override
        public void reset() throws IOException {
            throw new IOException("mark/reset not supported");
        }

        @Override
        public void close() throws IOException {
            try {
                in.close();
            } finally {
                end(false);
            }
        }
    }
}
