package io.xmlformatter;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-pass screen that lets the value masker skip a built-in detector: it never skips one that would find
 * something, in a value as written or, with named references only, in the value decoded; and the screen of a value
 * as XML writes it ({@link ValueMasker#needsFoundInXml}) never lets a value pass undecoded when a detector would
 * find something in it decoded, or when it still holds a reference decoded (escaped twice).
 */
class ValueMaskerScreenProperties {
    private static final ValueDetector[] BUILT_IN = {ValueDetector.cardNumbers(), ValueDetector.ibans(),
        ValueDetector.emailAddresses()};

    /** Text built of what the detectors read: digits, letters, separators, '@', dots and named references. */
    @Provide
    Arbitrary<String> values() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(19),
                Arbitraries.strings().withChars("ABDEGRabde").ofMinLength(1).ofMaxLength(3),
                Arbitraries.of(" ", "-", "@", ".", "&amp;", "&lt;", " ", "x", "4111 1111 1111 1111",
                        "DE89 3704 0044 0532 0130 00", "a.b@example.com"));
        return piece.list().ofMaxSize(12).map(l -> String.join("", l));
    }

    @Property(tries = 3000)
    void aSkippedDetectorWouldHaveFoundNothing(@ForAll("values") String value) {
        for (ValueDetector d : BUILT_IN) {
            ValueMasker alone = new ValueMasker(new ValueDetector[] {d}, "#", null);
            CharsView view = new CharsView().reset(value.toCharArray(), value.length());
            Detections found = new Detections();
            d.detect(value, 0, value.length(), found);
            if (found.count() > 0) {
                assertTrue(alone.needsFound(view, 0, value.length()) != 0, d + " finds in '" + value + "'");
            }
            String decoded = value.replace("&amp;", "&").replace("&lt;", "<");
            found.clear();
            d.detect(decoded, 0, decoded.length(), found);
            if (found.count() > 0) {
                assertTrue(alone.needsFound(view, 0, value.length()) != 0, d + " finds in decoded '" + decoded + "'");
            }
        }
    }

    @Property(tries = 200)
    void aValueWithoutWhatTheyNeedIsSkipped(@ForAll("values") String value) {
        String plain = value.replaceAll("[0-9@]", "x");
        ValueMasker all = new ValueMasker(BUILT_IN, "#", null);
        assertFalse(all.needsFound(new CharsView().reset(plain.toCharArray(), plain.length()), 0, plain.length()) != 0,
                plain);
    }

    /** XML text: what the detectors read, references of every kind among it, spelled or broken. */
    @Provide
    Arbitrary<String> xmlValues() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(19),
                Arbitraries.strings().withChars("ABDEGRabde").ofMinLength(1).ofMaxLength(3),
                Arbitraries.of(" ", "-", "@", ".", ";", "#", "&", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#52;",
                        "&#x34;", "&#32;", "&#x20;", "&#45;", "&#64;", "&#68;", "&#160;", "&#8220;", "&#38;", "&#35;",
                        "&#", "&#x", "&#12", "&amp;#52;", "&amp;amp;", "&foo;", "4111 1111 1111 1111",
                        "DE89 3704 0044 0532 0130 00", "a.b@example.com", "&#52;111 1111 1111 1111"));
        return piece.list().ofMaxSize(12).map(l -> String.join("", l));
    }

    @Property(tries = 5000)
    void aValuePassedAsWrittenHoldsNothingDecoded(@ForAll("xmlValues") String value) {
        ValueMasker all = new ValueMasker(BUILT_IN, "#", null);
        if (all.needsFoundInXml(new CharsView().reset(value.toCharArray(), value.length()), 0, value.length()) != 0) {
            return;
        }
        String decoded = decodeOnce(value);
        for (ValueDetector d : BUILT_IN) {
            Detections found = new Detections();
            d.detect(decoded, 0, decoded.length(), found);
            assertTrue(found.count() == 0, d + " finds in '" + decoded + "', decoded from '" + value + "'");
        }
        assertFalse(decoded.matches("(?s).*&(#|(lt|gt|amp|quot|apos);).*"), "still a reference: '" + decoded + "'");
    }

    /** XML's predefined entities and character references decoded once; anything else kept as written. */
    private static String decodeOnce(String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);")
                .matcher(s);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        while (m.find()) {
            String r = m.group(1);
            int cp = r.equals("lt") ? '<' : r.equals("gt") ? '>' : r.equals("amp") ? '&' : r.equals("quot") ? '"'
                    : r.equals("apos") ? '\'' : r.startsWith("#x") ? Integer.parseInt(r.substring(2), 16)
                    : Integer.parseInt(r.substring(1));
            out.append(s, copied, m.start()).appendCodePoint(cp);
            copied = m.end();
        }
        return out.append(s.substring(copied)).toString();
    }
}
