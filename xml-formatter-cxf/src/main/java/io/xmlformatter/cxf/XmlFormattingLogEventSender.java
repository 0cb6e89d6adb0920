package io.xmlformatter.cxf;

import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.LogEventSender;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;

/**
 * For users who keep CXF's own {@code LoggingFeature}: a {@link LogEventSender} that passes every event through the
 * message logger's body rule before handing it on, as our own feature's records are made: the payload, whatever it
 * is (XML, JSON, a form, text, multipart, a body CXF logged although it is compressed), formatted and masked or
 * replaced by a marker; the address's credentials and sensitive parameters masked; the headers masked in any case.
 *
 * <pre>{@code
 * LoggingFeature cxf = new LoggingFeature();
 * cxf.setSender(new XmlFormattingLogEventSender(new Slf4jVerboseEventSender(),
 *         MessageLogger.builder().pretty(true).sensitiveHeaderNames(Set.of("X-Secret")).build()));
 * }</pre>
 *
 * CXF cuts the payload before a sender sees it; a secret cut short there is still masked here. The logger's own
 * sinks are not used: the event goes to {@code next}.
 */
public final class XmlFormattingLogEventSender implements LogEventSender {
    private final LogEventSender next;
    private final MessageLogger logger;

    /** Masks and formats with the body rule of {@code logger}, then sends to {@code next}. */
    public XmlFormattingLogEventSender(LogEventSender next, MessageLogger logger) {
        if (next == null || logger == null) {
            throw new IllegalArgumentException("xml-formatter-cxf: the next sender and the logger are required");
        }
        this.next = next;
        this.logger = logger;
    }

    /** Indents, masks with the defaults (the WS-Security preset, the default headers and parameters), no limit. */
    public XmlFormattingLogEventSender(LogEventSender next) {
        this(next, MessageLogger.builder().pretty(true).limit(-1).sink(record -> { }).build());
    }

    @Override
    public void send(LogEvent event) {
        MessageFacts facts = MessageFacts.of(MessageType.valueOf(event.getType().name()))
                .address(event.getAddress()).contentType(event.getContentType())
                .encoding(StandardCharsets.UTF_8.name()); // CXF has decoded the payload; these are its UTF-8 bytes
        if (event.getHeaders() != null) {
            for (Map.Entry<String, String> h : event.getHeaders().entrySet()) {
                facts.header(h.getKey(), Collections.singletonList(h.getValue()));
            }
        }
        String payload = event.getPayload();
        CapturedBody body = null;
        if (payload != null) {
            byte[] utf8 = payload.getBytes(StandardCharsets.UTF_8);
            body = event.isTruncated() ? CapturedBody.prefix(utf8, utf8.length, -1) : CapturedBody.of(utf8);
        }
        LogRecord record = logger.render(facts, body);
        event.setAddress(record.address());
        if (payload != null) {
            event.setPayload(record.payload());
            event.setTruncated(event.isTruncated() || record.truncated());
        }
        if (event.getHeaders() != null) {
            event.setHeaders(LogEventSenderSink.joined(record.headers()));
        }
        next.send(event);
    }
}
