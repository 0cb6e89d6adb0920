package io.xmlformatter.cli;

import io.xmlformatter.record.LogRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Re-masks the payloads of a log file already written, line by line, holding one payload at a time: a record of
 * CXF's {@code LoggingFeature} or of this library's text layouts ({@code Payload: } to the end of the record, over
 * as many lines as it takes), a JSON record (its {@code "payload"} and then the whole line as JSON), and a line that
 * holds XML (from its first element on: CXF's payload-only records). Other lines are copied.
 *
 * <p>A payload ends at a line of dashes (the end of a record of CXF's old interceptors), or at the next line that
 * starts a log event (a level word near its start) once it is complete (well-formed, or cut with a truncation
 * marker): a line of a payload's text that looks like an event does not end it, so nothing of a payload is copied
 * unmasked. A payload never complete ends after {@link #MAX_PAYLOAD} chars, masked as far as it goes.
 */
final class LogScrubber {
    /** The most chars one payload takes before it is masked as it stands. */
    static final int MAX_PAYLOAD = 8 << 20;
    private static final String PAYLOAD = "Payload: ";
    private static final Pattern EVENT = Pattern.compile(
            "^(\\S.{0,60}?\\s)?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|SEVERE|FINE|FINER|FINEST|CONFIG):?\\s");
    private static final Pattern DASHES = Pattern.compile("^-{10,}\\s*$");
    private static final Pattern ELEMENT = Pattern.compile("<[A-Za-z_][\\w.:-]*[\\s/>]");
    private static final Pattern JSON_PAYLOAD = Pattern.compile("\"payload\"\\s*:\\s*\"");

    private final BodyMasker masker;
    private final BodyMasker json;
    private final Writer out;
    private long payloads;
    private long incomplete;

    LogScrubber(BodyMasker masker, BodyMasker json, Writer out) {
        this.masker = masker;
        this.json = json;
        this.out = out;
    }

    /** Scrubs {@code in} to the writer. */
    void scrub(BufferedReader in) throws IOException {
        String prefix = null;
        StringBuilder payload = null;
        LogRecord masked = null;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (payload != null) {
                masked = endsBefore(line, payload);
                if (masked == null) {
                    payload.append('\n').append(line);
                    continue;
                }
                write(prefix, masked);
                payload = null;
            }
            int p = line.indexOf(PAYLOAD);
            if (p >= 0) {
                prefix = line.substring(0, p + PAYLOAD.length());
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

    /** The payload masked when {@code line} is the first line after it, else null (the line is the payload's). */
    private LogRecord endsBefore(String line, StringBuilder payload) {
        boolean dashes = DASHES.matcher(line).matches();
        if (!dashes && !EVENT.matcher(line).find()) {
            return null;
        }
        LogRecord r = masker.mask(payload.toString());
        if (dashes) {
            return r; // the end of a record of CXF's old interceptors, whatever came before
        }
        String end = payload.toString().trim();
        boolean cut = end.endsWith("(more)") || (end.endsWith("]") && end.lastIndexOf("[DOCUMENT TRUNCATED") >= 0);
        return r.wellFormed() || cut || payload.length() > MAX_PAYLOAD ? r : null;
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

    /** A line that is not part of a payload block, scrubbed. */
    private String line(String line) {
        String t = line.trim();
        Matcher m = JSON_PAYLOAD.matcher(line);
        if (t.startsWith("{") && t.endsWith("}") && m.find()) {
            int close = JsonStrings.end(line, m.end() - 1);
            if (close < 0) {
                return json.mask(line).payload();
            }
            String payload = counted(masker.mask(JsonStrings.decode(line, m.end(), close)));
            // the other fields by key and by value, the payload left out (JSON holding markup is read as XML too)
            String others = json.mask(line.substring(0, m.end()) + line.substring(close)).payload();
            Matcher again = JSON_PAYLOAD.matcher(others);
            return !again.find() ? others : others.substring(0, again.end())
                    + JsonStrings.encode(payload) + others.substring(again.end());
        }
        Matcher e = ELEMENT.matcher(line);
        if (e.find()) {
            return line.substring(0, e.start()) + counted(masker.mask(line.substring(e.start())));
        }
        return line;
    }
}
