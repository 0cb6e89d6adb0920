package io.xmlformatter.spring.boot;

import io.xmlformatter.Pseudonyms;
import io.xmlformatter.message.ExchangeMatch;
import io.xmlformatter.message.MessageLogger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code xmlformatter.*} properties applied to a {@link MessageLogger.Builder}, and the builder's errors told
 * in property names. {@link #PROPERTY_OF_OPTION} is the one table joining the two: a test checks that every
 * builder option has its property.
 */
final class LoggerProperties {
    /** Each option of {@link MessageLogger.Builder} and the property that sets it. */
    static final Map<String, String> PROPERTY_OF_OPTION = table(
            "limit", "body.limit",
            "inMemThreshold", "body.in-mem-threshold",
            "pretty", "body.pretty",
            "indent", "body.indent",
            "logBinary", "body.log-binary",
            "logMultipart", "body.log-multipart",
            "maxTextLength", "body.max-text-length",
            "maxCdataLength", "body.max-cdata-length",
            "embeddedXml", "body.embedded-xml",
            "addInBinaryMediaTypes", "body.in-binary-media-types",
            "addOutBinaryMediaTypes", "body.out-binary-media-types",
            "wsSecurity", "masking.ws-security",
            "mask", "masking.mask",
            "detect", "masking.detect",
            "pseudonyms", "masking.pseudonym-key",
            "sensitiveElementNames", "masking.element-names",
            "addSensitiveElementNames", "masking.element-names",
            "sensitiveAttributeNames", "masking.attribute-names",
            "addSensitiveAttributeNames", "masking.attribute-names",
            "sensitiveHeaderNames", "masking.header-names",
            "addSensitiveHeaderNames", "masking.header-names",
            "sensitiveParameterNames", "masking.parameter-names",
            "anonymize", "masking.paths",
            "addAnonymize", "masking.paths",
            "prune", "masking.prune",
            "addPrune", "masking.prune",
            "anonymizeJson", "masking.json-paths",
            "pruneJson", "masking.json-prune",
            "strategy", "exchange.strategy",
            "slowThreshold", "exchange.slow-threshold",
            "faultStatus", "exchange.fault-status",
            "levels", "exchange.levels",
            "sampleOneIn", "exchange.sample-one-in",
            "sampleRate", "exchange.sample-rate",
            "sampleKeepsFailures", "exchange.sample-keeps-failures",
            "chain", "exchange.chain",
            "chainMaxRecords", "exchange.chain-max-records",
            "chainMaxAge", "exchange.chain-max-age",
            "maxHeldBytes", "exchange.max-held-bytes",
            "suppressDuplicates", "exchange.suppress-duplicates",
            "correlationHeader", "exchange.correlation-header",
            "correlationFromTrace", "exchange.correlation-from-trace",
            "recordPerExchange", "exchange.record-per-exchange",
            "rule", "rules",
            "exclude", "rules",
            "sink", "sink",
            "inSink", "sink",
            "outSink", "sink",
            "verbose", "output.layout");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z.-]*");

    private LoggerProperties() {
    }

    /** Sets on {@code b} every option the properties set; the others keep the builder's defaults. */
    static MessageLogger.Builder apply(XmlFormatterProperties p, MessageLogger.Builder b) {
        body(p.body(), b);
        masking(p.masking(), b);
        exchange(p.exchange(), b);
        for (int i = 0; i < p.rules().size(); i++) {
            rule(i, p.rules().get(i), b);
        }
        return b;
    }

    /**
     * The builder's error with the properties it is about.
     *
     * @return an exception whose message names the {@code xmlformatter.*} properties concerned
     */
    static IllegalArgumentException named(IllegalArgumentException e) {
        List<String> properties = new ArrayList<>();
        Matcher m = WORD.matcher(String.valueOf(e.getMessage()));
        while (m.find()) {
            String property = PROPERTY_OF_OPTION.get(m.group());
            if (property != null && !properties.contains("xmlformatter." + property)) {
                properties.add("xmlformatter." + property);
            }
        }
        return new IllegalArgumentException("xml-formatter: " + e.getMessage()
                + (properties.isEmpty() ? "" : " (property " + String.join(", ", properties) + ")"), e);
    }

    private static void body(XmlFormatterProperties.Body body, MessageLogger.Builder b) {
        set(body.limit(), v -> b.limit(Math.toIntExact(v.toBytes())));
        set(body.inMemThreshold(), v -> b.inMemThreshold(v.toBytes()));
        set(body.pretty(), b::pretty);
        set(body.indent(), b::indent);
        set(body.logBinary(), b::logBinary);
        set(body.logMultipart(), b::logMultipart);
        set(body.maxTextLength(), b::maxTextLength);
        set(body.maxCdataLength(), b::maxCdataLength);
        set(body.embeddedXml(), b::embeddedXml);
        b.addInBinaryMediaTypes(body.inBinaryMediaTypes());
        b.addOutBinaryMediaTypes(body.outBinaryMediaTypes());
    }

    private static void masking(XmlFormatterProperties.Masking masking, MessageLogger.Builder b) {
        set(masking.wsSecurity(), b::wsSecurity);
        set(masking.mask(), b::mask);
        if (!masking.detect().isEmpty()) {
            b.detect(masking.detect());
        }
        if (masking.pseudonymKey() != null) { // an empty one (an unset variable) is refused: no silent mask
            b.pseudonyms(Pseudonyms.keyed(masking.pseudonymKey()));
        }
        b.addSensitiveElementNames(masking.elementNames());
        b.addSensitiveAttributeNames(masking.attributeNames());
        b.addSensitiveHeaderNames(masking.headerNames());
        if (!masking.parameterNames().isEmpty()) {
            b.sensitiveParameterNames(masking.parameterNames());
        }
        b.addAnonymize(masking.paths());
        b.addPrune(masking.prune());
        if (!masking.jsonPaths().isEmpty()) {
            b.anonymizeJson(masking.jsonPaths());
        }
        if (!masking.jsonPrune().isEmpty()) {
            b.pruneJson(masking.jsonPrune());
        }
    }

    private static void exchange(XmlFormatterProperties.Exchange x, MessageLogger.Builder b) {
        set(x.strategy(), b::strategy);
        set(x.slowThreshold(), b::slowThreshold);
        set(x.faultStatus(), b::faultStatus);
        if (!x.levels().isEmpty()) {
            if (x.levels().size() != 3) {
                throw new IllegalArgumentException("levels: give three, success, client error and failure, not "
                        + x.levels());
            }
            b.levels(x.levels().get(0), x.levels().get(1), x.levels().get(2));
        }
        set(x.sampleOneIn(), b::sampleOneIn);
        set(x.sampleRate(), b::sampleRate);
        set(x.sampleKeepsFailures(), b::sampleKeepsFailures);
        set(x.chain(), b::chain);
        set(x.chainMaxRecords(), b::chainMaxRecords);
        set(x.chainMaxAge(), b::chainMaxAge);
        set(x.maxHeldBytes(), v -> b.maxHeldBytes(v.toBytes()));
        set(x.suppressDuplicates(), b::suppressDuplicates);
        set(x.correlationHeader(), b::correlationHeader);
        set(x.correlationFromTrace(), b::correlationFromTrace);
        set(x.recordPerExchange(), b::recordPerExchange);
    }

    private static void rule(int index, XmlFormatterProperties.Rule r, MessageLogger.Builder b) {
        ExchangeMatch match;
        try {
            match = ExchangeMatch.any().service(r.service()).operation(r.operation()).path(r.path())
                    .httpMethod(r.method()).soapAction(r.soapAction());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("rules: xmlformatter.rules[" + index + "].path is not a regular "
                    + "expression: " + e.getMessage(), e);
        }
        if (r.exclude()) {
            b.exclude(match);
            return;
        }
        b.rule(match, o -> {
            set(r.strategy(), o::strategy);
            set(r.pretty(), o::pretty);
            set(r.limit(), v -> o.limit(Math.toIntExact(v.toBytes())));
            set(r.slowThreshold(), o::slowThreshold);
            o.addSensitiveElementNames(r.elementNames());
        });
    }

    /** Calls {@code option} with {@code value} when the property is set (not null). */
    static <T> void set(T value, Consumer<T> option) {
        if (value != null) {
            option.accept(value);
        }
    }

    private static Map<String, String> table(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
