package io.xmlformatter.cxf;

import io.xmlformatter.FormatResult;
import io.xmlformatter.JsonMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.log.LogRecord;
import io.xmlformatter.log.LogSink;
import io.xmlformatter.log.MessageType;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageUtils;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * What the interceptors share: the formatter, the sink and the settings, and the making of one record per
 * message. Immutable and thread-safe; built by {@link XmlLoggingSettings}.
 */
final class XmlLogging {
    /** CXF's text for content that is not logged. */
    static final String CONTENT_SUPPRESSED = "--- Content suppressed ---";
    /** CXF's per-endpoint switch: contextual property {@code org.apache.cxf.logging.enable=false}. */
    static final String ENABLE_PROPERTY = "org.apache.cxf.logging.enable";
    private static final String LOGGED = XmlLogging.class.getName() + ".logged";
    private static final String STARTED = XmlLogging.class.getName() + ".started";

    final XmlFormatter formatter;
    final int limit;
    final long inMemThreshold;
    final boolean logBinary;
    final boolean logMultipart;
    final HeaderMasker headers;
    final List<String> inBinaryTypes;
    final List<String> outBinaryTypes;
    final Correlation correlation;
    final JsonMasker jsonMasker;
    final LogSink inSink;
    final LogSink outSink;
    private final BiConsumer<Message, LogRecord.Builder> hostFacts;

    XmlLogging(XmlFormatter formatter, int limit, long inMemThreshold, boolean logBinary, boolean logMultipart,
               HeaderMasker headers, List<String> inBinaryTypes, List<String> outBinaryTypes,
               Correlation correlation, JsonMasker jsonMasker, LogSink inSink, LogSink outSink,
               BiConsumer<Message, LogRecord.Builder> hostFacts) {
        this.formatter = formatter;
        this.limit = limit;
        this.inMemThreshold = inMemThreshold;
        this.logBinary = logBinary;
        this.logMultipart = logMultipart;
        this.headers = headers;
        this.inBinaryTypes = inBinaryTypes;
        this.outBinaryTypes = outBinaryTypes;
        this.correlation = correlation;
        this.jsonMasker = jsonMasker;
        this.inSink = inSink;
        this.outSink = outSink;
        this.hostFacts = hostFacts;
    }

    /** How many payload bytes are kept for the record: the limit, or the in-memory threshold when unlimited. */
    int captureLimit() {
        if (limit >= 0) {
            return limit;
        }
        return inMemThreshold > 0 ? (int) Math.min(inMemThreshold, Integer.MAX_VALUE - 8) : 128 * 1024;
    }

    /**
     * Whether {@code org.apache.cxf.logging.enable=false} is set for this message: as a String in its own
     * properties (a client's request context), or (String or Boolean) on the exchange, the endpoint or the bus.
     * A Boolean on a message is not read: CXF's own logging puts {@code Boolean.FALSE} there to mark a message it
     * has logged, and CXF lets an outbound message see its inbound one's properties.
     */
    static boolean isDisabled(Message message) {
        Object v = message.get(ENABLE_PROPERTY);
        if (!(v instanceof String)) {
            Exchange ex = message.getExchange();
            v = ex == null ? null : ex.get(ENABLE_PROPERTY);
            if (v == null && ex != null && ex.getEndpoint() != null) {
                v = ex.getEndpoint().get(ENABLE_PROPERTY);
                if (v == null && ex.getEndpoint().getEndpointInfo() != null) {
                    v = ex.getEndpoint().getEndpointInfo().getProperty(ENABLE_PROPERTY);
                }
            }
            if (v == null && ex != null && ex.getBus() != null) {
                v = ex.getBus().getProperty(ENABLE_PROPERTY);
            }
        }
        return v != null && "false".equalsIgnoreCase(v.toString().trim());
    }

    /** Marks the start of a request, for the response's duration. */
    static void markStart(Message message) {
        message.getExchange().putIfAbsent(STARTED, System.nanoTime());
    }

    /** Whether {@code message} was already logged (a message is logged once, whatever the chains do). */
    static boolean isLogged(Message message) {
        return message.containsKey(LOGGED);
    }

    /**
     * Writes the record of {@code message} once.
     *
     * @param payload the captured bytes (or null when the message has no body)
     * @param length how many of them are valid
     * @param originalSize the whole body's size in bytes, or -1 when unknown
     * @param complete whether the captured bytes are the whole body
     */
    void log(Message message, byte[] payload, int length, long originalSize, boolean complete) {
        if (message.put(LOGGED, true) != null) {
            return;
        }
        MessageType type = MessageFacts.type(message);
        LogRecord.Builder b = LogRecord.builder(type);
        MessageFacts.describe(message, b, headers);
        b.correlationId(correlation.idOf(message));
        Object started = message.getExchange().get(STARTED);
        if (started instanceof Long && (type != MessageType.REQ_IN && type != MessageType.REQ_OUT)) {
            b.duration(Duration.ofNanos(System.nanoTime() - (Long) started));
        }
        hostFacts.accept(message, b);
        boolean outbound = MessageUtils.isOutbound(message);
        payload(b, (String) message.get(Message.CONTENT_TYPE), charset(message), outbound, payload, length,
                originalSize, complete);
        (outbound ? outSink : inSink).write(b.build());
    }

    /** Sets the record's payload, sizes and flags from a body's first bytes. */
    void payload(LogRecord.Builder b, String contentType, Charset charset, boolean outbound, byte[] payload,
                 int length, long originalSize, boolean complete) {
        b.originalSize(originalSize);
        if (payload == null) {
            return;
        }
        String lower = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        boolean multipart = lower.startsWith("multipart/");
        b.multipartContent(multipart);
        List<String> binaryTypes = outbound ? outBinaryTypes : inBinaryTypes;
        if (!logBinary && isBinary(lower, binaryTypes)) {
            b.binaryContent(true).payload(CONTENT_SUPPRESSED).loggedSize(CONTENT_SUPPRESSED.length());
            return;
        }
        if (multipart && !logMultipart) {
            b.payload(CONTENT_SUPPRESSED).loggedSize(CONTENT_SUPPRESSED.length());
            return;
        }
        if (multipart) {
            Multipart.Rendered r = Multipart.render(this, contentType, payload, length, complete, originalSize);
            b.payload(r.text).truncated(r.truncated).wellFormed(r.wellFormed).addMaskedCount(r.masked);
            return;
        }
        int first = 0;
        while (first < length && (payload[first] == ' ' || payload[first] == '\n' || payload[first] == '\r'
                || payload[first] == '\t')) {
            first++;
        }
        int lead = first < length ? payload[first] & 0xFF : '<';
        boolean xml = lead == '<' || lead == 0xEF || lead == 0xFE || lead == 0xFF || lead == 0; // BOMs, UTF-16
        if (!xml) {
            text(b, new String(payload, 0, length, charset != null ? charset : StandardCharsets.UTF_8),
                    lead == '{' || lead == '[', originalSize, complete);
            return;
        }
        StringBuilder out = new StringBuilder(Math.min(length + (length >> 2) + 64, Math.max(limit, 64) + 256));
        FormatResult r = format(charset, payload, length, originalSize, complete, out);
        b.formatted(out.toString(), r);
    }

    /** A body that is not XML: JSON gets its sensitive fields masked; any text is cut at the limit, visibly. */
    private void text(LogRecord.Builder b, String text, boolean json, long originalSize, boolean complete) {
        StringBuilder out = new StringBuilder(text.length() + 32);
        if (json) {
            JsonMasker.Result r = jsonMasker.mask(text, out);
            b.addMaskedCount(r.masked).wellFormed(r.wellFormed || !complete);
        } else {
            out.append(text);
        }
        boolean cut = !complete || (limit >= 0 && out.length() > limit);
        if (limit >= 0 && out.length() > limit) {
            out.setLength(Character.isHighSurrogate(out.charAt(limit - 1)) ? limit - 1 : limit);
        }
        if (cut) {
            out.append("\n...[DOCUMENT TRUNCATED: original ")
                    .append(originalSize >= 0 ? originalSize + " bytes]" : "size unknown]");
        }
        b.payload(out.toString()).truncated(cut);
    }

    /** Formats an XML body (or part of one) through the engine, decoding it first when its charset is not UTF-8. */
    FormatResult format(Charset charset, byte[] payload, int length, long originalSize, boolean complete,
                        StringBuilder out) {
        if (charset != null && !charset.equals(StandardCharsets.UTF_8)) {
            String text = new String(payload, 0, length, charset);
            if (!complete) {
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                return formatter.formatPrefix(utf8, 0, utf8.length, originalSize, out);
            }
            return formatter.format(text, out);
        }
        return complete ? formatter.format(payload, 0, length, out)
                : formatter.formatPrefix(payload, 0, length, originalSize, out);
    }

    private static boolean isBinary(String contentType, List<String> binaryTypes) {
        for (String t : binaryTypes) {
            if (contentType.startsWith(t)) {
                return true;
            }
        }
        return false;
    }

    private static Charset charset(Message message) {
        Object enc = message.get(Message.ENCODING);
        if (enc == null) {
            return null;
        }
        try {
            return Charset.forName(enc.toString());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Closes the sinks (each once). */
    void close() {
        inSink.close();
        if (outSink != inSink) {
            outSink.close();
        }
    }

    /** The in message of the exchange, when it came in and was never logged (the chain broke before). */
    static Message unloggedRequest(Exchange exchange) {
        Message in = exchange.getInMessage();
        return in != null && !isLogged(in) && in.getContent(TappedPayload.class) != null ? in : null;
    }
}
