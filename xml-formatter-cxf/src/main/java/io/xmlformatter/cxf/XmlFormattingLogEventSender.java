package io.xmlformatter.cxf;

import io.xmlformatter.FormatResult;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.message.HeaderMasker;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.LogEventSender;

import java.util.Collections;
import java.util.Set;

/**
 * For users who keep CXF's own {@code LoggingFeature}: a {@link LogEventSender} that re-formats and masks the
 * payload of CXF's events with this engine (and masks headers in any case) before passing them on.
 *
 * <pre>{@code
 * LoggingFeature cxf = new LoggingFeature();
 * cxf.setSender(new XmlFormattingLogEventSender(new Slf4jVerboseEventSender(),
 *         XmlFormatter.builder().wsSecurity().build(), Set.of("X-Secret")));
 * }</pre>
 *
 * CXF cuts the payload before a sender sees it; a secret cut short there is still masked here.
 */
public final class XmlFormattingLogEventSender implements LogEventSender {
    private final LogEventSender next;
    private final XmlFormatter formatter;
    private final HeaderMasker headers;

    /** Re-formats with {@code formatter}, masks the default and the given headers, then sends to {@code next}. */
    public XmlFormattingLogEventSender(LogEventSender next, XmlFormatter formatter, Set<String> sensitiveHeaders) {
        this.next = next;
        this.formatter = formatter;
        this.headers = new HeaderMasker(sensitiveHeaders, XmlFormatter.DEFAULT_MASK);
    }

    /** Indents and applies the WS-Security preset, then sends to {@code next}. */
    public XmlFormattingLogEventSender(LogEventSender next) {
        this(next, XmlFormatter.builder().wsSecurity().build(), Collections.emptySet());
    }

    @Override
    public void send(LogEvent event) {
        String payload = event.getPayload();
        if (payload != null && payload.trim().startsWith("<")) {
            StringBuilder out = new StringBuilder(payload.length() + (payload.length() >> 2));
            FormatResult r = event.isTruncated()
                    ? formatCut(payload, out)
                    : formatter.format(payload, out);
            event.setPayload(out.toString());
            event.setTruncated(event.isTruncated() || r.truncated());
        }
        if (event.getHeaders() != null) {
            headers.maskInPlace(event.getHeaders());
        }
        next.send(event);
    }

    private FormatResult formatCut(String payload, StringBuilder out) {
        byte[] utf8 = payload.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return formatter.formatPrefix(utf8, 0, utf8.length, -1, out);
    }
}
