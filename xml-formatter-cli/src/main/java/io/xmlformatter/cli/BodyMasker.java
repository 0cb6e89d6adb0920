package io.xmlformatter.cli;

import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.nio.charset.StandardCharsets;

/**
 * One body through the message logger's body rule, as a service's record would show it: XML through the engine,
 * JSON through the JSON masker, anything else as text (masked by name and by the detectors). The type is given or
 * told by the body's first character.
 */
final class BodyMasker {
    private final MessageLogger logger;
    /** {@code xml}, {@code json}, or null to tell each body's type from its first character. */
    private final String type;

    BodyMasker(MessageLogger logger, String type) {
        this.logger = logger;
        this.type = type;
    }

    /** The body, as bytes (an XML body's own declaration or byte order mark names its encoding), masked. */
    LogRecord mask(byte[] body) {
        return logger.render(MessageFacts.of(MessageType.REQ_IN).contentType(contentType(body)),
                CapturedBody.of(body));
    }

    /** The body, as text, masked. */
    LogRecord mask(String body) {
        return logger.render(MessageFacts.of(MessageType.REQ_IN).contentType(contentType(body) + "; charset=UTF-8"),
                CapturedBody.of(body.getBytes(StandardCharsets.UTF_8)));
    }

    private String contentType(byte[] body) {
        int first = 0;
        while (first < body.length && (body[first] == ' ' || body[first] == '\t' || body[first] == '\r'
                || body[first] == '\n' || body[first] == 0 || body[first] < 0)) { // a byte order mark, UTF-16's zeros
            first++;
        }
        return contentType(first < body.length ? (char) body[first] : ' ');
    }

    private String contentType(String body) {
        String t = body.trim();
        return contentType(t.isEmpty() ? ' ' : t.charAt(0));
    }

    private String contentType(char first) {
        String t = type != null ? type : first == '{' || first == '[' ? "json" : first == '<' ? "xml" : "text";
        return t.equals("json") ? "application/json" : t.equals("xml") ? "application/xml" : "text/plain";
    }
}
