package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** JSON rules by path alone (the paths' part), then through the JSON masker. */
class JsonPathsTest {
    private static JsonPaths.Action action(String rule, Object... path) {
        return JsonPaths.compile(List.of(rule), Collections.emptyList()).action(Arrays.asList(path));
    }

    private static final JsonPaths.Action MASK = JsonPaths.Action.MASK;
    private static final JsonPaths.Action NONE = JsonPaths.Action.NONE;

    @Test
    void childStepsMatchKeysInAnyCase() {
        assertEquals(MASK, action("$.payment.card.number", "payment", "card", "number"));
        assertEquals(MASK, action("$.payment.card.number", "Payment", "CARD", "Number"));
        assertEquals(NONE, action("$.payment.card.number", "payment", "card"), "a path names one level");
        assertEquals(NONE, action("$.payment.card.number", "x", "payment", "card", "number"), "from the root");
    }

    @Test
    void descendantsWildcardsIndicesAndQuotedKeys() {
        assertEquals(MASK, action("$..password", "password"));
        assertEquals(MASK, action("$..password", "a", 3, "b", "password"));
        assertEquals(NONE, action("$..password", "password", "x"));
        assertEquals(MASK, action("$.items[*].iban", "items", 7, "iban"));
        assertEquals(MASK, action("$.items[*].iban", "items", "x", "iban"), "[*] is any index or key");
        assertEquals(MASK, action("$.items[*].iban", "items", 0, "IBAN"));
        assertEquals(MASK, action("$.items[1]", "items", 1));
        assertEquals(NONE, action("$.items[1]", "items", 2));
        assertEquals(MASK, action("$.*.token", "anything", "token"));
        assertEquals(MASK, action("$['odd key'].v", "odd key", "v"));
        assertEquals(MASK, action("$..card..number", "a", "card", "b", "c", "number"));
    }

    @Test
    void jsonPointers() {
        assertEquals(MASK, action("/payment/card/number", "payment", "card", "number"));
        assertEquals(MASK, action("/items/0/iban", "items", 0, "iban"));
        assertEquals(MASK, action("/items/0/iban", "items", "0", "iban"), "a number segment is a key too");
        assertEquals(MASK, action("/a~1b/c~0d", "a/b", "c~d"));
    }

    @Test
    void pruneWinsOverMask() {
        JsonPaths paths = JsonPaths.compile(List.of("$..card"), List.of("$.payment.card"));
        assertEquals(JsonPaths.Action.PRUNE, paths.action(List.of("payment", "card")));
        assertEquals(MASK, paths.action(List.of("x", "card")));
    }

    @Test
    void aBadPathIsRefusedSayingWhy() {
        for (String[] bad : new String[][] {{"payment.card", "start it with '$'"}, {"$", "the whole document"},
            {"$.a[", "'[' not closed"}, {"$.a[x]", "is not '*', an index or a quoted key"}, {"$a", "expected '.'"},
            {"$.a..", "a step without a name"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JsonPaths.compile(List.of(bad[0]), Collections.emptyList()));
            assertEquals(true, e.getMessage().startsWith("bad JSON path '" + bad[0] + "': "), e.getMessage());
            assertEquals(true, e.getMessage().contains(bad[1]), e.getMessage());
        }
    }

    private static String mask(List<String> maskPaths, List<String> prunePaths, String json) {
        StringBuilder out = new StringBuilder();
        new JsonMasker(Collections.emptyList(), maskPaths, prunePaths, "[*****]", null, null, null, null).mask(json, false, out);
        return out.toString();
    }

    @Test
    void theMaskerMasksAndPrunesWhatThePathsName() {
        String json = "{\"payment\":{\"card\":{\"number\":\"4111\",\"cvv\":\"123\"},\"amount\":5},"
                + "\"items\":[{\"iban\":\"DE89\",\"n\":1},{\"iban\":\"GB82\",\"n\":2}],\"note\":{\"password\":[1,2]}}";
        assertEquals("{\"payment\":{\"card\":{\"number\":\"[*****]\",\"cvv\":\"123\"},\"amount\":5},"
                + "\"items\":[{\"iban\":\"[*****]\",\"n\":1},{\"iban\":\"[*****]\",\"n\":2}],\"note\":{\"password\":"
                + "\"[*****]\"}}", mask(List.of("$.payment.card.number", "$.items[*].iban", "$..password"),
                List.of(), json));
        assertEquals("{\"payment\":{\"card\":\"[SUBTREE REMOVED]\",\"amount\":5},\"items\":[{\"iban\":\"DE89\",\"n\":1},"
                + "\"[SUBTREE REMOVED]\"],\"note\":{\"password\":[1,2]}}",
                mask(List.of(), List.of("/payment/card", "$.items[1]"), json));
    }

    @Test
    void pathsFollowNestingArraysAndLenientInput() {
        assertEquals("[[1,\"[*****]\"],[3,\"[*****]\"]]", mask(List.of("$[*][1]"), List.of(), "[[1,2],[3,4]]"));
        assertEquals("{a: {b: \"[*****]\"}; 'c': 'x'}", mask(List.of("$.a.b"), List.of(), "{a: {b: 'y'}; 'c': 'x'}"));
        assertEquals("{\"a\":{\"b\":1},\"b\":\"[*****]\"}", mask(List.of("$.b"), List.of(), "{\"a\":{\"b\":1},\"b\":2}"),
                "after a nested object closes, the path is the outer one's again");
        assertEquals("{\"a\":[{\"x\":1}],\"x\":\"[*****]\"}",
                mask(List.of("$.x"), List.of(), "{\"a\":[{\"x\":1}],\"x\":2}"));
        assertEquals("{\"a\":\"[*****]\"", mask(List.of("$.a"), List.of(), "{\"a\":\"unclosed"), "cut: masked");
    }
}
