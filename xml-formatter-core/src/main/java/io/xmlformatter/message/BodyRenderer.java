package io.xmlformatter.message;

import io.xmlformatter.FormatBuffer;
import io.xmlformatter.FormatResult;
import io.xmlformatter.ValueMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogRecord;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns a captured body into a record's payload, every byte through a masking filter: XML and any other text
 * through the engine, JSON through the JSON masker (and the engine as well when it holds markup), form bodies
 * through the parameter masker, multipart bodies part by part under the same rule. What cannot be masked (a
 * content encoding not decoded, a charset that does not fit the bytes, binary content) becomes a marker.
 * Immutable and thread-safe.
 */
final class BodyRenderer implements Multipart.Parts {
    /** CXF's text for content that is not logged. */
    static final String CONTENT_SUPPRESSED = "--- Content suppressed ---";
    private static final int MAX_PART_DEPTH = 4;

    private final XmlFormatter formatter;
    private final JsonMasker json;
    private final ParameterMasker parameters;
    final HeaderMasker headers;
    /** The value detectors for plain text, or null (the engine has them for XML). */
    private final ValueMasker values;
    final String mask;
    private final int limit;
    private final int captureLimit;
    private final boolean logBinary;
    private final boolean logMultipart;
    /** Spaces per level when JSON is indented; 0: JSON as written. */
    private final int jsonIndent;
    /** The cap of each JSON string, in chars (the engine's text cap); -1: none. */
    private final int jsonStringCap;

    BodyRenderer(XmlFormatter formatter, JsonMasker json, ParameterMasker parameters, HeaderMasker headers,
                 ValueMasker values, String mask, int limit, int captureLimit, boolean logBinary,
                 boolean logMultipart, int jsonIndent, int jsonStringCap) {
        this.formatter = formatter;
        this.json = json;
        this.parameters = parameters;
        this.headers = headers;
        this.values = values;
        this.mask = mask;
        this.limit = limit;
        this.captureLimit = captureLimit;
        this.logBinary = logBinary;
        this.logMultipart = logMultipart;
        this.jsonIndent = jsonIndent;
        this.jsonStringCap = jsonStringCap;
    }

    /** The value detectors, or null. */
    ValueMasker values() {
        return values;
    }

    /** Sets the record's payload, sizes and flags from the body of the message {@code facts} describe. */
    void render(MessageFacts facts, CapturedBody body, List<String> binaryTypes, LogRecord.Builder b) {
        b.originalSize(body.originalSize());
        String type = facts.contentTypeLower();
        b.multipartContent(type.startsWith("multipart/"));
        Rendering r = new Rendering(Math.min(body.length() + (body.length() >> 2) + 64, Math.max(limit, 64) + 256));
        String coding = facts.header("Content-Encoding");
        CapturedBody decoded = body;
        if (!ContentDecoder.isIdentity(coding)) {
            decoded = ContentDecoder.decode(coding, body, captureLimit);
            if (decoded == null) {
                r.notLogged("Content-Encoding " + echo(coding.trim(), 40, r));
            }
        }
        if (decoded != null) {
            String label = facts.encoding() != null ? facts.encoding()
                    : HeaderParameter.of(facts.contentType(), "charset");
            part(type, facts.contentType(), label, new BodySlice(decoded.bytes(), 0, decoded.length(),
                    decoded.complete(), decoded.complete() ? decoded.length() : decoded.originalSize()),
                    binaryTypes, 0, r);
        }
        b.payload(r.payload()).truncated(r.truncated).wellFormed(r.wellFormed).addMaskedCount(r.masked)
                .binaryContent(r.binary);
    }

    /** Renders one body or part by its content type ({@code typeLower}) and its bytes. */
    @Override
    public void part(String typeLower, String type, String charsetLabel, BodySlice s, List<String> binaryTypes,
            int depth, Rendering r) {
        boolean binary = isBinary(typeLower, binaryTypes);
        if (binary && depth == 0) {
            r.binary = true; // as CXF's event has it: the body's type is binary, logged or not
        }
        if (binary && !logBinary) {
            r.out().append(CONTENT_SUPPRESSED);
            return;
        }
        if (typeLower.startsWith("multipart/")) {
            if (!logMultipart || depth >= MAX_PART_DEPTH) {
                r.out().append(CONTENT_SUPPRESSED);
            } else {
                Multipart.render(this, type, s, binaryTypes, depth + 1, r);
            }
            return;
        }
        Charset charset = charset(charsetLabel, s, r);
        if (charset == null) {
            return; // the marker is written
        }
        boolean form = typeLower.startsWith("application/x-www-form-urlencoded");
        boolean json = typeLower.contains("json");
        boolean plainText = typeLower.startsWith("text/plain") || (typeLower.isEmpty() && !startsAsMarkup(s));
        boolean markup = (typeLower.contains("xml") || typeLower.contains("html")) ? holdsMarkup(s) : startsAsMarkup(s);
        if (charset.equals(StandardCharsets.UTF_8) && !form && !json && !plainText && markup && !isJsonStart(s)) {
            if (depth == 0 && s.complete) {
                whole(s, r);
            } else {
                xml(s, r); // the engine reads the bytes' own form: byte order mark, declaration
            }
            return;
        }
        String text = new String(s.bytes, s.from, s.length(), charset);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        if (!readsAsText(text, s.complete)) {
            r.notLogged("bytes that do not read as " + echo(mediaType(typeLower), 40, r));
            r.wellFormed = false;
            r.masked++;
            return;
        }
        int lead = firstNonBlank(text);
        if (form && lead != '<') {
            int start = r.out().length();
            r.masked += parameters.mask(text, 0, text.length(), !s.complete, r.out());
            cut(r, start, s);
            return;
        }
        if (lead == '{' || lead == '[' || (json && lead != '<') || (lead != '<' && JsonPrefix.startsJson(text))) {
            json(text, s, r);
            return;
        }
        if (!typeLower.contains("xml")) { // text: what the detectors find, then its name=value pairs
            if (values != null) { // a pair masked by name could cut a card in two ('pin=4929 8046 1775 0034')
                StringBuilder detected = new StringBuilder(text.length() + 16);
                r.masked += values.mask(text, 0, text.length(), !s.complete, detected);
                text = detected.toString();
            }
            StringBuilder masked = new StringBuilder(text.length() + 16);
            int n = parameters.maskText(text, masked);
            if (n > 0) {
                r.masked += n;
                text = masked.toString();
            }
        }
        if (text.indexOf('<') < 0 && text.indexOf('&') < 0) {
            int start = r.out().length();
            if (values == null) {
                r.out().append(text);
            } else {
                r.masked += values.mask(text, 0, text.length(), !s.complete, r.out());
            }
            cut(r, start, s);
        } else if (s.complete) {
            format(text, r);
        } else {
            byte[] utf8Bytes = text.getBytes(StandardCharsets.UTF_8);
            xml(new BodySlice(utf8Bytes, 0, utf8Bytes.length, false, s.originalSize), r);
        }
    }

    /**
     * Whether decoded bytes read as text: no control characters but tab, line feed and carriage return, and no
     * malformed input (but a sequence cut at the end of a body's prefix).
     */
    private static boolean readsAsText(String text, boolean complete) {
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F)
                    || (c == '\uFFFD' && (complete || i < n - 3))) {
                return false;
            }
        }
        return true;
    }

    private static String mediaType(String typeLower) {
        int semi = typeLower.indexOf(';');
        String t = (semi < 0 ? typeLower : typeLower.substring(0, semi)).trim();
        return t.isEmpty() ? "text" : t;
    }

    /**
     * The charset to read the bytes with: the label's when it fits them, else their own form's (null: a marker
     * is written instead).
     */
    private Charset charset(String label, BodySlice s, Rendering r) {
        if (label == null || label.trim().isEmpty()) {
            Charset own = CharsetCheck.ownCharset(s.bytes, s.from, s.length());
            return own != null ? own : StandardCharsets.UTF_8;
        }
        String name = label.trim();
        if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1);
        }
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (RuntimeException e) {
            r.notLogged("unknown charset " + echo(name, 40, r));
            r.wellFormed = false;
            return null;
        }
        if (!CharsetCheck.fits(charset, s.bytes, s.from, s.length())) {
            r.notLogged("charset " + charset.name() + " does not fit the bytes");
            r.wellFormed = false;
            r.masked++;
            return null;
        }
        return charset;
    }

    /** XML, or text that is neither JSON nor form data, through the engine from bytes. */
    @Override
    public void xml(BodySlice s, Rendering r) {
        FormatResult result = s.complete ? formatter.format(s.bytes, s.from, s.length(), r.out())
                : formatter.formatPrefix(s.bytes, s.from, s.length(), s.originalSize, r.out());
        took(result, r);
    }

    /**
     * A complete XML body that is the whole payload: formatted into this thread's buffer, and the payload taken
     * from it in one copy (not appended to the rendering's text and copied again).
     */
    private void whole(BodySlice s, Rendering r) {
        FormatBuffer buffer = FormatBuffer.forThisThread();
        try {
            took(formatter.format(s.bytes, s.from, s.length(), buffer), r);
            r.whole = buffer.toString();
        } finally {
            buffer.release();
        }
    }

    private void format(String text, Rendering r) {
        took(formatter.format(text, r.out()), r);
    }

    private static void took(FormatResult result, Rendering r) {
        r.masked += result.maskedCount();
        r.wellFormed &= result.wellFormed();
        r.truncated |= result.truncated() || result.truncatedNodeCount() > 0;
    }

    /**
     * JSON through the JSON masker; when it holds markup or references ({@code <}, {@code &}), or is not JSON
     * after all, the masked text goes through the engine as well. Whole, well-formed JSON is indented when payloads
     * are, and its strings capped at the text cap (after masking: only whitespace between tokens, and the tails of
     * long strings, change).
     */
    private void json(String text, BodySlice s, Rendering r) {
        StringBuilder masked = new StringBuilder(text.length() + 32);
        JsonMasker.Result jr = json.mask(text, !s.complete, masked);
        r.masked += jr.masked;
        String markup = unescapedMarkup(masked);
        if (markup != null) {
            format(markup, r);
            return;
        }
        if (masked.indexOf("<") >= 0 || masked.indexOf("&") >= 0) {
            format(masked.toString(), r);
            return;
        }
        r.wellFormed &= jr.wellFormed || !s.complete;
        int start = r.out().length();
        int capped = -1;
        if ((jsonIndent != 0 || jsonStringCap >= 0) && jr.wellFormed && s.complete) { // a guard or call kept apart
            r.out().append(masked, 0, jr.jsonFrom);
            capped = JsonReshaper.layOut(masked.subSequence(jr.jsonFrom, jr.jsonTo), jsonIndent, jsonStringCap, mask,
                    limit, r.out());
            r.out().setLength(capped < 0 ? start : r.out().length());
        }
        if (capped < 0) {
            r.out().append(masked);
        } else {
            r.out().append(masked, jr.jsonTo, masked.length());
        }
        r.truncated |= capped > 0;
        cut(r, start, s);
    }

    /**
     * JSON whose strings write markup with escapes ({@code \\u003c}, {@code \\u0026}, at any depth of escaping):
     * the text with those escapes, and the escapes of the characters markup is made of, read, for the engine to
     * find the markup; null when there are none.
     */
    private static String unescapedMarkup(CharSequence json) {
        if (!containsMarkupEscape(json)) {
            return null;
        }
        String t = json.toString();
        String prev;
        do {
            prev = t;
            t = unescapeOnce(t);
        } while (!t.equals(prev));
        return t;
    }

    /** Whether {@code t} holds {@code \\u003c} (any case) or {@code \\u0026}; read in place, nothing copied. */
    private static boolean containsMarkupEscape(CharSequence t) {
        for (int i = 0; i + 5 < t.length(); i++) {
            if (t.charAt(i) == '\\' && t.charAt(i + 1) == 'u' && t.charAt(i + 2) == '0' && t.charAt(i + 3) == '0') {
                char a = t.charAt(i + 4);
                char b = t.charAt(i + 5);
                if ((a == '3' && (b == 'c' || b == 'C')) || (a == '2' && b == '6')) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Reads the escapes of {@code < > & " ' / =} and of a backslash once. */
    private static String unescapeOnce(String t) {
        StringBuilder out = new StringBuilder(t.length());
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\\' && i + 1 < t.length()) {
                char e = t.charAt(i + 1);
                if (e == 'u' && i + 5 < t.length()) {
                    int v = ParameterMasker.hex4(t, i + 2);
                    if (v >= 0 && "<>&\"'/=\\".indexOf((char) v) >= 0) {
                        out.append((char) v);
                        i += 5;
                        continue;
                    }
                } else if (e == '"' || e == '/' || e == '\\') {
                    out.append(e);
                    i++;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Cuts text written from {@code start} at the limit, and marks a cut (here or before capture) visibly. */
    private void cut(Rendering r, int start, BodySlice s) {
        StringBuilder out = r.out();
        boolean cut = !s.complete || (limit >= 0 && out.length() - start > limit);
        if (limit >= 0 && out.length() - start > limit) {
            int end = start + limit;
            out.setLength(end > start && Character.isHighSurrogate(out.charAt(end - 1)) ? end - 1 : end);
        }
        if (cut) {
            out.append("\n...[DOCUMENT TRUNCATED: original ")
                    .append(s.originalSize >= 0 ? s.originalSize + " bytes]" : "size unknown]");
            r.truncated = true;
        }
    }

    /** Whether the bytes hold '<' or '&' (or a NUL or byte order mark: another encoding for the engine). */
    private static boolean holdsMarkup(BodySlice s) {
        for (int i = s.from; i < s.to; i++) {
            byte b = s.bytes[i];
            if (b == '<' || b == '&' || b == 0 || b == (byte) 0xFE || b == (byte) 0xFF) {
                return true;
            }
        }
        return false;
    }

    /** Whether the bytes start as XML does: {@code <} after blanks, or in an encoding other than ASCII's family. */
    private static boolean startsAsMarkup(BodySlice s) {
        if (CharsetCheck.ofBytes(s.bytes, s.from, s.length()) != CharsetCheck.Family.ASCII) {
            return true;
        }
        int i = firstNonBlank(s);
        return i < s.to && s.bytes[i] == '<';
    }

    private static boolean isJsonStart(BodySlice s) {
        int i = firstNonBlank(s);
        return i < s.to && (s.bytes[i] == '{' || s.bytes[i] == '[');
    }

    /** The position of the first byte after a UTF-8 byte order mark and blanks ({@code s.to} if none). */
    private static int firstNonBlank(BodySlice s) {
        int i = s.from;
        if (s.length() >= 3 && (s.bytes[i] & 0xFF) == 0xEF && (s.bytes[i + 1] & 0xFF) == 0xBB
                && (s.bytes[i + 2] & 0xFF) == 0xBF) {
            i += 3;
        }
        while (i < s.to && isBlank(s.bytes[i])) {
            i++;
        }
        return i;
    }

    private static int firstNonBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!isBlank(text.charAt(i))) {
                return text.charAt(i);
            }
        }
        return -1;
    }

    private static boolean isBlank(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** Whether a body of this type is left out as binary ({@link #CONTENT_SUPPRESSED}), whatever its bytes. */
    boolean suppresses(String typeLower, List<String> binaryTypes) {
        return !logBinary && isBinary(typeLower, binaryTypes);
    }

    private static boolean isBinary(String typeLower, List<String> binaryTypes) {
        for (String t : binaryTypes) {
            if (typeLower.startsWith(t)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int header(String name, String value, StringBuilder out) {
        return headers.appendValue(name, value, out);
    }

    /**
     * A value of the message a marker echoes (a charset label, a coding, a media type): masked as a record's fields
     * are ({@link ParameterMasker#maskField}: a card number in a charset label is found), control characters escaped,
     * at most {@code max} chars of it shown.
     */
    @Override
    public String echo(String value, int max, Rendering r) {
        StringBuilder out = new StringBuilder(value.length() + 8);
        r.masked += parameters.maskField(value, out);
        String shown = RecordFields.escaped(out.toString());
        return shown.length() <= max ? shown : shown.substring(0, max) + "...";
    }
}
