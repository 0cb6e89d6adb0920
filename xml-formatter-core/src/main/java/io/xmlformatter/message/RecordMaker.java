package io.xmlformatter.message;

import io.xmlformatter.NameWords;
import io.xmlformatter.Pseudonyms;
import io.xmlformatter.ValueDetector;
import io.xmlformatter.ValueMasker;
import io.xmlformatter.XmlFormatter;
import io.xmlformatter.record.LogRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Makes the record of one message from its facts and captured body: the address's query parameters and the
 * headers masked by name, the body by the body rule ({@link BodyRenderer}), every other field through the gate
 * ({@link RecordFields}). Built once per logger from its options, the engine's among them; immutable.
 */
final class RecordMaker {
    /** {@link MessageLogger#BINARY_TYPES}. */
    static final List<String> BINARY_TYPES = Collections.unmodifiableList(Arrays.asList(
            "application/octet-stream", "application/pdf", "application/zip", "image/", "audio/", "video/"));
    /** {@link MessageLogger#COMMON_SECRET_NAMES}. */
    static final List<String> COMMON_SECRET_NAMES = Collections.unmodifiableList(Arrays.asList("password",
            "passwd", "pwd", "passphrase", "secret", "client_secret", "access_token", "refresh_token", "id_token",
            "token", "api_key", "apikey", "private_key"));
    /**
     * The common names matched as words of a name ({@code oldPassword}, {@code X-Api-Key}): all but {@code token},
     * matched whole only, since WS-Security's and WS-Trust's own elements hold the word ({@code UsernameToken},
     * {@code RequestSecurityToken}) around what is not secret.
     */
    static final List<String> COMMON_SECRET_WORDS = Collections.unmodifiableList(Arrays.asList("password",
            "passwd", "pwd", "passphrase", "secret", "access_token", "refresh_token", "id_token", "api_key", "apikey",
            "private_key"));
    private final BodyRenderer renderer;
    private final HeaderMasker headers;
    private final ParameterMasker parameters;
    private final RecordFields fields;
    private final JsonMasker json;
    private final List<String> inBinary;
    private final List<String> outBinary;
    private final int captureLimit;

    /** @throws IllegalArgumentException naming the setting that is wrong */
    RecordMaker(Options o) {
        XmlFormatter formatter = formatter(o);
        String mask = o.get(Options.MASK);
        Pseudonyms pseudonyms = o.get(Options.PSEUDONYMS);
        Masks masks = new Masks(mask, pseudonyms);
        ValueMasker valueMasker = formatter.valueMasker();
        DetectedValues values = valueMasker == null ? null : new DetectedValues(valueMasker);
        NameWords words = o.get(Options.COMMON_NAMES) ? NameWords.of(COMMON_SECRET_WORDS) : null;
        headers = new HeaderMasker(o.get(Options.SENSITIVE_HEADER_NAMES), masks, values, words);
        Set<String> parameterNames = new LinkedHashSet<>(o.get(Options.SENSITIVE_PARAMETER_NAMES));
        parameterNames.addAll(o.get(Options.SENSITIVE_ELEMENT_NAMES));
        parameters = new ParameterMasker(parameterNames, masks, values, words);
        fields = new RecordFields(parameters, values != null);
        int limit = o.get(Options.LIMIT).intValue();
        long inMemThreshold = o.get(Options.IN_MEM_THRESHOLD);
        captureLimit = limit >= 0 ? limit : inMemThreshold > 0 ? (int) inMemThreshold : 128 * 1024;
        json = new JsonMasker(secretNames(o), o.get(Options.ANONYMIZE_JSON),
                o.get(Options.PRUNE_JSON), mask, pseudonyms, valueMasker, words, parameters);
        renderer = new BodyRenderer(formatter, json, parameters, headers, valueMasker, mask, limit, captureLimit,
                o.get(Options.LOG_BINARY), o.get(Options.LOG_MULTIPART),
                o.get(Options.PRETTY) ? o.get(Options.INDENT) : o.get(Options.COMPACT) ? -1 : 0,
                o.get(Options.MAX_TEXT_LENGTH));
        inBinary = binaryTypes(o.get(Options.IN_BINARY_MEDIA_TYPES));
        outBinary = binaryTypes(o.get(Options.OUT_BINARY_MEDIA_TYPES));
    }

    /** The engine the options describe: read from them once, here, never per token. */
    private static XmlFormatter formatter(Options o) {
        XmlFormatter.Builder f = XmlFormatter.builder().maxTextLength(o.get(Options.MAX_TEXT_LENGTH))
                .maxCdataLength(o.get(Options.MAX_CDATA_LENGTH)).embeddedXml(o.get(Options.EMBEDDED_XML))
                .mask(o.get(Options.MASK)).pseudonyms(o.get(Options.PSEUDONYMS));
        f.indent(o.get(Options.INDENT)); // checked even when payloads are not indented
        if (o.get(Options.PRETTY) && o.get(Options.COMPACT)) {
            throw new IllegalArgumentException("pretty and compact (body.pretty, body.compact): not both");
        }
        if (o.get(Options.COMPACT)) {
            f.compact();
        } else if (!o.get(Options.PRETTY)) {
            f.keepWhitespace();
        }
        long limit = o.get(Options.LIMIT);
        if (limit >= 0) {
            f.maxDocumentLength(limit);
        }
        if (o.get(Options.WS_SECURITY)) {
            f.wsSecurity();
        }
        f.detect(o.get(Options.DETECT).toArray(new ValueDetector[0]));
        List<String> names = new ArrayList<>(); // names given as names match in any letter case
        for (String name : o.get(Options.SENSITIVE_ELEMENT_NAMES)) {
            names.add("//" + name);
        }
        for (String name : o.get(Options.SENSITIVE_ATTRIBUTE_NAMES)) {
            names.add("//@" + name);
        }
        if (o.get(Options.COMMON_NAMES)) { // as words of a name: oldPassword, new_password, apiKey; token whole
            f.maskNamesHoldingWords(COMMON_SECRET_WORDS);
            names.add("//token");
            names.add("//@token");
        }
        f.anonymizeIgnoringCase(names);
        try {
            return f.anonymize(o.get(Options.ANONYMIZE)).prune(o.get(Options.PRUNE).toArray(new String[0])).build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad masking or pruning setting (anonymize, prune, "
                    + "sensitiveElementNames, sensitiveAttributeNames): " + e.getMessage(), e);
        }
    }

    /** The element names (and JSON keys) masked: those configured and, unless switched off, the common ones. */
    private static Set<String> secretNames(Options o) {
        Set<String> names = new LinkedHashSet<>(o.get(Options.SENSITIVE_ELEMENT_NAMES));
        if (o.get(Options.COMMON_NAMES)) {
            names.addAll(COMMON_SECRET_NAMES);
        }
        return names;
    }

    /** {@link MessageLogger#BINARY_TYPES} and {@code more}, in lower case. */
    private static List<String> binaryTypes(Collection<String> more) {
        List<String> r = new ArrayList<>();
        List<String> types = new ArrayList<>(BINARY_TYPES);
        types.addAll(more);
        for (String t : types) {
            r.add(t.trim().toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableList(r);
    }

    /** Whether the body of the message {@code facts} describe is left out as binary, whatever its bytes. */
    boolean suppressesBody(MessageFacts facts) {
        return renderer.suppresses(facts.contentTypeLower(), facts.type().isOutbound() ? outBinary : inBinary);
    }

    /** The record of one message; {@code body} null when it has none. */
    LogRecord record(MessageFacts facts, CapturedBody body) {
        LogRecord.Builder b = facts.record();
        int[] masked = {0};
        b.address(parameters.maskAddress(facts.address(), masked));
        b.addMaskedCount(masked[0]);
        headers.describe(facts.headers(), b);
        if (body != null) {
            renderer.render(facts, body, facts.type().isOutbound() ? outBinary : inBinary, b);
        }
        return fields.clean(b.build());
    }

    /**
     * A line of free text (a log line that is no record) with what is sensitive in it masked: each JSON object in it
     * that reads whole through the JSON masker (keys and values as in a body), and in the rest sensitive
     * {@code name=value} and {@code "name": value} pairs, the user-info of addresses and what the detectors find.
     * Nothing else changes: no bound, no escapes, the text itself when nothing is found.
     */
    String maskText(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int masked = 0;
        int copied = 0;
        for (int open = text.indexOf('{'); open >= 0; open = text.indexOf('{', Math.max(open + 1, copied))) {
            int close = JsonPrefix.objectEnd(text, open);
            if (close < 0) {
                continue;
            }
            StringBuilder json = new StringBuilder(close - open + 16);
            JsonMasker.Result r = this.json.mask(text.subSequence(open, close), false, json);
            if (!r.wellFormed) {
                continue; // its pairs are masked with the rest
            }
            masked += parameters.maskField(text.subSequence(copied, open), out);
            out.append(json);
            masked += r.masked;
            copied = close;
        }
        masked += parameters.maskField(text.subSequence(copied, text.length()), out);
        return masked == 0 ? text : out.toString();
    }

    /** The gate for fields and ids. */
    RecordFields fields() {
        return fields;
    }

    /** How many bytes of a body to capture for its record. */
    int captureLimit() {
        return captureLimit;
    }

    /** How many times a value detector threw; 0 without detectors. */
    long detectorFailures() {
        ValueMasker values = renderer.values();
        return values == null ? 0 : values.failures();
    }
}
