package io.xmlformatter.cli;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Options;
import io.xmlformatter.record.LogRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The command-line tool: formats and masks XML or JSON files (or standard input), and scrubs log files already
 * written. Exit status: 0 done; 1 an input was not well-formed (written masked as far as it was read); 2 a wrong
 * command line; 3 an input that could not be read.
 */
public final class XmlFormatterCli {
    static final int OK = 0;
    static final int NOT_WELL_FORMED = 1;
    static final int USAGE = 2;
    static final int UNREADABLE = 3;
    private static final String USAGE_TEXT = """
            Usage: xml-formatter [format] [OPTION...] [FILE...]   format and mask XML or JSON to standard output
                   xml-formatter scrub [OPTION...] [FILE...]      re-mask the payloads of a log file already written

            Without FILE, or with -, standard input is read. scrub takes records of CXF's LoggingFeature and old
            interceptors and of xml-formatter's text and JSON layouts, line by line (addresses, headers, payloads,
            JSON fields); other lines have sensitive name=value pairs, JSON objects and detected values masked.

            Options:
              --pretty              indent (default: whitespace as written)
              --compact             drop whitespace between elements and JSON tokens
              --indent N            spaces per level with --pretty (default 2)
              --mask PATH           mask an XML path (//password, /Envelope/Body/login/pin, //card/@number) or a
                                    JSON path ($.card.number, $..password); repeatable
              --mask-name NAME      mask elements, attributes and JSON keys of this name, any case; repeatable
              --prune PATH          leave an XML subtree out, with a marker; repeatable
              --ws-security         mask WS-Security and SAML secrets (passwords, nonces, keys, signatures)
              --detect NAMES        mask values found by detectors: card-numbers, card-numbers-first-six-last-four,
                                    ibans, email-addresses (comma-separated; repeatable)
              --max-text N          cut text longer than N chars, visibly
              --limit SIZE          cut each body at SIZE (48KB, 1MB; default: no limit)
              --type xml|json       the inputs' type (default: told by the first character)
              --keep-other-lines    scrub: copy lines that are no record's as they are
              --set PROPERTY=VALUE  any option of the message logger, as the Spring Boot property below
                                    xmlformatter. (body.max-cdata-length=100, masking.common-names=false, ...)
              -h, --help            this text
              --version             the version

            The common secret names (password, secret, token, api_key, ...) are masked unless
            --set masking.common-names=false. Exit status: 0 done, 1 an input was not well-formed (written
            masked as far as it was read), 2 a wrong command line, 3 an input could not be read.
            """;

    private XmlFormatterCli() {
    }

    /** Runs the tool and exits with its status. */
    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /** Runs the tool on these streams; returns the exit status. */
    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        CliArguments a;
        MessageLogger logger;
        try {
            a = CliArguments.parse(args);
            logger = a.logger();
        } catch (IllegalArgumentException e) {
            err.println("xml-formatter: " + e.getMessage());
            err.println("Try 'xml-formatter --help'.");
            return USAGE;
        }
        switch (a.command) {
            case HELP:
                out.print(USAGE_TEXT);
                return OK;
            case VERSION:
                String v = XmlFormatterCli.class.getPackage().getImplementationVersion();
                out.println("xml-formatter " + (v != null ? v : "(development build)"));
                return OK;
            default:
                break;
        }
        BodyMasker masker = new BodyMasker(logger, a.type);
        List<String> files = a.files.isEmpty() ? List.of("-") : a.files;
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        int status = OK;
        for (String f : files) {
            try (InputStream input = f.equals("-") ? nonClosing(in) : Files.newInputStream(Path.of(f))) {
                status = Math.max(status, a.command == CliArguments.Command.SCRUB
                        ? scrub(input, scrubber(logger, masker, a.keepOtherLines, w), f, err)
                        : format(input, masker, w, f, err));
                w.flush();
            } catch (IOException e) {
                err.println("xml-formatter: " + f + ": cannot be read (" + e + ")");
                status = UNREADABLE;
            }
        }
        return status;
    }

    private static int format(InputStream in, BodyMasker masker, Writer out, String name, PrintStream err)
            throws IOException {
        LogRecord r = masker.mask(in.readAllBytes());
        String payload = r.payload() == null ? "" : r.payload();
        out.write(payload);
        if (!payload.endsWith("\n")) {
            out.write('\n');
        }
        if (!r.wellFormed()) {
            err.println("xml-formatter: " + name + ": not well-formed; written masked as far as it was read");
            return NOT_WELL_FORMED;
        }
        return OK;
    }

    /** The scrubber: JSON lines masked by key with the header names that hold credentials among the keys. */
    private static LogScrubber scrubber(MessageLogger logger, BodyMasker masker, boolean keepOtherLines, Writer w) {
        MessageLogger json = logger.toBuilder().overlay(Map.of(Options.SENSITIVE_ELEMENT_NAMES.property(),
                String.join(",", MessageLogger.SECRET_HEADER_NAMES))).build();
        return new LogScrubber(masker, new BodyMasker(json, "json"), logger, !keepOtherLines, w);
    }

    private static int scrub(InputStream in, LogScrubber scrubber, String name, PrintStream err) throws IOException {
        scrubber.scrub(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        err.println("xml-formatter: " + name + ": " + scrubber.payloads() + " payloads masked"
                + (scrubber.incomplete() == 0 ? "" : ", " + scrubber.incomplete()
                + " of them not complete (masked as far as they went)"));
        return scrubber.incomplete() == 0 ? OK : NOT_WELL_FORMED;
    }

    /** Standard input, left open when a file's reading is done. */
    private static InputStream nonClosing(InputStream in) {
        return new java.io.FilterInputStream(in) {
            @Override
            public void close() {
            }
        };
    }
}
