package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BodyTeeTest {
    private static final byte[] BODY = "<a><b>0123456789</b><c>abcdefghij</c></a>".getBytes(StandardCharsets.UTF_8);

    /** A source that hands out what it is asked for and counts it, so a read-ahead shows. */
    private static final class CountingSource extends InputStream {
        private final byte[] bytes;
        private int given;
        private boolean closed;

        CountingSource(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return given < bytes.length ? bytes[given++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (given == bytes.length) {
                return -1;
            }
            int n = Math.min(len, bytes.length - given);
            System.arraycopy(bytes, given, b, off, n);
            given += n;
            return n;
        }

        @Override
        public int available() {
            return bytes.length - given;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static String text(CapturedBody body) {
        return new String(body.bytes(), 0, body.length(), StandardCharsets.UTF_8);
    }

    @Test
    void tellsFromTheHeadersWhetherARequestMayHaveABody() {
        assertTrue(BodyTee.mayHaveBody("POST", 12, null));
        assertFalse(BodyTee.mayHaveBody("POST", 0, null));
        assertTrue(BodyTee.mayHaveBody("GET", -1, "chunked"));
        assertTrue(BodyTee.mayHaveBody("POST", -1, null)); // HTTP/2: neither header
        assertFalse(BodyTee.mayHaveBody("GET", -1, null));
    }

    @Test
    void takesBuffersFromElsewhereWithoutMovingThemAndStopsPastTheLimit() {
        BodyTee tee = new BodyTee(8, -1);
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        ByteBuffer first = ByteBuffer.wrap("xxabcd".getBytes(StandardCharsets.US_ASCII));
        first.position(2);
        tee.add(first);
        assertEquals(2, first.position()); // the caller's buffer untouched
        tee.add(ByteBuffer.allocate(0));
        assertTrue(done.isEmpty());
        tee.add(ByteBuffer.wrap("efghijklmnop".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(1, done.size()); // past the limit: done, cut
        assertFalse(done.get(0).complete());
        assertArrayEquals("abcdefgh".getBytes(StandardCharsets.US_ASCII),
                Arrays.copyOf(done.get(0).bytes(), done.get(0).length()));
        tee.add(ByteBuffer.wrap("more".getBytes(StandardCharsets.US_ASCII))); // after the end: nothing
        assertEquals(1, done.size());
    }

    @Test
    void takesAWholeBodyFromBuffersWhenToldItIsComplete() {
        BodyTee tee = new BodyTee(64, -1);
        tee.add(ByteBuffer.wrap("{\"a\":1}".getBytes(StandardCharsets.US_ASCII)));
        tee.finishAsWhole();
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        assertTrue(done.get(0).complete());
        assertEquals(7, done.get(0).length());
    }

    @Test
    void passesTheBytesOnAsTheyAreReadAndReadsNothingAhead() throws IOException {
        CountingSource source = new CountingSource(BODY);
        BodyTee tee = new BodyTee(1000, -1);
        List<CapturedBody> done = new ArrayList<>();
        InputStream in = tee.tee(source);
        tee.whenDone(done::add);
        byte[] first = new byte[5];
        assertEquals(5, in.read(first));
        assertEquals(5, source.given, "the tee read only what its reader asked for");
        assertEquals(BODY[5], in.read());
        assertEquals(6, source.given);
        assertFalse(tee.isDone());
        assertTrue(done.isEmpty(), "no record before the body's end");
        byte[] rest = new byte[100];
        int n = in.read(rest);
        assertEquals(-1, in.read());
        byte[] all = new byte[6 + n];
        System.arraycopy(first, 0, all, 0, 5);
        all[5] = BODY[5];
        System.arraycopy(rest, 0, all, 6, n);
        assertArrayEquals(BODY, all);
        assertEquals(1, done.size());
        assertTrue(done.get(0).complete());
        assertEquals(new String(BODY, StandardCharsets.UTF_8), text(done.get(0)));
        in.close();
        tee.finish();
        assertEquals(1, done.size(), "done exactly once");
    }

    @Test
    void theLimitEndsTheCaptureBeforeTheBodyEnds() throws IOException {
        BodyTee tee = new BodyTee(10, BODY.length);
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        InputStream in = tee.tee(new CountingSource(BODY));
        byte[] buf = new byte[4];
        in.read(buf);
        assertTrue(done.isEmpty());
        in.read(buf);
        in.read(buf);
        assertEquals(1, done.size(), "the limit is passed: the record need not wait for the rest");
        assertFalse(done.get(0).complete());
        assertEquals(BODY.length, done.get(0).originalSize());
        assertEquals("<a><b>0123", text(done.get(0)));
        byte[] rest = new byte[100];
        int n = in.read(rest);
        assertEquals(BODY.length - 12, n, "the reader still gets every byte");
        assertArrayEquals(Arrays.copyOfRange(BODY, 12, BODY.length), Arrays.copyOf(rest, n));
    }

    @Test
    void aBodyOfItsDeclaredSizeIsWholeWithoutAnEndOfStream() throws IOException {
        BodyTee tee = new BodyTee(1000, BODY.length);
        InputStream in = tee.tee(new CountingSource(BODY));
        byte[] buf = new byte[BODY.length];
        assertEquals(BODY.length, in.read(buf));
        assertTrue(tee.isDone());
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        assertEquals(1, done.size(), "an action given after the end runs at once");
        assertTrue(done.get(0).complete());
    }

    @Test
    void closingOrFinishingEndsTheCaptureWithAVisibleCut() throws IOException {
        CountingSource source = new CountingSource(BODY);
        BodyTee tee = new BodyTee(1000, -1);
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        tee.whenDone(done::add);
        InputStream in = tee.tee(new FilterInputStream(source) {
            @Override
            public int available() {
                return 0; // the rest is still on its way
            }
        });
        in.read(new byte[3]);
        in.close();
        assertTrue(source.closed);
        assertEquals(2, done.size(), "each action once");
        assertFalse(done.get(0).complete(), "a body closed before its end is shown cut");
        assertEquals(-1, done.get(0).originalSize());
        assertEquals("<a>", text(done.get(0)));

        BodyTee never = new BodyTee(1000, -1);
        never.tee(new CountingSource(BODY));
        List<CapturedBody> ended = new ArrayList<>();
        never.whenDone(ended::add);
        never.finish();
        never.finish();
        assertEquals(1, ended.size(), "a body nobody read gets its record when the exchange ends");
        assertEquals(0, ended.get(0).length());
        assertFalse(ended.get(0).complete());
    }

    @Test
    void drainingReadsWhatIsLeftWithinTheLimit() throws IOException {
        CountingSource source = new CountingSource(BODY);
        BodyTee tee = new BodyTee(20, -1);
        InputStream in = tee.tee(source);
        in.read(new byte[3]);
        List<CapturedBody> done = new ArrayList<>();
        tee.whenDone(done::add);
        tee.settle();
        assertEquals(1, done.size());
        assertEquals(new String(BODY, 0, 20, StandardCharsets.UTF_8), text(done.get(0)));
        assertTrue(source.given <= 20 + 8192, "draining stops at the limit");

        BodyTee whole = new BodyTee(1000, BODY.length);
        whole.tee(new CountingSource(BODY));
        whole.settle();
        whole.whenDone(b -> assertTrue(b.complete(), "drained to its declared size, the body is whole"));

        BodyTee waiting = new BodyTee(1000, -1);
        waiting.tee(new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("draining waited for bytes still on their way");
            }
        });
        waiting.settle();
        waiting.whenDone(b -> assertEquals(0, b.length()));
    }

    @Test
    void anErrorReachesTheReaderUnchanged() throws IOException {
        IOException broken = new IOException("connection reset");
        InputStream failing = new InputStream() {
            private int n;

            @Override
            public int read() throws IOException {
                if (n++ < 3) {
                    return 'x';
                }
                throw broken;
            }
        };
        BodyTee tee = new BodyTee(1000, -1);
        InputStream in = tee.tee(failing);
        byte[] buf = new byte[10];
        assertEquals(3, in.read(buf));
        assertSame(broken, assertThrows(IOException.class, () -> in.read(buf)), "the reader's own error");
        assertFalse(tee.isDone());
        tee.finish();
        tee.whenDone(b -> assertFalse(b.complete()));
    }

    @Test
    void skippedBytesAreCapturedAndReadersAreTeedAsUtf8() throws IOException {
        BodyTee tee = new BodyTee(1000, -1);
        InputStream in = tee.tee(new ByteArrayInputStream(BODY));
        assertEquals(3, in.skip(3));
        assertFalse(in.markSupported());
        while (in.read() >= 0) {
            // to the end
        }
        tee.whenDone(b -> assertEquals(new String(BODY, StandardCharsets.UTF_8), text(b)));

        BodyTee chars = new BodyTee(1000, -1);
        Reader r = chars.tee(new StringReader("<a>é</a>"));
        char[] buf = new char[64];
        int n = r.read(buf);
        assertEquals("<a>é</a>", new String(buf, 0, n));
        assertEquals(-1, r.read());
        chars.whenDone(b -> {
            assertTrue(b.complete());
            assertEquals("<a>é</a>", text(b));
        });
    }

    @Test
    void aBodyReadWholeByItsParserIsWholeAndWhatHadArrivedIsTakenAtClose() throws IOException {
        BodyTee parsed = new BodyTee(1000, -1);
        InputStream in = parsed.tee(new CountingSource(BODY));
        assertEquals(0, parsed.bytesRead());
        in.read(new byte[BODY.length]);
        assertEquals(BODY.length, parsed.bytesRead());
        parsed.finishAsWhole();
        parsed.whenDone(b -> assertTrue(b.complete(), "no end of stream seen, but the parser read the document"));

        BodyTee closed = new BodyTee(1000, -1);
        InputStream stream = closed.tee(new ByteArrayInputStream(BODY));
        stream.read(new byte[5]);
        stream.close();
        closed.whenDone(b -> assertEquals(new String(BODY, StandardCharsets.UTF_8), text(b),
                "what had arrived unread is in the record"));
    }

    /**
     * A parser that stopped at the document's end leaves the rest unread: reading to the end takes it through the
     * capture, waits for the sender's end as the reader would, and gives the reader every byte it read.
     */
    @Test
    void readingToTheEndWaitsForTheSenderAndGivesTheReaderWhatItRead() throws Exception {
        java.io.PipedOutputStream sender = new java.io.PipedOutputStream();
        java.io.PipedInputStream wire = new java.io.PipedInputStream(sender, 1024);
        BodyTee tee = new BodyTee(1000, -1);
        InputStream in = tee.tee(wire);
        sender.write(BODY);
        byte[] document = new byte[BODY.length];
        assertEquals(BODY.length, in.read(document)); // the parser has the document
        List<String> seen = new ArrayList<>();
        boolean[] senderDone = {false};
        tee.whenDone(b -> seen.add(senderDone[0] + " " + text(b)));
        Thread dispatch = new Thread(tee::readToEnd);
        dispatch.start();
        sender.write("\n<!-- end -->".getBytes(StandardCharsets.UTF_8));
        senderDone[0] = true; // set before the close: the record may only be made after it
        sender.close();
        dispatch.join();
        assertEquals(List.of("true " + new String(BODY, StandardCharsets.UTF_8) + "\n<!-- end -->"), seen);
        byte[] rest = new byte[64];
        assertEquals(13, in.read(rest), "the bytes read ahead are the reader's");
        assertEquals("\n<!-- end -->", new String(rest, 0, 13, StandardCharsets.UTF_8));
        assertEquals(-1, in.read());

        BodyTee limited = new BodyTee(8, -1);
        InputStream big = limited.tee(new CountingSource(BODY));
        big.read(new byte[4]);
        limited.readToEnd();
        limited.whenDone(b -> assertFalse(b.complete(), "nothing is read beyond the capture's limit"));
        assertArrayEquals(Arrays.copyOfRange(BODY, 4, BODY.length), big.readAllBytes());
    }
}
