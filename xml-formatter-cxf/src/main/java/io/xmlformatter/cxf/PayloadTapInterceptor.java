package io.xmlformatter.cxf;

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
import java.util.List;
import java.util.Map;

/**
 * RECEIVE phase: copies the first bytes of an inbound body into memory (never to disk) and puts them back in
 * front of the rest, so the service reads the same bytes. Also where a server's exchange starts: its start time
 * and correlation id are taken here.
 */
final class PayloadTapInterceptor extends AbstractPhaseInterceptor<Message> {
    private final XmlLogging logging;

    PayloadTapInterceptor(XmlLogging logging) {
        super(Phase.RECEIVE);
        this.logging = logging;
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        if (XmlLogging.isDisabled(message) || message.getContent(TappedPayload.class) != null) {
            return;
        }
        if (!MessageUtils.isRequestor(message)) {
            XmlLogging.markStart(message);
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
        TappedPayload tapped = TappedPayload.read(source, logging.captureLimit(), contentLength(message));
        InputStream replay = tapped.replay(source);
        if (is instanceof DelegatingInputStream) {
            ((DelegatingInputStream) is).setInputStream(replay);
        } else {
            message.setContent(InputStream.class, replay);
        }
        message.setContent(TappedPayload.class, tapped);
    }

    private void tap(Message message, Reader reader) throws IOException {
        int cap = logging.captureLimit();
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
        boolean complete = n <= cap;
        byte[] utf8 = new String(buf, 0, Math.min(n, cap)).getBytes(StandardCharsets.UTF_8);
        message.setContent(TappedPayload.class, new TappedPayload(utf8, utf8.length, complete,
                complete ? utf8.length : -1));
    }

    private static long contentLength(Message message) {
        Map<String, List<String>> headers = MessageFacts.protocolHeaders(message);
        if (headers != null) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if ("Content-Length".equalsIgnoreCase(e.getKey()) && e.getValue() != null && !e.getValue().isEmpty()) {
                    try {
                        return Long.parseLong(e.getValue().get(0).trim());
                    } catch (NumberFormatException ignored) {
                        return -1;
                    }
                }
            }
        }
        return -1;
    }
}
