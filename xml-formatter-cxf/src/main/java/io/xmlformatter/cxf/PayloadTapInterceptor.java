package io.xmlformatter.cxf;

import io.xmlformatter.message.BodyTap;
import io.xmlformatter.message.CapturedBody;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.io.DelegatingInputStream;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * RECEIVE phase: copies the first bytes of an inbound body into memory (never to disk) and puts them back in
 * front of the rest, so the service reads the same bytes. Also where a server's exchange starts: its start time
 * and correlation id are taken here.
 */
final class PayloadTapInterceptor extends AbstractPhaseInterceptor<Message> {
    private final CxfLogging logging;

    PayloadTapInterceptor(CxfLogging logging) {
        super(Phase.RECEIVE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        if (message.getContent(CapturedBody.class) != null || !logging.wanted(message)) {
            return;
        }
        if (!MessageUtils.isRequestor(message)) {
            CxfLogging.markStart(message);
            logging.correlation.begin(message);
        }
        try {
            InputStream is = message.getContent(InputStream.class);
            if (is != null) {
                tap(message, is);
            } else {
                Reader reader = message.getContent(Reader.class);
                if (reader != null) {
                    tap(message, reader);
                }
            }
        } catch (IOException e) {
            throw new Fault(e);
        }
    }

    @Override
    public void handleFault(Message message) {
        if (!MessageUtils.isRequestor(message)) {
            logging.correlation.end(message);
        }
    }

    private void tap(Message message, InputStream is) throws IOException {
        InputStream source = is instanceof DelegatingInputStream ? ((DelegatingInputStream) is).getInputStream() : is;
        BodyTap tapped = BodyTap.read(source, logging.logger.captureLimit(), CxfFacts.contentLength(message));
        InputStream replay = tapped.replay(source);
        if (is instanceof DelegatingInputStream) {
            ((DelegatingInputStream) is).setInputStream(replay);
        } else {
            message.setContent(InputStream.class, replay);
        }
        message.setContent(CapturedBody.class, tapped.body());
    }

    private void tap(Message message, Reader reader) throws IOException {
        int cap = logging.logger.captureLimit();
        char[] buf = new char[Math.min(cap + 1, 8192)];
        int n = 0;
        int r;
        while (n < cap + 1 && (r = reader.read(buf, n, Math.min(buf.length, cap + 1) - n)) > 0) {
            n += r;
            if (n == buf.length && n < cap + 1) {
                buf = Arrays.copyOf(buf, Math.min(cap + 1, buf.length * 2));
            }
        }
        PushbackReader replay = new PushbackReader(reader, Math.max(n, 1));
        replay.unread(buf, 0, n);
        message.setContent(Reader.class, replay);
        byte[] utf8 = new String(buf, 0, Math.min(n, cap)).getBytes(StandardCharsets.UTF_8);
        message.setContent(CapturedBody.class, n <= cap ? CapturedBody.of(utf8) : CapturedBody.prefix(utf8,
                utf8.length, -1));
    }
}
