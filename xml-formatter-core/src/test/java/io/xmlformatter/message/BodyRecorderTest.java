package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recorder of an outbound body, fed as a tee in front of the body's stream or writer. */
class BodyRecorderTest {
    /** An output that remembers whether it was flushed or closed, in order. */
    private static final class Wire extends ByteArrayOutputStream {
        final List<String> events = new ArrayList<>();

        @Override
        public void flush() {
            events.add("flush");
        }

        @Override
        public void close() {
            events.add("close");
        }
    }

    @Test
    void theTeePassesEveryByteOnAndKeepsTheFirstOnes() throws IOException {
        BodyRecorder recorder = new BodyRecorder(5);
        Wire wire = new Wire();
        List<String> events = wire.events;
        OutputStream tee = recorder.tee(wire, () -> events.add("record"));
        tee.write('<');
        tee.write("a>text</a>".getBytes(StandardCharsets.US_ASCII), 0, 10);
        tee.close();
        assertEquals("<a>text</a>", wire.toString("US-ASCII"), "the wire is unchanged");
        assertEquals(List.of("record", "close"), events, "recorded before the close, and no flush before it");
        CapturedBody body = recorder.body();
        assertFalse(body.complete());
        assertEquals(11, body.originalSize());
        assertArrayEquals("<a>te".getBytes(StandardCharsets.US_ASCII), java.util.Arrays.copyOf(body.bytes(),
                body.length()));
    }

    /** Regression: a GET's empty body, never read, was logged as "...[DOCUMENT TRUNCATED: original 0 bytes]". */
    @Test
    void aBodyOfWhichEveryDeclaredByteWasTakenIsWhole() throws IOException {
        BodyRecorder recorder = new BodyRecorder(5);
        assertTrue(recorder.body(false, 0).complete(), "Content-Length: 0, nothing read");
        assertFalse(recorder.body(false, 3).complete(), "3 bytes declared, none read");
        assertFalse(recorder.body(false, -1).complete(), "no length declared");
        recorder.tee(new Wire(), () -> { }).write("abc".getBytes(StandardCharsets.US_ASCII));
        assertTrue(recorder.body(false, 3).complete(), "all 3 declared bytes read");
        recorder.tee(new Wire(), () -> { }).write("defgh".getBytes(StandardCharsets.US_ASCII));
        assertFalse(recorder.body(false, 8).complete(), "8 bytes read, 5 kept");
    }

    @Test
    void theStreamIsClosedEvenWhenTheRecordFails() {
        Wire wire = new Wire();
        OutputStream tee = new BodyRecorder(16).tee(wire, () -> {
            throw new IllegalStateException("sink broke");
        });
        assertThrows(IllegalStateException.class, tee::close);
        assertEquals(List.of("close"), wire.events);
    }

    @Test
    void theWriterTeeRecordsCharsAsUtf8() throws IOException {
        BodyRecorder recorder = new BodyRecorder(64);
        StringWriter out = new StringWriter();
        boolean[] recorded = {false};
        Writer tee = recorder.tee(out, () -> recorded[0] = true);
        tee.write("<ä>");
        tee.write('€');
        tee.write("</ä>".toCharArray(), 0, 4);
        tee.close();
        assertEquals("<ä>€</ä>", out.toString());
        assertTrue(recorded[0]);
        assertTrue(recorder.body().complete());
        assertEquals("<ä>€</ä>", new String(recorder.body().bytes(), 0, recorder.body().length(),
                StandardCharsets.UTF_8));
    }

    /** The declared size is the buffer's first size (no regrowth by doubling); a wrong one changes no byte kept. */
    @Test
    void aDeclaredSizeSizesTheBufferOnce() {
        BodyRecorder exact = new BodyRecorder(100, 6);
        exact.add("abcd".getBytes(StandardCharsets.US_ASCII), 0, 4);
        exact.add("ef".getBytes(StandardCharsets.US_ASCII), 0, 2);
        assertEquals(6, exact.body().bytes().length, "sized once, to the body");
        BodyRecorder unknown = new BodyRecorder(100_000);
        unknown.add(new byte[6], 0, 6);
        assertEquals(4096, unknown.body().bytes().length, "unknown: the first block");
        BodyRecorder small = new BodyRecorder(100, 3); // the body is longer than declared
        small.add("abcdefghij".getBytes(StandardCharsets.US_ASCII), 0, 10);
        assertEquals("abcdefghij", new String(small.body().bytes(), 0, small.body().length(),
                StandardCharsets.US_ASCII));
        BodyRecorder capped = new BodyRecorder(5, 1_000_000); // declared past the capture limit
        capped.add("abcdefghij".getBytes(StandardCharsets.US_ASCII), 0, 10);
        assertEquals(5, capped.body().bytes().length);
        assertFalse(capped.body().complete());
    }

    /** A body written elsewhere: its buffers (array-backed or direct) and a copying stream feed one capture. */
    @Test
    void aWrittenBodyTakesBuffersAndCopiesWithoutTouchingThem() throws IOException {
        WrittenBody body = new WrittenBody(8);
        java.nio.ByteBuffer heap = java.nio.ByteBuffer.wrap("xxabc".getBytes(StandardCharsets.US_ASCII), 2, 3);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(3).put("def".getBytes(StandardCharsets.US_ASCII));
        direct.flip();
        body.add(heap);
        body.add(direct);
        assertEquals(2, heap.position());
        assertEquals(0, direct.position());
        body.copies().write("ghijk".getBytes(StandardCharsets.US_ASCII), 0, 5);
        List<CapturedBody> done = new ArrayList<>();
        body.whenDone(done::add);
        body.finish();
        CapturedBody b = done.get(0);
        assertEquals("abcdefgh", new String(b.bytes(), 0, b.length(), StandardCharsets.US_ASCII));
        assertEquals(11, b.originalSize());
    }
}
