package io.xmlformatter.mongo;

import io.xmlformatter.record.LogRecord;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The collection a record goes to: a fixed name, or a pattern with date fields of the record's time (UTC) in
 * braces ({@code soap_log_{yyyyMM}} gives {@code soap_log_201207}) and {@code {service}} / {@code {operation}}
 * (their local names, with characters other than letters, digits and '_' replaced by '_'; a REST operation, as CXF
 * names it, {@code GET[/accounts/7]}, by its method).
 */
final class CollectionNamer {
    private final List<Object> parts = new ArrayList<>();
    private final String fixed;

    private static final String SERVICE = "service";
    private static final String OPERATION = "operation";

    CollectionNamer(String pattern) {
        validate(pattern);
        int i = 0;
        while (i < pattern.length()) {
            int open = pattern.indexOf('{', i);
            if (open < 0) {
                parts.add(pattern.substring(i));
                break;
            }
            if (open > i) {
                parts.add(pattern.substring(i, open));
            }
            int close = pattern.indexOf('}', open);
            String field = pattern.substring(open + 1, close);
            if (field.equals(SERVICE) || field.equals(OPERATION)) {
                parts.add(new String[] {field});
            } else {
                parts.add(DateTimeFormatter.ofPattern(field).withZone(ZoneOffset.UTC));
            }
            i = close + 1;
        }
        fixed = parts.size() == 1 && parts.get(0) instanceof String ? (String) parts.get(0) : null;
    }

    /** Checks a pattern: balanced braces, known or date fields, a non-empty name. */
    static void validate(String pattern) {
        if (pattern == null || pattern.trim().isEmpty()) {
            throw new IllegalArgumentException("mongo sink: collection is required");
        }
        int i = 0;
        while ((i = pattern.indexOf('{', i)) >= 0) {
            int close = pattern.indexOf('}', i);
            if (close < 0) {
                throw new IllegalArgumentException("mongo sink: collection pattern has an unclosed '{': " + pattern);
            }
            String field = pattern.substring(i + 1, close);
            if (!field.equals(SERVICE) && !field.equals(OPERATION)) {
                try {
                    DateTimeFormatter unused = DateTimeFormatter.ofPattern(field);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("mongo sink: collection pattern field {" + field
                            + "} is neither {service}, {operation} nor a date pattern", e);
                }
            }
            i = close + 1;
        }
    }

    String nameFor(LogRecord r) {
        if (fixed != null) {
            return fixed;
        }
        StringBuilder sb = new StringBuilder(32);
        for (Object p : parts) {
            if (p instanceof String) {
                sb.append((String) p);
            } else if (p instanceof DateTimeFormatter) {
                ((DateTimeFormatter) p).formatTo(r.timestamp(), sb);
            } else {
                String field = ((String[]) p)[0];
                sb.append(safe(field.equals(SERVICE) ? localName(r.service()) : operation(r.operation())));
            }
        }
        return sb.toString();
    }

    /** A REST operation as CXF names it ({@code GET[/accounts/7]}) by its method: a collection per path would grow. */
    private static String operation(String name) {
        int bracket = name == null ? -1 : name.indexOf('[');
        return bracket > 0 ? name.substring(0, bracket) : name;
    }

    private static String localName(String qname) {
        if (qname == null) {
            return null;
        }
        int brace = qname.lastIndexOf('}');
        return brace >= 0 ? qname.substring(brace + 1) : qname;
    }

    private static String safe(String s) {
        if (s == null || s.isEmpty()) {
            return "unknown";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ? c : '_');
        }
        return sb.toString();
    }
}
