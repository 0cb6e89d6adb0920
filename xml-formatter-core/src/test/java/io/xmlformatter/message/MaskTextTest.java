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

    /**
     * Found scrubbing a log for the README's quick start: a header's credential in a line that is no record, after its
     * scheme or among cookies, was left (only {@code Basic} was masked, or only one cookie).
     */
    @Test
    void anAuthorizationOrCookieHeaderInALineIsMaskedToTheLinesEnd() {
        assertEquals("call failed, Authorization: [*****]\nnext", logger.maskText(
                "call failed, Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc, retrying\nnext"));
        assertEquals("request headers {Authorization=[*****]", logger.maskText(
                "request headers {Authorization=Basic dXNlcjpwdw==, X-Api-Key=k-123}"));
        assertEquals("digest Proxy-Authorization: [*****]", logger.maskText(
                "digest Proxy-Authorization: Digest username=\"bob\", response=\"6629fae49393a05397450978507c4ef1\""));
        assertEquals("sent cookie=[*****]\r\nSet-Cookie: [*****]", logger.maskText(
                "sent cookie=JSESSIONID=xyz; remember=r-123\r\nSet-Cookie: sid=s-1; Path=/; HttpOnly"));
    }
}
