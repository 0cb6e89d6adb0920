package io.xmlformatter;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The masked-name screen alone. It may say "maybe" too often, never too rarely: whenever some reading of the text
 * (its references decoded once or more) holds a tag of a masked name, it must say yes.
 */
class MaskedNameScreenTest {
    private static final int MAX_AMP_CHAIN = 3;
    private static final List<String> NONE = Collections.emptyList();
    private static final MaskedNameScreen ELEMENTS =
            new MaskedNameScreen(Collections.singletonList("Password"), NONE, false, null);
    private static final Pattern REFERENCE = Pattern.compile("&(lt|gt|amp|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});");
    private static final Pattern TAG = Pattern.compile("</?(?:[A-Za-z_][A-Za-z0-9_.-]*:)?Password(?![A-Za-z0-9_.:-])");

    private static boolean mayHold(MaskedNameScreen screen, String text) {
        char[] c = text.toCharArray();
        return screen.mayHold(Input.of(c, 0, c.length), 0, c.length, MAX_AMP_CHAIN, text.indexOf('<') >= 0);
    }

    /** The text with each reference decoded once, left to right. */
    private static String decodeOnce(String s) {
        Matcher m = REFERENCE.matcher(s);
        StringBuffer out = new StringBuffer();
        while (m.find()) {
            String r = m.group(1);
            int cp = r.equals("lt") ? '<' : r.equals("gt") ? '>' : r.equals("amp") ? '&' : r.equals("quot") ? '"'
                    : r.equals("apos") ? '\'' : r.startsWith("#x") ? Integer.parseInt(r.substring(2), 16)
                    : Integer.parseInt(r.substring(1));
            String ch = cp <= 0x10FFFF ? new String(Character.toChars(cp)) : "?";
            m.appendReplacement(out, Matcher.quoteReplacement(ch));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Whether a reading of {@code text}, decoded up to the chain limit and once more, holds a masked tag. */
    private static boolean someReadingHoldsTheTag(String text) {
        String s = text;
        for (int depth = 0; depth <= MAX_AMP_CHAIN + 1; depth++) {
            if (TAG.matcher(s).find()) {
                return true;
            }
            s = decodeOnce(s);
        }
        return false;
    }

    @Test
    void everyEscapingOfTheTagIsSeen() {
        for (String t : new String[] {"<Password>", "a <wsse:Password>", "</Password>", "&lt;Password&gt;",
            "x &amp;lt;Password", "&amp;amp;lt;Password", "&#60;Password", "&#x3C;Password", "&#x3c;Password",
            "&#0000060;Password", "&amp;#60;Password", "&amp;#x3C;Password", "&lt;ns:Password/&gt;", "&lt;/Password",
            "&lt;Password", "&lt;!DOCTYPE r&gt;", "&lt;![CDATA[", "&#80;assword", "&amp;amp;amp;amp;amp;lt;x"}) {
            assertTrue(mayHold(ELEMENTS, t), t);
        }
        for (String t : new String[] {"&amp;amp;lt;Password", "&amp;#x3C;ns:Password", "&lt;/Password&gt;"}) {
            assertTrue(someReadingHoldsTheTag(t), "the property's oracle sees " + t);
        }
        assertFalse(someReadingHoldsTheTag("&lt;Passwords"), "and only tags of the name");
    }

    @Test
    void textThatCannotHoldTheTagIsLetThrough() {
        for (String t : new String[] {"", "no secret here", "Password", "the Password is", "&lt;Passwords&gt;",
            "&lt;Pass word", "&lt; Password", "&amp;Password", "&gt;Password", "&quot;Password", "a &amp; b",
            "&lt;ns:PasswordX"}) {
            assertFalse(mayHold(ELEMENTS, t), t);
        }
    }

    @Test
    void rulesOnAttributesLookAtEveryRunAndAnyCaseAtEveryCase() {
        MaskedNameScreen attrs = new MaskedNameScreen(NONE, Collections.singletonList("secret"), false, null);
        assertTrue(mayHold(attrs, "x secret=\"1\""));
        assertTrue(mayHold(attrs, "a CDATA b"), "CDATA stands for a section when runs are not tied to a '<'");
        assertFalse(mayHold(attrs, "secrets and more"));
        MaskedNameScreen anyCase = new MaskedNameScreen(Collections.singletonList("password"), NONE, true, null);
        assertTrue(mayHold(anyCase, "&lt;PASSWORD"));
        assertTrue(mayHold(anyCase, "&lt;pAsSwOrD"));
        assertFalse(mayHold(ELEMENTS, "&lt;PASSWORD"), "exact rules match the exact case");
    }

    @Test
    void aRuleTheScreenCannotFollowTurnsItOff() {
        for (List<String> names : Arrays.asList(Collections.<String>singletonList(null), Collections.singletonList(""),
                Collections.singletonList("p\u00e4ss"), Collections.singletonList("9lives"),
                Collections.singletonList("n".repeat(64)))) {
            MaskedNameScreen off = new MaskedNameScreen(names, NONE, false, null);
            assertTrue(mayHold(off, "plain text"), String.valueOf(names));
        }
        assertTrue(ELEMENTS.mayHold(Input.of(new char[0], 0, 0), 0, 0, 0, false), "no embedding left: always");
    }

    @Provide
    Arbitrary<String> escapedText() {
        return Arbitraries.of("&", "amp;", "lt;", "#60;", "#x3C;", "#x3c;", "<", "/", "Password", "wsse:", "Pass",
                "word", " ", "x", ";", "#", "!", "gt;", "&#80;", "&lt;", "s").list().ofMaxSize(10)
                .map(parts -> String.join("", parts));
    }

    @Property(tries = 3000)
    void neverNoWhenAReadingHoldsTheTag(@ForAll("escapedText") String text) {
        if (someReadingHoldsTheTag(text)) {
            assertTrue(mayHold(ELEMENTS, text), text);
        }
    }
}
