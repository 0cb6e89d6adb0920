package io.xmlformatter.message;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Multipart bodies (MTOM/SwA, form data): split at the boundary, part headers ending with CRLF or a bare LF;
 * each part rendered under the body rule (XML, JSON and text masked; nested multipart the same way), every other
 * part (an attachment) replaced by a line giving its size. A body whose boundary or part headers cannot be found
 * goes whole through the engine, flagged not well-formed: never dumped.
 */
final class Multipart {
    /** What renders the parts and what is around them: the body rule ({@link BodyRenderer}). */
    interface Parts {
        /** A value of the body shown in a marker, shortened to {@code max} chars and made safe to show. */
        String echo(String value, int max, Rendering r);

        /** Renders XML (a part with no headers, an MTOM root). */
        void xml(BodySlice body, Rendering r);

        /** Appends a part header's value, masked by name; returns how many values it masked. */
        int header(String name, String value, StringBuilder out);

        /** Renders one part by its content type. */
        void part(String typeLower, String type, String charsetLabel, BodySlice body, List<String> binaryTypes,
                int depth, Rendering r);
    }

    private Multipart() {
    }

    static void render(Parts renderer, String contentType, BodySlice body, List<String> binaryTypes,
                       int depth, Rendering r) {
        String boundary = HeaderParameter.of(contentType, "boundary");
        byte[] delimiter = boundary == null || boundary.isEmpty() ? null
                : ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        int at = delimiter == null ? -1 : delimiter(body, delimiter, body.from);
        String shown = at < 0 ? null : renderer.echo(boundary, 100, r); // RFC 2046: at most 70 chars
        if (at < 0) {
            r.wellFormed = false;
            renderer.xml(body, r);
            return;
        }
        while (at >= 0) {
            int after = at + delimiter.length;
            if (after + 1 < body.to && body.bytes[after] == '-' && body.bytes[after + 1] == '-') {
                r.out().append("--").append(shown).append("--\n");
                return;
            }
            int next = delimiter(body, delimiter, after);
            int partEnd = next < 0 ? body.to : lineStart(body, next);
            r.out().append("--").append(shown).append('\n');
            part(renderer, body, lineEnd(body, after, partEnd), partEnd, next < 0 && !body.complete, binaryTypes,
                    depth, r);
            r.out().append('\n');
            at = next;
        }
        if (body.complete) {
            r.wellFormed = false; // no closing delimiter
        }
    }

    /** One part: its headers (masked by name), a blank line, its content. */
    private static void part(Parts renderer, BodySlice body, int start, int end, boolean cut,
                             List<String> binaryTypes, int depth, Rendering r) {
        String type = null;
        String transferEncoding = null;
        int line = start;
        int content = -1;
        StringBuilder headerText = new StringBuilder();
        while (line < end) {
            int eol = line;
            while (eol < end && body.bytes[eol] != '\n') {
                eol++;
            }
            int textEnd = eol > line && body.bytes[eol - 1] == '\r' ? eol - 1 : eol;
            if (textEnd == line) {
                content = Math.min(eol + 1, end);
                break;
            }
            String h = new String(body.bytes, line, textEnd - line, StandardCharsets.ISO_8859_1);
            int colon = h.indexOf(':');
            if (colon <= 0) {
                break; // not a header: no header block at all
            }
            String name = h.substring(0, colon).trim();
            String value = h.substring(colon + 1).trim();
            headerText.append(name).append(": ");
            r.masked += renderer.header(name, value, headerText);
            headerText.append('\n');
            if ("content-type".equalsIgnoreCase(name)) {
                type = value;
            } else if ("content-transfer-encoding".equalsIgnoreCase(name)) {
                transferEncoding = value.toLowerCase(Locale.ROOT);
            }
            line = eol + 1;
        }
        BodySlice partBody;
        if (content < 0) { // no blank line ends the headers: the whole part is content of unknown type
            r.wellFormed = cut && r.wellFormed;
            partBody = new BodySlice(body.bytes, start, end, !cut, cut ? -1 : end - start);
            r.out().append('\n');
            renderer.xml(partBody, r);
            return;
        }
        partBody = new BodySlice(body.bytes, content, end, !cut, cut ? -1 : end - content);
        r.out().append(headerText).append('\n');
        String lower = type == null ? "" : type.toLowerCase(Locale.ROOT);
        boolean textual = lower.contains("xml") || lower.contains("json") || lower.startsWith("text/")
                || lower.startsWith("multipart/") || lower.startsWith("application/x-www-form-urlencoded");
        if (!textual) {
            r.out().append("--- Attachment suppressed: ").append(partBody.length()).append(cut ? "+" : "")
                    .append(" bytes ---");
        } else if (transferEncoding != null && !transferEncoding.equals("7bit") && !transferEncoding.equals("8bit")
                && !transferEncoding.equals("binary")) {
            r.notLogged("Content-Transfer-Encoding " + renderer.echo(transferEncoding, 40, r));
        } else {
            renderer.part(lower, type, HeaderParameter.of(type, "charset"), partBody, binaryTypes, depth, r);
        }
    }

    /** Where the next delimiter line starts, from {@code from}: at the body's start or after a LF; -1 if none. */
    private static int delimiter(BodySlice b, byte[] delimiter, int from) {
        outer:
        for (int i = from; i <= b.to - delimiter.length; i++) {
            if (i != b.from && b.bytes[i - 1] != '\n') {
                continue;
            }
            for (int k = 0; k < delimiter.length; k++) {
                if (b.bytes[i + k] != delimiter[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The end of a part's content: before the CRLF or LF that precedes its delimiter. */
    private static int lineStart(BodySlice b, int delimiterAt) {
        int e = delimiterAt;
        if (e > b.from && b.bytes[e - 1] == '\n') {
            e--;
            if (e > b.from && b.bytes[e - 1] == '\r') {
                e--;
            }
        }
        return e;
    }

    /** The start of the line after {@code from} (transport padding after a delimiter is skipped). */
    private static int lineEnd(BodySlice b, int from, int limit) {
        int i = from;
        while (i < limit && b.bytes[i] != '\n') {
            i++;
        }
        return Math.min(i + 1, limit);
    }
}
