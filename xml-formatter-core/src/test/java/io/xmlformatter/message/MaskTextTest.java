package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Free text (a log line that is no record): masked where something sensitive stands, else the text itself. */
class MaskTextTest {
    private final MessageLogger logger = MessageLogger.builder().sink(r -> { }).build();

    @Test
    void aLineWithNothingSensitiveIsTheLineItself() {
        String line = "10:00:00.500 INFO x - xml-formatter: logging CXF; strategy ALWAYS; masking ws-security {a} [b]";
        assertSame(line, logger.maskText(line));
    }

    @Test
    void jsonObjectsPairsAddressesAndDetectedValuesAreMasked() {
        assertEquals("login {\"user\":\"bob\",\"oldPassword\":\"[*****]\"} from http://[*****]@host/?token=[*****]"
                + " card [*****] pin=1234", logger.maskText("login {\"user\":\"bob\",\"oldPassword\":\"o1\"} from"
                + " http://bob:pw@host/?token=t1 card 4111 1111 1111 1111 pin=1234"));
        assertEquals("broken {\"a\":\"b\"\", \"password\":[*****]}", logger.maskText(
                "broken {\"a\":\"b\"\", \"password\":\"p1\"}"), "JSON that does not read: its pairs");
    }
}
