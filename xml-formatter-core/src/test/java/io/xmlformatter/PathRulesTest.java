package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The path automaton alone: elements matched step by step from the root, as the run asks. */
class PathRulesTest {
    private static final List<String> NONE = Collections.emptyList();

    private static PathRules masking(String... paths) {
        return PathRules.compile(Arrays.asList(paths), NONE, NONE, null);
    }

    private static Input name(String s) {
        return Input.of(s.toCharArray(), 0, s.length());
    }

    /** The action on the last of the nested elements named, each in namespace {@code uri}. */
    private static PathRules.Action actionIn(PathRules rules, String uri, String... names) {
        long expected = rules.rootExpected;
        PathRules.Action action = PathRules.Action.NONE;
        for (String n : names) {
            long m = rules.match(expected, name(n), 0, n.length(), uri);
            action = PathRules.action(m);
            expected = PathRules.steps(m);
        }
        return action;
    }

    private static PathRules.Action action(PathRules rules, String... names) {
        return actionIn(rules, null, names);
    }

    /** The steps an element at the end of {@code names} expects of its children and attributes. */
    private static long expectedBelow(PathRules rules, String... names) {
        long expected = rules.rootExpected;
        for (String n : names) {
            expected = PathRules.steps(rules.match(expected, name(n), 0, n.length(), null));
        }
        return expected;
    }

    @Test
    void anAbsolutePathMatchesItsOwnPlaceOnly() {
        PathRules r = masking("/a/b/c");
        assertEquals(PathRules.Action.MASK, action(r, "a", "b", "c"));
        assertEquals(PathRules.Action.NONE, action(r, "a", "c"));
        assertEquals(PathRules.Action.NONE, action(r, "x", "a", "b", "c"));
        assertEquals(PathRules.Action.NONE, action(r, "a", "b", "c", "c"), "a child of the masked element is not matched again");
        assertEquals(PathRules.Action.NONE, action(r, "a", "b", "cc"));
    }

    @Test
    void aDescendantStepMatchesAtAnyDepth() {
        for (PathRules r : new PathRules[] {masking("//Password"), masking("Password")}) {
            assertEquals(PathRules.Action.MASK, action(r, "Password"));
            assertEquals(PathRules.Action.MASK, action(r, "a", "b", "c", "Password"));
            assertEquals(PathRules.Action.NONE, action(r, "a", "password"), "exact paths match the exact case");
        }
        PathRules r = masking("/a//c");
        assertEquals(PathRules.Action.MASK, action(r, "a", "x", "y", "c"));
        assertEquals(PathRules.Action.MASK, action(r, "a", "c"));
        assertEquals(PathRules.Action.NONE, action(r, "b", "x", "c"));
    }

    @Test
    void aWildcardStepMatchesAnyName() {
        PathRules r = masking("/a/*/c");
        assertEquals(PathRules.Action.MASK, action(r, "a", "anything", "c"));
        assertEquals(PathRules.Action.NONE, action(r, "a", "c"));
        assertEquals(PathRules.Action.MASK, action(masking("/a/*"), "a", "q"));
    }

    @Test
    void aNamespaceStepMatchesItsUriOrAnUnknownOne() {
        PathRules r = masking("{urn:x}Password");
        assertTrue(r.namespaceAware);
        assertEquals(PathRules.Action.MASK, actionIn(r, "urn:x", "Password"));
        assertEquals(PathRules.Action.NONE, actionIn(r, "urn:y", "Password"));
        assertEquals(PathRules.Action.MASK, actionIn(r, null, "Password"), "a prefix bound nowhere matches any namespace");
        PathRules prefixed = masking("//wsse:Password");
        assertFalse(prefixed.namespaceAware);
        assertEquals(PathRules.Action.MASK, actionIn(prefixed, "urn:any", "Password"), "a prefix in a step is ignored");
    }

    @Test
    void anyCasePathsMatchEitherCaseOfAsciiLetters() {
        PathRules r = PathRules.compile(NONE, Collections.singletonList("//passWord"), NONE, null);
        for (String n : new String[] {"password", "PASSWORD", "Password", "passWord"}) {
            assertEquals(PathRules.Action.MASK, action(r, "a", n), n);
        }
        assertEquals(PathRules.Action.NONE, action(r, "a", "passwor"));
        assertEquals(PathRules.Action.NONE, action(r, "a", "passwords"));
    }

    @Test
    void pruningIsItsOwnAction() {
        PathRules r = PathRules.compile(Collections.singletonList("//Secret"), NONE,
                Collections.singletonList("/a/Big"), null);
        assertEquals(PathRules.Action.PRUNE, action(r, "a", "Big"));
        assertEquals(PathRules.Action.MASK, action(r, "a", "Secret"));
        assertTrue(r.masks);
        assertFalse(PathRules.compile(NONE, NONE, Collections.singletonList("/a/Big"), null).masks);
    }

    @Test
    void attributeStepsAreAskedOfTheElementThatHoldsThem() {
        PathRules r = masking("/a/@id", "//@secret");
        long atA = expectedBelow(r, "a");
        assertTrue(r.hasAttributeRules(atA));
        assertTrue(r.masksAttribute(atA, name("id"), 0, 2, null));
        assertTrue(r.masksAttribute(atA, name("secret"), 0, 6, null));
        assertFalse(r.masksAttribute(atA, name("other"), 0, 5, null));
        long atB = expectedBelow(r, "a", "b");
        assertFalse(r.masksAttribute(atB, name("id"), 0, 2, null), "/a/@id is a's attribute only");
        assertTrue(r.masksAttribute(atB, name("secret"), 0, 6, null));
        assertEquals(PathRules.Action.NONE, action(r, "a", "id"), "an attribute step never matches an element");
        long every = expectedBelow(masking("//x/@*"), "x");
        assertTrue(masking("//x/@*").masksAttribute(every, name("anything"), 0, 8, null));
        assertFalse(masking("/a/b").hasAttributeRules(expectedBelow(masking("/a/b"), "a")));
    }

    @Test
    void namesTheQuickScreenCannotRuleOut() {
        String longName = "n".repeat(70);
        PathRules r = masking("//" + longName, "/a/b");
        assertEquals(PathRules.Action.MASK, action(r, "a", longName), "names over 63 chars are compared");
        assertEquals(PathRules.Action.NONE, action(r, "a", "n".repeat(69)));
        assertEquals(PathRules.Action.MASK, action(r, "a", "b"));
        assertEquals(PathRules.Action.NONE, action(r, "a", "\u00e9"), "a name starting beyond ASCII is compared, not screened out");
        assertEquals(PathRules.Action.MASK, action(masking("//\u00e9t\u00e9"), "x", "\u00e9t\u00e9"));
    }

    @Test
    void everyStepIsWhatAnElementOfUnknownPlaceMayMatch() {
        PathRules r = masking("/a/b", "//c");
        assertEquals(PathRules.Action.MASK, PathRules.action(r.match(r.everyStep, name("b"), 0, 1, null)));
        assertEquals(PathRules.Action.MASK, PathRules.action(r.match(r.everyStep, name("c"), 0, 1, null)));
        assertEquals(0, masking("/a/b").rootExpected & ~1L, "the root expects the first step only");
    }

    @Test
    void badPathsAreRefusedWithTheirFault() {
        String[][] bad = {
            {"", "empty path"}, {"   ", "empty path"}, {"a//", "empty step"}, {"//", "empty step"},
            {"/a/@x/b", "an attribute must be the last step"}, {"/a/{urn:x", "missing '}'"},
            {"/a/b{c}", "bad step"}, {"/a/@", "bad step"},
        };
        for (String[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> masking(b[0]), b[0]);
            assertTrue(e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PathRules.compile(NONE, NONE, Collections.singletonList("/a/@id"), null));
        assertTrue(e.getMessage().contains("attributes cannot be pruned"), e.getMessage());
        String[] many = new String[PathRules.MAX_STEPS + 1];
        Arrays.fill(many, "//x");
        e = assertThrows(IllegalArgumentException.class, () -> masking(many));
        assertTrue(e.getMessage().contains("too many path steps: 63"), e.getMessage());
        masking(Arrays.copyOf(many, PathRules.MAX_STEPS));
    }
}
