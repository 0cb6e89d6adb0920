package io.xmlformatter.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A JSON string inside a log line: found, read and written back as JSON writes it. */
class JsonStringsTest {
    @Test
    void everyEscapeIsReadAndWrittenBack() {
        String line = "{\"payload\":\"a\\\"b\\\\c\\/d\\ne\\rf\\tg\\bh\\fi\\u00e9\\u2028j\\uZZZZ\\q\",\"n\":1}";
        int open = line.indexOf('"', 10);
        int close = JsonStrings.end(line, open);
        assertEquals(line.indexOf("\",\"n\""), close);
        String text = JsonStrings.decode(line, open + 1, close);
        assertEquals("a\"b\\c/d\ne\rf\tg\bh\fi\u00e9\u2028j\\uZZZZq", text);
        assertEquals("a\\\"b\\\\c/d\\ne\\rf\\tg\\u0008h\\u000ci\u00e9\\u2028j\\\\uZZZZq", JsonStrings.encode(text));
        assertEquals(-1, JsonStrings.end("{\"payload\":\"never closed", 11));
        assertEquals("\\u0001", JsonStrings.encode("\u0001"));
    }
}
