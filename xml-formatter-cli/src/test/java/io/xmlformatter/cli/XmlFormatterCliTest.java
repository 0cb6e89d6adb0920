package io.xmlformatter.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tool as a shell user runs it: files and pipes, options, exit status, messages; scrubbing a written log. */
class XmlFormatterCliTest {
    private static final String LOG = String.join("\n",
            "10:00:00.000 INFO  org.apache.cxf.services.Bank.REQ_IN - REQ_IN",
            "    Address: http://127.0.0.1/bank",
            "    Payload: <soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">",
            "  <soap:Body>",
            "    <login>",
            "      <password>hunter2</password>",
            "      <note>first line",
            "INFO this line of the note looks like an event; card 4111 1111 1111 1111</note>",
            "    </login>",
            "  </soap:Body>",
            "</soap:Envelope>",
            "",
            "10:00:01.000 INFO  org.apache.cxf.services.Bank.RESP_OUT - RESP_OUT",
            "    Payload: <ok><token>abc-secret-token</token></ok>",
            "10:00:02.000 WARN  some.Other - a plain line that stays",
            "10:00:03.000 INFO  org.apache.cxf.services.Bank.REQ_IN - <login><password>pw-inline</password></login>",
            "{\"ts\":\"2026-11-27T10:00:04Z\",\"type\":\"REQ_IN\",\"payload\":\"<login>\\n  <password>json-secret"
                    + "</password>\\n</login>\",\"attributes\":{\"token\":\"attr-secret\"}}",
            "ID: 1",
            "Address: http://127.0.0.1/old",
            "Payload: <a><secret>old-cxf-secret</secret></a>",
            "--------------------------------------",
            "Dec 01, 2026 10:00:05 AM org.apache.cxf.services.Bank.REQ_IN",
            "INFO: Payload: <a><password>cut-secr...(more)",
            "10:00:06.000 INFO  x - after the cut payload",
            "");

    @TempDir
    Path dir;

    @Test
    void formatsAndMasksAnXmlFile() throws IOException {
        Path file = write("login.xml", "<login><user>bob</user><Password>hunter2</Password>"
                + "<card>4111 1111 1111 1111</card><pin>1234</pin></login>");
        Run r = run(null, "--pretty", "--detect", "card-numbers", "--mask", "//pin", file.toString());
        assertEquals(XmlFormatterCli.OK, r.status, r.err);
        assertEquals("<login>\n  <user>bob</user>\n  <Password>[*****]</Password>\n  <card>[*****]</card>\n"
                + "  <pin>[*****]</pin>\n</login>\n", r.out);
    }

    @Test
    void compactsAndMasksJsonFromStandardInput() {
        Run r = run("{ \"card\": { \"number\": \"4111111111111111\" },\n  \"apiKey\": \"k\", \"n\": [1, 2] }",
                "--compact", "--mask", "$.card.number", "--mask-name", "apiKey");
        assertEquals(XmlFormatterCli.OK, r.status, r.err);
        assertEquals("{\"card\":{\"number\":\"[*****]\"},\"apiKey\":\"[*****]\",\"n\":[1,2]}\n", r.out);
    }

    @Test
    void theOtherOptionsAsTheLoggerTakesThem() throws IOException {
        Path file = write("order.xml", "<order><item><name>tea</name><cost>3</cost></item><note>"
                + "x".repeat(40) + "</note><secret>s</secret><Security><Password>p</Password></Security></order>");
        Run r = run(null, "--pretty", "--indent", "4", "--prune", "//item", "--max-text", "10", "--ws-security",
                "--type", "xml", "--mask-name", "note", file.toString());
        assertEquals(XmlFormatterCli.OK, r.status, r.err);
        assertTrue(r.out.startsWith("<order>\n    <item>"), r.out);
        assertFalse(r.out.contains("tea") || r.out.contains(">s<") || r.out.contains(">p<"), r.out);
        Run cut = run("<a>" + "y".repeat(100) + "</a>", "--limit", "20B", "-");
        assertTrue(cut.out.contains("[DOCUMENT TRUNCATED"), cut.out);
        Run json = run("[{\"apiKey\": \"k\"}]", "--type", "json", "--set", "masking.element-names=apiKey");
        assertEquals("[{\"apiKey\": \"[*****]\"}]\n", json.out);
        Run version = run("", "--version");
        assertTrue(version.out.startsWith("xml-formatter "), version.out);
        Run text = run("user=bob password=hunter2\n");
        assertFalse(text.out.contains("hunter2"), text.out);
        Run set = run("", "--set", "nothing");
        assertTrue(set.err.contains("--set takes property=value"), set.err);
    }

    @Test
    void anInputThatIsNotWellFormedIsMaskedAndSaidSo() {
        Run r = run("<a><password>hunter2</password><b>open", "--ws-security");
        assertEquals(XmlFormatterCli.NOT_WELL_FORMED, r.status);
        assertFalse(r.out.contains("hunter2"), r.out);
        assertTrue(r.err.contains("xml-formatter: -: not well-formed; written masked as far as it was read"), r.err);
    }

    @Test
    void aWrongCommandLineIsStatusTwoWithWhatIsWrong() {
        Run unknown = run("", "--prety");
        assertEquals(XmlFormatterCli.USAGE, unknown.status);
        assertEquals("xml-formatter: unknown option --prety\nTry 'xml-formatter --help'.\n", unknown.err);
        Run value = run("", "--set", "body.max-text-length=lots");
        assertEquals(XmlFormatterCli.USAGE, value.status);
        assertTrue(value.err.contains("maxTextLength (body.max-text-length): 'lots' is not accepted"), value.err);
        Run both = run("", "--pretty", "--compact");
        assertEquals(XmlFormatterCli.USAGE, both.status);
        assertTrue(both.err.contains("pretty and compact"), both.err);
        assertEquals(XmlFormatterCli.USAGE, run("", "--limit").status);
        assertEquals(XmlFormatterCli.USAGE, run("", "--type", "yaml").status);
        Run help = run("", "--help");
        assertEquals(XmlFormatterCli.OK, help.status);
        assertTrue(help.out.startsWith("Usage: xml-formatter [format]"), help.out);
    }

    @Test
    void aFileThatCannotBeReadIsStatusThreeAndTheOthersAreDone() throws IOException {
        Path good = write("good.xml", "<a><password>p</password></a>");
        Run r = run(null, dir.resolve("missing.xml").toString(), good.toString());
        assertEquals(XmlFormatterCli.UNREADABLE, r.status);
        assertTrue(r.err.contains("missing.xml: cannot be read"), r.err);
        assertEquals("<a><password>[*****]</password></a>\n", r.out);
    }

    @Test
    void scrubbingAWrittenLogMasksEveryPayloadAndCopiesTheRest() {
        Run r = run(LOG, "scrub", "--detect", "card-numbers");
        assertEquals(XmlFormatterCli.NOT_WELL_FORMED, r.status, "some payloads were not complete: " + r.err);
        for (String secret : List.of("hunter2", "4111 1111 1111 1111", "abc-secret-token", "pw-inline", "json-secret",
                "attr-secret", "old-cxf-secret", "cut-secr")) {
            assertFalse(r.out.contains(secret), secret + " in\n" + r.out);
        }
        List<String> lines = r.out.lines().toList();
        for (String kept : List.of("10:00:00.000 INFO  org.apache.cxf.services.Bank.REQ_IN - REQ_IN",
                "    Address: http://127.0.0.1/bank", "      <password>[*****]</password>",
                "10:00:01.000 INFO  org.apache.cxf.services.Bank.RESP_OUT - RESP_OUT",
                "    Payload: <ok><token>[*****]</token></ok>", "10:00:02.000 WARN  some.Other - a plain line that stays",
                "10:00:03.000 INFO  org.apache.cxf.services.Bank.REQ_IN - <login><password>[*****]</password></login>",
                "Payload: <a><secret>[*****]</secret></a>", "--------------------------------------",
                "Dec 01, 2026 10:00:05 AM org.apache.cxf.services.Bank.REQ_IN",
                "10:00:06.000 INFO  x - after the cut payload")) {
            assertTrue(lines.contains(kept), kept + " not in\n" + r.out);
        }
        assertTrue(lines.contains("{\"ts\":\"2026-11-27T10:00:04Z\",\"type\":\"REQ_IN\",\"payload\":\"<login>\\n  "
                + "<password>[*****]</password>\\n</login>\",\"attributes\":{\"token\":\"[*****]\"}}"), r.out);
        assertTrue(r.err.contains("-: 6 payloads masked, 2 of them not complete"), r.err);
    }

    /**
     * Issue 62: a log interleaving every format the scrubber knows, secrets in every field, ordinary lines between
     * records. A payload not well-formed no longer swallows the lines after it; the Address and Headers lines of
     * CXF's records (new and old format, also inside a logback JSON line's message) are masked; an application's own
     * line is masked only where something sensitive stands in it (a JSON object, a pair, a card); every other line,
     * the startup line and the last line among them, is copied as it is; the status says a payload was not complete.
     */
    @Test
    void aLogInterleavingEveryFormatHasNoSecretLeftAndNoOtherLineChanged() throws IOException {
        String log = new String(getClass().getResourceAsStream("/interleaved.log").readAllBytes(),
                StandardCharsets.UTF_8);
        Run r = run(log, "scrub");
        assertEquals(XmlFormatterCli.NOT_WELL_FORMED, r.status, r.err);
        assertTrue(r.err.contains("3 payloads masked, 1 of them not complete"), r.err);
        for (String secret : List.of("s3cr3t", "tok-in-url", "dXNlcjpwYXNz", "key-in-header", "hunter2",
                "app-json-secret", "4111 1111 1111 1111", "app-pair-secret", "msg-url-secret", "msg-bearer",
                "msg-payload-secret", "old-url-secret", "old-basic", "old-cxf-secret")) {
            assertFalse(r.out.contains(secret), secret + " in\n" + r.out);
        }
        List<String> in = log.lines().toList();
        List<String> out = r.out.lines().toList();
        assertEquals(in.size(), out.size(), r.out);
        for (int i = 0; i < in.size(); i++) {
            boolean sensitive = in.get(i).contains("secret") || in.get(i).contains("hunter2")
                    || in.get(i).contains("Authorization") || in.get(i).contains("4111") || in.get(i).contains("@");
            if (!sensitive) {
                assertEquals(in.get(i), out.get(i), "line " + (i + 1) + " changed");
            }
        }
        assertTrue(out.contains("    Headers: {Accept=*/*, Authorization=[*****], Content-Type=text/xml,"
                + " X-Api-Key=[*****]}"), r.out);
        assertTrue(out.contains("10:00:01.000 INFO  com.acme.App - user bob logged in with {\"user\":\"bob\","
                + "\"password\":\"[*****]\",\"card\":\"[*****]\"}"), r.out);
        assertTrue(out.contains("Headers: {Authorization=[[*****]], Accept=[text/xml, application/json]}"), r.out);
        String demo = new String(getClass().getResourceAsStream("/demo.log").readAllBytes(), StandardCharsets.UTF_8);
        Run again = run(demo + demo, "scrub");
        assertEquals(demo + demo, again.out, "the demo's log (README), already masked, scrubs to itself");
        assertEquals(XmlFormatterCli.OK, again.status, again.err);
        Run kept = run(log, "scrub", "--keep-other-lines");
        assertTrue(kept.out.contains("password=app-pair-secret"), "--keep-other-lines: " + kept.out);
        assertFalse(kept.out.contains("hunter2"), kept.out);
    }

    /** The tool in a process of its own, as the launcher starts it: a pipe in, a pipe out, the exit status. */
    @Test
    void inAProcessOfItsOwnThroughPipes() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), XmlFormatterCli.class.getName(), "scrub").start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(LOG.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(XmlFormatterCli.NOT_WELL_FORMED, p.waitFor(), err);
        assertFalse(out.contains("hunter2") || out.contains("json-secret"), out);
        assertTrue(out.contains("a plain line that stays"), out);
        Process bad = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), XmlFormatterCli.class.getName(), "--nope")
                .redirectInput(new File("/dev/null")).start();
        assertEquals(XmlFormatterCli.USAGE, bad.waitFor());
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = XmlFormatterCli.run(args, new ByteArrayInputStream(
                (stdin == null ? "" : stdin).getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int status, String out, String err) {
    }
}
