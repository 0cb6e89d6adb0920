package io.xmlformatter.cli;

import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Re-masks a log file already written, line by line, holding one payload at a time. It knows the records of CXF's
 * {@code LoggingFeature}, of CXF's old interceptors and of this library's text layouts (their {@code Address:} and
 * {@code Headers:} lines masked as a record's address and headers are, their {@code Payload:} by the body rule over as
 * many lines as it takes), JSON lines (a {@code payload} by the body rule, a {@code message} scrubbed as a log of its
 * own, an address as an address, every other field by key and by value) and lines holding XML after a prefix
 * (payload-only records). Every other line gets {@link MessageLogger#maskText}: JSON objects in it, sensitive
 * {@code name=value} pairs, the user-info of addresses, the detectors' finds; unless asked not to, and it is copied
 * as it is when nothing sensitive is found in it.
 *
 * <p>A payload ends at a line of dashes (the end of a record of CXF's old interceptors) or where the next log event
 * begins (a level word near a line's start, a timestamp at it, a JSON line), whatever state it is in: a payload
 * never swallows a later record. A payload longer than {@link #MAX_PAYLOAD} chars is masked as it stands.
 */
final class LogScrubber {
    /** The most chars one payload takes before it is masked as it stands. */
    static final int MAX_PAYLOAD = 8 << 20;
    private static final String PAYLOAD = "Payload: ";
    private static final Pattern EVENT = Pattern.compile(
            "^(\\S.{0,60}?\\s)?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|SEVERE|FINE|FINER|FINEST|CONFIG):?\\s");
    /** A timestamp at a line's start (ISO, a time of day, java.util.logging's), or the examples' {@code --- logger}. */
    private static final Pattern TIMESTAMP = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}"
            + "|\\d{2}:\\d{2}:\\d{2}|[A-Z][a-z]{2} \\d{1,2}, \\d{4} |--- [\\w.$-]+ )");
    private static final Pattern DASHES = Pattern.compile("^-{10,}\\s*$");
    private static final Pattern ELEMENT = Pattern.compile("<[A-Za-z_][\\w.:-]*[\\s/>]");
    private static final Pattern ADDRESS = Pattern.compile("^(\\s*Address: )(.*)$");
    private static final Pattern HEADERS = Pattern.compile("^(\\s*Headers: )\\{(.*)}\\s*$");
    /** A JSON line's fields scrubbed apart from the rest: the payload, a log message, an address. */
    private static final Pattern JSON_FIELD = Pattern.compile(
            "\"(payload|message|address|url\\.full|url\\.original)\"\\s*:\\s*\"");

    private final BodyMasker masker;
    private final BodyMasker json;
    private final MessageLogger logger;
    private final boolean otherLines;
    private final Writer out;
    private long payloads;
    private long incomplete;

    /**
     * @param masker the payloads' masker
     * @param json the masker of JSON lines (by key: the header names that hold credentials are among its keys)
     * @param logger the logger whose masking the fields and other lines get
     * @param otherLines whether lines that are no record's get {@link MessageLogger#maskText}
     */
    LogScrubber(BodyMasker masker, BodyMasker json, MessageLogger logger, boolean otherLines, Writer out) {
        this.masker = masker;
        this.json = json;
        this.logger = logger;
        this.otherLines = otherLines;
        this.out = out;
    }

    /** Scrubs {@code in} to the writer. */
    void scrub(BufferedReader in) throws IOException {
        String prefix = null;
        StringBuilder payload = null;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (payload != null) {
                if (!beginsEvent(line) && !DASHES.matcher(line).matches() && payload.length() <= MAX_PAYLOAD) {
                    payload.append('\n').append(line);
                    continue;
                }
                write(prefix, masker.mask(payload.toString()));
                payload = null;
            }
            int p = isJsonLine(line) ? -1 : line.indexOf(PAYLOAD);
            if (p >= 0) {
                prefix = other(line.substring(0, p)) + PAYLOAD;
                payload = new StringBuilder(line.substring(p + PAYLOAD.length()));
            } else {
                out.write(line(line));
                out.write('\n');
            }
        }
        if (payload != null) {
            write(prefix, masker.mask(payload.toString()));
        }
    }

    /** Payloads scrubbed so far. */
    long payloads() {
        return payloads;
    }

    /** Of those, the ones not complete (not well-formed, cut): masked as far as they were read. */
    long incomplete() {
        return incomplete;
    }

    /** Whether {@code line} begins a log event: a level word near its start, a timestamp at it, a JSON line. */
    private static boolean beginsEvent(String line) {
        return EVENT.matcher(line).find() || TIMESTAMP.matcher(line).find() || isJsonLine(line);
    }

    private static boolean isJsonLine(String line) {
        String t = line.trim();
        return t.startsWith("{\"") && t.endsWith("}");
    }

    private void write(String prefix, LogRecord masked) throws IOException {
        out.write(prefix);
        out.write(counted(masked));
        out.write('\n');
    }

    /** A masked payload's text, counted. */
    private String counted(LogRecord masked) {
        payloads++;
        incomplete += masked.wellFormed() ? 0 : 1;
        return masked.payload() == null ? "" : masked.payload();
    }

    /** A line that is not part of a payload, scrubbed. */
    private String line(String line) throws IOException {
        if (isJsonLine(line)) {
            return jsonLine(line);
        }
        Matcher a = ADDRESS.matcher(line);
        if (a.matches()) {
            LogRecord r = logger.render(MessageFacts.of(MessageType.REQ_IN).address(a.group(2)), null);
            return a.group(1) + r.address();
        }
        Matcher h = HEADERS.matcher(line);
        if (h.matches()) {
            return h.group(1) + CxfHeaders.masked(h.group(2), logger);
        }
        Matcher e = ELEMENT.matcher(line);
        if (e.find()) {
            LogRecord r = masker.mask(line.substring(e.start()));
            if (r.maskedCount() > 0) {
                return other(line.substring(0, e.start())) + counted(r);
            }
        }
        return other(line);
    }

    /** Text that is no record's, masked where something sensitive stands in it (unless asked not to). */
    private String other(String text) {
        return otherLines ? logger.maskText(text) : text;
    }

    /**
     * A JSON line: its payload by the body rule, a log message scrubbed as a log, an address as an address; the
     * line around them by key and by value.
     */
    private String jsonLine(String line) throws IOException {
        List<String> values = new ArrayList<>();
        StringBuilder rest = new StringBuilder(line.length());
        int copied = 0;
        Matcher m = JSON_FIELD.matcher(line);
        while (m.find(copied)) {
            int close = JsonStrings.end(line, m.end() - 1);
            if (close < 0) {
                break; // the rest is masked as JSON, fail closed
            }
            String value = JsonStrings.decode(line, m.end(), close);
            String field = m.group(1);
            values.add(JsonStrings.encode(field.equals("payload") ? counted(masker.mask(value))
                    : field.equals("message") ? scrubbed(value)
                    : logger.render(MessageFacts.of(MessageType.REQ_IN).address(value), null).address()));
            rest.append(line, copied, m.end());
            copied = close;
        }
        rest.append(line, copied, line.length());
        String others = json.mask(rest.toString()).payload();
        StringBuilder joined = new StringBuilder(others.length() + 64);
        int from = 0;
        Matcher again = JSON_FIELD.matcher(others);
        for (String v : values) {
            if (!again.find(from)) {
                return others; // the JSON masker changed what held them: what it wrote, without them
            }
            joined.append(others, from, again.end()).append(v);
            from = again.end();
        }
        return joined.append(others, from, others.length()).toString();
    }

    /** A log message that holds lines of its own (a record's text in a JSON event), scrubbed as a log. */
    private String scrubbed(String message) throws IOException {
        StringWriter w = new StringWriter(message.length() + 16);
        LogScrubber inner = new LogScrubber(masker, json, logger, otherLines, w);
        inner.scrub(new BufferedReader(new StringReader(message)));
        payloads += inner.payloads;
        incomplete += inner.incomplete;
        String s = w.toString();
        return message.endsWith("\n") || s.isEmpty() ? s : s.substring(0, s.length() - 1);
    }
}
