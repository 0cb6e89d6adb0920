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
 * something, in a value as written or, with named references only, in the value decoded.
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
            ValueMasker alone = new ValueMasker(new ValueDetector[] {d}, "#");
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
        ValueMasker all = new ValueMasker(BUILT_IN, "#");
        assertFalse(all.needsFound(new CharsView().reset(plain.toCharArray(), plain.length()), 0, plain.length()) != 0,
                plain);
    }
}
