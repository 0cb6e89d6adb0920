package io.xmlformatter.cxf;

import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.testsupport.CollectingSink;
import io.xmlformatter.testsupport.HttpChunks;
import org.apache.cxf.jaxrs.client.WebClient;
import org.junit.jupiter.api.Test;

import javax.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feature on a CXF JAX-RS {@code WebClient}, against a plain HTTP server at 127.0.0.1 that streams: the client
 * reads a response as it is sent (the capture is a tee, not a read-ahead), an error half-way reaches the client as
 * without logging, and the record is written once the body is read or closed.
 */
class StreamingCaptureTest {
    private static final String SECRET = "s3cr3t-in-a-stream";

    /**
     * A one-connection HTTP server that streams a chunked response: a first line, then — once {@code read} is
     * counted down — the rest, or (with {@code breakHalfWay}) a dropped connection before the body's end.
     */
    private static final class StreamingServer implements AutoCloseable {
        private final ServerSocket socket;
        private final Thread thread;

        StreamingServer(CountDownLatch read, boolean breakHalfWay) throws IOException {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            thread = new Thread(() -> {
                try (Socket s = socket.accept()) {
                    InputStream in = s.getInputStream();
                    int matched = 0;
                    while (matched < 4) { // the request's head, to its blank line
                        int c = in.read();
                        if (c < 0) {
                            return;
                        }
                        matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : c == '\r' ? 1 : 0;
                    }
                    OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n"
                            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(HttpChunks.chunk("first password=" + SECRET + "\n"));
                    out.flush();
                    boolean acknowledged = awaitPeer(read);
                    if (!breakHalfWay) {
                        out.write(HttpChunks.chunk(acknowledged ? "rest\n" : "TIMED OUT\n"));
                        out.write(HttpChunks.last());
                        out.flush();
                    }
                } catch (IOException e) {
                    // the client went away
                }
            });
            thread.start();
        }

        String address() {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/stream";
        }

        @Override
        public void close() throws Exception {
            socket.close();
            thread.join();
        }
    }

    /** Whether the peer counted {@code latch} down: a guard against a deadlock, not a measure of time. */
    private static boolean awaitPeer(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            line.append((char) c);
        }
        return line.toString();
    }

    private static WebClient client(StreamingServer server, XmlLoggingFeature feature) {
        return WebClient.create(server.address(), Collections.emptyList(), Collections.singletonList(feature), null);
    }

    @Test
    void aStreamedResponseReachesTheWebClientAsItIsSentAndIsLoggedOnceRead() throws Exception {
        CollectingSink sink = new CollectingSink();
        XmlLoggingFeature feature = new XmlLoggingFeature();
        feature.setSink(sink);
        CountDownLatch read = new CountDownLatch(1);
        try (StreamingServer server = new StreamingServer(read, false)) {
            Response r = client(server, feature).get();
            InputStream body = (InputStream) r.getEntity();
            assertEquals("first password=" + SECRET, readLine(body));
            read.countDown();
            assertEquals("rest", readLine(body), "the client got the first line only after the server gave up"
                    + " waiting for it to be read (the response was read ahead)");
            assertEquals(-1, body.read());
            body.close();
        }
        List<LogRecord> records = sink.await(2);
        LogRecord in = sink.only(MessageType.RESP_IN);
        assertEquals("first password=[*****]\nrest\n", in.payload());
        for (LogRecord rec : records) {
            assertFalse(String.valueOf(rec.payload()).contains(SECRET), rec.payload());
        }
    }

    @Test
    void anErrorHalfWayReachesTheClientAsWithoutLoggingAndTheRecordShowsWhatWasRead() throws Exception {
        String[] seen = new String[2];
        for (int logged = 0; logged < 2; logged++) {
            CollectingSink sink = new CollectingSink();
            XmlLoggingFeature feature = new XmlLoggingFeature();
            feature.setSink(sink);
            CountDownLatch read = new CountDownLatch(1);
            try (StreamingServer server = new StreamingServer(read, true)) {
                WebClient client = logged == 1 ? client(server, feature) : WebClient.create(server.address());
                Response r = client.get();
                InputStream body = (InputStream) r.getEntity();
                assertEquals("first password=" + SECRET, readLine(body));
                read.countDown();
                seen[logged] = assertThrows(IOException.class, () -> body.read(new byte[64])).getClass().getName();
                body.close();
            }
            if (logged == 1) {
                LogRecord in = sink.await(2).stream().filter(x -> x.type() == MessageType.RESP_IN).findFirst()
                        .orElseThrow(AssertionError::new);
                assertTrue(in.payload().startsWith("first password=[*****]"), in.payload());
                assertTrue(in.truncated(), "a body whose end was not seen is shown cut");
            }
        }
        assertEquals(seen[0], seen[1], "the same error with and without logging");
    }
}
