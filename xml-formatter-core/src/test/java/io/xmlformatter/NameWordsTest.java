package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Names held as words: camelCase, snake_case, kebab-case, dotted, any case; a name of several words in order. */
class NameWordsTest {
    private final NameWords words = NameWords.of(Arrays.asList("password", "secret", "api_key", "apikey", "pwd"));

    @Test
    void aNameIsSplitIntoWordsEveryWayNamesAreWritten() {
        for (String name : new String[] {"password", "PASSWORD", "oldPassword", "newPassword", "new_password",
            "passwordConfirm", "PASSWORD-CONFIRM", "user.password", "Password2", "clientSecret", "CLIENT_SECRET",
            "X-Api-Key", "apiKey", "APIKey", "api_key", "X-APIKEY", "oldPwd", "my password"}) {
            assertTrue(words.holds(name), name);
        }
        for (String name : new String[] {"passwordless", "secretary", "keyApi", "api", "key", "apiKeyring",
            "rapid_key", "", "-_-", "pass_word"}) {
            assertFalse(words.holds(name), name);
        }
    }

    @Test
    void noNamesIsNullAndANameWithoutAWordIsRefused() {
        assertNull(NameWords.of(Collections.emptyList()));
        assertThrows(IllegalArgumentException.class, () -> NameWords.of(Collections.singleton("_-")));
    }

    /** The formatter masks elements and attributes whose local names hold the words, whatever their prefix. */
    @Test
    void theFormatterMasksElementsAndAttributesHoldingTheWords() {
        XmlFormatter f = XmlFormatter.builder().keepWhitespace()
                .maskNamesHoldingWords(Arrays.asList("password", "api_key")).build();
        assertEquals("<a><b:oldPassword xmlns:b='u'>[*****]</b:oldPassword><c apiKey='[*****]' d='ok'/></a>",
                f.format("<a><b:oldPassword xmlns:b='u'>x1</b:oldPassword><c apiKey='x2' d='ok'/></a>"));
    }
}
