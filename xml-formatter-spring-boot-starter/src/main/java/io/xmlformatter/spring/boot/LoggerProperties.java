package io.xmlformatter.spring.boot;

import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLoggerBuilder;
import io.xmlformatter.message.Option;
import io.xmlformatter.message.Options;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The logger's options bound from the {@code xmlformatter.*} properties: each row of the table in {@link Options}
 * is the property {@code xmlformatter.<row's property>} (and {@code xmlformatter.rules[n].<row's property>} in a
 * rule), read as text in the row's text form. There is no list of options here: a row added to the table is a
 * property at once.
 */
final class LoggerProperties {
    static final String PREFIX = "xmlformatter.";
    /**
     * The options a Boot application starts from: core's defaults, but a body seen again within one correlation id
     * (a service that calls others through its own clients: a proxy) is logged once.
     */
    static final Options DEFAULTS = Options.defaults().with(Options.SUPPRESS_DUPLICATES, true);
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z.-]*");

    private LoggerProperties() {
    }

    /**
     * Sets on {@code b} every option the properties set and adds the rules; the others keep their defaults.
     *
     * @throws IllegalArgumentException naming the property that is wrong
     */
    static MessageLoggerBuilder apply(Binder binder, XmlFormatterProperties p, MessageLoggerBuilder b) {
        bound(binder, PREFIX).forEach((property, text) -> {
            try {
                b.set(property, text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("xml-formatter: property " + PREFIX + property + ": "
                        + e.getMessage(), e);
            }
        });
        for (int i = 0; i < p.rules().size(); i++) {
            rule(binder, i, p.rules().get(i), b);
        }
        return b;
    }

    /** The options set under {@code prefix}, by property, as text (a list's items joined with commas). */
    static Map<String, String> bound(Binder binder, String prefix) {
        Map<String, String> set = new LinkedHashMap<>();
        for (Option<?> o : Options.all()) {
            String name = prefix + o.property();
            if (o.metadataType().startsWith(List.class.getName())) {
                binder.bind(name, Bindable.listOf(String.class)).ifBound(v -> set.put(o.property(), String.join(",", v)));
            } else {
                binder.bind(name, String.class).ifBound(v -> set.put(o.property(), v));
            }
        }
        return set;
    }

    /**
     * The builder's error with the properties it is about.
     *
     * @return an exception whose message names the {@code xmlformatter.*} properties concerned
     */
    static IllegalArgumentException named(IllegalArgumentException e) {
        if (String.valueOf(e.getMessage()).startsWith("xml-formatter: ")) {
            return e;
        }
        StringBuilder properties = new StringBuilder();
        Matcher m = WORD.matcher(String.valueOf(e.getMessage()));
        while (m.find()) {
            for (Option<?> o : Options.all()) {
                String property = PREFIX + o.property();
                if (o.name().equals(m.group()) && properties.indexOf(property) < 0) {
                    properties.append(properties.length() == 0 ? "" : ", ").append(property);
                }
            }
        }
        return new IllegalArgumentException("xml-formatter: " + e.getMessage()
                + (properties.length() == 0 ? "" : " (property " + properties + ")"), e);
    }

    private static void rule(Binder binder, int index, XmlFormatterProperties.Rule r, MessageLoggerBuilder b) {
        String prefix = PREFIX + "rules[" + index + "].";
        ExchangeMatch match;
        try {
            match = ExchangeMatch.any().service(r.service()).operation(r.operation()).path(r.path())
                    .httpMethod(r.method()).soapAction(r.soapAction());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("rules: " + prefix + "path is not a regular expression: "
                    + e.getMessage(), e);
        }
        if (r.exclude()) {
            b.exclude(match);
            return;
        }
        try {
            b.rule(match, bound(binder, prefix));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("xml-formatter: a property under " + prefix + ": " + e.getMessage(), e);
        }
    }
}
