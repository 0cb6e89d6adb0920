package io.xmlformatter.cli;

import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.message.Options;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The command line, read: the command, the message logger its options describe, the files. Every option of the
 * table in {@link Options} is {@code --set property=value}; the usual ones have a short form. Unlike a logger in
 * a service, the tool has no size limit unless given one.
 */
final class CliArguments {
    /** What the tool does. */
    enum Command {
        /** Formats and masks each file (or standard input) to standard output. */
        FORMAT,
        /** Re-masks the payloads of a log file (or standard input), line by line, to standard output. */
        SCRUB,
        /** Prints the usage. */
        HELP,
        /** Prints the version. */
        VERSION
    }

    final Command command;
    final List<String> files;
    /** {@code xml} or {@code json} for every input; null: told by each input's first character. */
    final String type;
    /** scrub: lines that are no record's are copied as they are (not masked where something sensitive stands). */
    final boolean keepOtherLines;
    private final MessageLoggerBuilder logger;

    private CliArguments(Command command, List<String> files, String type, boolean keepOtherLines,
            MessageLoggerBuilder logger) {
        this.command = command;
        this.files = files;
        this.type = type;
        this.keepOtherLines = keepOtherLines;
        this.logger = logger;
    }

    /**
     * Reads the arguments.
     *
     * @throws IllegalArgumentException saying what is wrong, for the usage message
     */
    static CliArguments parse(String... args) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        Command command = Command.FORMAT;
        if (!rest.isEmpty() && (rest.get(0).equals("format") || rest.get(0).equals("scrub"))) {
            command = rest.remove(0).equals("scrub") ? Command.SCRUB : Command.FORMAT;
        }
        MessageLoggerBuilder b = MessageLogger.builder().limit(-1).sink(record -> { }); // the tool only renders
        List<String> files = new ArrayList<>();
        List<String> detect = new ArrayList<>();
        String type = null;
        boolean keepOtherLines = false;
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            switch (a) {
                case "-h":
                case "--help":
                    return new CliArguments(Command.HELP, files, null, false, b);
                case "--version":
                    return new CliArguments(Command.VERSION, files, null, false, b);
                case "--keep-other-lines":
                    keepOtherLines = true;
                    break;
                case "--pretty":
                    b.pretty(true);
                    break;
                case "--compact":
                    b.set(Options.COMPACT, true);
                    break;
                case "--ws-security":
                    b.set(Options.WS_SECURITY, true);
                    break;
                case "--indent":
                    b.set(Options.INDENT.property(), value(rest, ++i, a));
                    break;
                case "--limit":
                    b.set(Options.LIMIT.property(), value(rest, ++i, a));
                    break;
                case "--max-text":
                    b.set(Options.MAX_TEXT_LENGTH.property(), value(rest, ++i, a));
                    break;
                case "--detect":
                    detect.add(value(rest, ++i, a));
                    break;
                case "--mask":
                    String path = value(rest, ++i, a);
                    b.add(path.startsWith("$") ? Options.ANONYMIZE_JSON : Options.ANONYMIZE, List.of(path));
                    break;
                case "--mask-name":
                    List<String> name = List.of(value(rest, ++i, a));
                    b.add(Options.SENSITIVE_ELEMENT_NAMES, name).add(Options.SENSITIVE_ATTRIBUTE_NAMES, name);
                    break;
                case "--prune":
                    b.add(Options.PRUNE, List.of(value(rest, ++i, a)));
                    break;
                case "--type":
                    type = value(rest, ++i, a);
                    if (!type.equals("xml") && !type.equals("json")) {
                        throw new IllegalArgumentException("--type takes xml or json, not '" + type + "'");
                    }
                    break;
                case "--set":
                    String setting = value(rest, ++i, a);
                    int eq = setting.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--set takes property=value, e.g. body.max-text-length=2048;"
                                + " not '" + setting + "'");
                    }
                    b.set(setting.substring(0, eq).trim(), setting.substring(eq + 1));
                    break;
                case "-":
                    files.add(a);
                    break;
                default:
                    if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    files.add(a);
            }
        }
        if (!detect.isEmpty()) {
            b.set(Options.DETECT.property(), String.join(",", detect));
        }
        return new CliArguments(command, Collections.unmodifiableList(files), type, keepOtherLines, b);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }

    /**
     * The message logger the options describe.
     *
     * @throws IllegalArgumentException naming an option that does not go with another
     */
    MessageLogger logger() {
        return logger.build();
    }
}
