package io.xmlformatter.cli;

import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.message.Options;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The {@code Headers:} line of a record of CXF's {@code LoggingFeature} ({@code Accept=text/xml, SOAPAction=""} in
 * braces) or of its old interceptors ({@code Authorization=[Basic ...], Accept=[a, b]} in braces), masked as a
 * record's headers are:
 * the values of the headers that hold credentials whole, the others where something sensitive stands in them.
 */
final class CxfHeaders {
    private CxfHeaders() {
    }

    /** The map's text between its braces, {@code inner}, masked, in its braces. */
    static String masked(String inner, MessageLogger logger) {
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String part : inner.split(", ", -1)) {
            int eq = part.indexOf('=');
            if (eq > 0 && isName(part.substring(0, eq))) {
                names.add(part.substring(0, eq));
                values.add(part.substring(eq + 1));
            } else if (!values.isEmpty()) { // a value that holds ", "
                values.set(values.size() - 1, values.get(values.size() - 1) + ", " + part);
            } else {
                return "{" + logger.maskText(inner) + "}";
            }
        }
        MessageFacts facts = MessageFacts.of(MessageType.REQ_IN);
        for (int i = 0; i < names.size(); i++) {
            facts.header(names.get(i), listed(values.get(i)));
        }
        Map<String, List<String>> shown = logger.render(facts, null).headers();
        StringBuilder out = new StringBuilder("{");
        for (int i = 0; i < names.size(); i++) {
            List<String> masked = shown.get(names.get(i));
            if (masked == null) { // not told apart from another of its name: masked, fail closed
                masked = List.of(logger.options().get(Options.MASK));
            }
            boolean list = values.get(i).startsWith("[") && values.get(i).endsWith("]");
            out.append(i == 0 ? "" : ", ").append(names.get(i)).append('=')
                    .append(list ? "[" + String.join(", ", masked) + "]" : String.join(", ", masked));
        }
        return out.append('}').toString();
    }

    private static boolean isName(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** A value as written, or the values of {@code [a, b]}. */
    private static List<String> listed(String value) {
        if (value.startsWith("[") && value.endsWith("]")) {
            return Arrays.asList(value.substring(1, value.length() - 1).split(", ", -1));
        }
        return List.of(value);
    }
}
