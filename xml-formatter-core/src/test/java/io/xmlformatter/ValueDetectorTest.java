package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The built-in value detectors alone: what each finds and what it leaves. */
class ValueDetectorTest {
    /** {@code text} with what {@code detector} marks replaced by '#', each char. */
    private static String masked(ValueDetector detector, String text) {
        Detections found = new Detections();
        detector.detect(text, 0, text.length(), found);
        found.merge();
        StringBuilder b = new StringBuilder(text);
        for (int i = 0; i < found.count(); i++) {
            for (int k = found.start(i); k < found.end(i); k++) {
                b.setCharAt(k, '#');
            }
        }
        return b.toString();
    }

    private static String cards(String text) {
        return masked(ValueDetector.cardNumbers(), text);
    }

    @Test
    void cardNumbersOfEveryIssuerAndGrouping() {
        String[] cards = {
            "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111", "4222222222222", // Visa, 13 digits
            "5555555555554444", "2223003122003222", // Mastercard, 5 and 2 series
            "378282246310005", "3714 496353 98431", // Amex
            "6011111111111117", "30569309025904", "3530111333300000", // Discover, Diners, JCB
            "6200000000000005", // UnionPay
        };
        for (String card : cards) {
            String all = card.replaceAll(".", "#");
            assertEquals(all, cards(card), card);
            assertEquals("card: " + all + ".", cards("card: " + card + "."), card);
        }
    }

    @Test
    void numbersThatAreNoCardsAreLeft() {
        String[] others = {
            "4111111111111112", // Luhn fails
            "1234567812345670", // Luhn passes, no issuer starts with 1
            "411111111111", // 12 digits
            "41111111111111111111", // 20 digits, no group edge inside
            "4111111111111111123456789", // an id: digits to the end
            "2100000000000002", // 2100 is no issuer's
        };
        for (String other : others) {
            assertEquals(other, cards(other), other);
        }
    }

    /**
     * Findings of the audit at {@code 92fcdc9}: a card grouped as people and URLs group it — dots, no-break, figure,
     * thin and ideographic spaces, tabs, line breaks, slashes, plus signs, double spaces, {@code " - "}, Unicode
     * dashes — or written in full-width digits, read as a card.
     */
    @Test
    void cardsGroupedEveryWayPeopleGroupThemAreFound() {
        String[] separators = {".", "\u00A0", "\u2007", "\u2009", "\u202F", "\u3000", "\t", "\n", "\r\n", "/", "+",
            "  ", " - ", "\u2013", "\u2212", " / "};
        for (String sep : separators) {
            String card = String.join(sep, "4111", "1111", "1111", "1111");
            assertEquals("card " + card.replaceAll("(?s).", "#") + " ok", cards("card " + card + " ok"),
                    "grouped by U+" + Integer.toHexString(sep.charAt(0)));
        }
        String fullWidth = "\uFF14\uFF11\uFF11\uFF11 \uFF11\uFF11\uFF11\uFF11 \uFF11\uFF11\uFF11\uFF11 "
                + "\uFF11\uFF11\uFF11\uFF11";
        assertEquals(fullWidth.replaceAll(".", "#"), cards(fullWidth), "full-width digits");
        assertEquals("4111    1111 1111 1111", cards("4111    1111 1111 1111"), "four spaces: two numbers");
        assertEquals("4111.1111.1111.1112", cards("4111.1111.1111.1112"), "Luhn still checked");
    }

    /**
     * Findings of the audit at {@code 92fcdc9}: a run longer than the detector's window let the last card through
     * (a list of five cards; a card after 61 other grouped digits). A run too long to judge is masked whole.
     */
    @Test
    void aRunTooLongToJudgeIsMaskedWhole() {
        String five = "4111 1111 1111 1111 5555 5555 5555 4444 6011 1111 1111 1117 4111-1111-1111-1111 "
                + "3530 1113 3330 0000";
        assertEquals("cards: " + five.replaceAll(".", "#") + ".", cards("cards: " + five + "."));
        String after61 = "1".repeat(61).replaceAll("(.{3})", "$1 ").trim() + " 4111 1111 1111 1111";
        assertEquals(after61.replaceAll(".", "#"), cards(after61));
        String ungrouped = "9".repeat(64) + "4111111111111111";
        assertEquals(ungrouped.replaceAll(".", "#"), cards(ungrouped), "digits past the window: masked whole");
        assertEquals("x " + "1".repeat(64), cards("x " + "1".repeat(64)), "64 digits: judged, no card");
    }

    @Test
    void aCardInsideALongerGroupedNumberIsFound() {
        assertEquals("order 1234 ###################", cards("order 1234 4111 1111 1111 1111"));
        assertEquals("################### 99", cards("4111 1111 1111 1111 99"));
        assertEquals("a ################, b ###############", cards("a 4111111111111111, b 378282246310005"));
    }

    @Test
    void theFirstSixAndLastFourDigitsCanStayReadable() {
        ValueDetector pci = ValueDetector.cardNumbersShowingFirstSixLastFour();
        assertEquals("4111 11####### 1111", masked(pci, "4111 1111 1111 1111"));
        assertEquals("411111######1111", masked(pci, "4111111111111111"));
        assertEquals("378282#####0005", masked(pci, "378282246310005"));
    }

    @Test
    void ibansOfAnyGroupingAndCase() {
        String[] ibans = {
            "DE89370400440532013000", "DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32",
            "NL91ABNA0417164300", "FR14 2004 1010 0505 0001 3M02 606", "de89370400440532013000", "NO9386011117947",
        };
        for (String iban : ibans) {
            String all = iban.replaceAll(".", "#");
            assertEquals(all, masked(ValueDetector.ibans(), iban), iban);
            assertEquals("IBAN: " + all + ".", masked(ValueDetector.ibans(), "IBAN: " + iban + "."), iban);
        }
    }

    /**
     * Findings of the audit at {@code 92fcdc9}: an IBAN glued to the word {@code IBAN}, followed by a currency code,
     * or grouped by anything but single spaces, was left.
     */
    @Test
    void ibansGluedToTheirWordOrACurrencyOrGroupedAnyWayAreFound() {
        String iban = "DE89 3704 0044 0532 0130 00";
        String all = iban.replaceAll(".", "#");
        assertEquals("IBAN" + "#".repeat(22), masked(ValueDetector.ibans(), "IBAN" + iban.replace(" ", "")));
        assertEquals("iban" + all, masked(ValueDetector.ibans(), "iban" + iban));
        assertEquals("#".repeat(22) + "EUR", masked(ValueDetector.ibans(), iban.replace(" ", "") + "EUR"));
        assertEquals("pay " + all + "eur.", masked(ValueDetector.ibans(), "pay " + iban + "eur."));
        for (String sep : new String[] {".", "\u00A0", "\u2009", "  ", " - ", "\t", "\n", "/"}) {
            String grouped = iban.replace(" ", sep);
            assertEquals(grouped.replaceAll("(?s).", "#"), masked(ValueDetector.ibans(), grouped), "by " + sep);
        }
        assertEquals("XIBANDE89370400440532013000", masked(ValueDetector.ibans(), "XIBANDE89370400440532013000"),
                "'IBAN' inside a word: no start");
        assertEquals("DE89370400440532013000EURO", masked(ValueDetector.ibans(), "DE89370400440532013000EURO"),
                "four letters: the word goes on");
        XmlFormatter detecting = XmlFormatter.builder().detect(ValueDetector.ibans()).build();
        assertEquals("<a>IBAN[*****]</a>", detecting.format("<a>IBANDE89370400440532013000</a>"),
                "the screen lets it through to the detector");
    }

    @Test
    void stringsThatAreNoIbansAreLeft() {
        String[] others = {
            "DE89370400440532013001", // check fails
            "DE8937040044053201300", // one short
            "DE89370400440532013000X", // goes on
            "XYZDE89370400440532013000", // inside a word
            "ZZ89370400440532013000", // no such country
        };
        for (String other : others) {
            assertEquals(other, masked(ValueDetector.ibans(), other), other);
        }
    }

    @Test
    void emailAddresses() {
        ValueDetector e = ValueDetector.emailAddresses();
        assertEquals("to: ########################, cc: #########.",
                masked(e, "to: john.doe+x@example.co.uk, cc: a@b.c.org."));
        assertEquals("a@b, a@b.c, @example.com, x@-y.com", masked(e, "a@b, a@b.c, @example.com, x@-y.com"));
        assertEquals("<p>############</p>", masked(e, "<p>bob@corp.com</p>"));
    }

    /**
     * Findings of the audit at {@code 92fcdc9}: an e-mail with {@code %40} in a URL in text or JSON, with an
     * apostrophe, or with a punycode top-level domain was left.
     */
    @Test
    void emailAddressesEncodedWithApostrophesOrPunycode() {
        ValueDetector e = ValueDetector.emailAddresses();
        assertEquals("see https://x.example/u?mail=" + "#".repeat(22) + "&a=1",
                masked(e, "see https://x.example/u?mail=jane.doe%40example.com&a=1"));
        assertEquals("{\"u\":\"mailto:" + "#".repeat(21) + "\"}", masked(e, "{\"u\":\"mailto:o'brien%40example.org\"}"));
        assertEquals("write to ###################.", masked(e, "write to o'brien@example.org."));
        assertEquals("mail " + "#".repeat(20), masked(e, "mail ivan@pochta.xn--p1ai"));
        assertEquals("50%40 off, x%40y", masked(e, "50%40 off, x%40y"), "no domain: no address");
        XmlFormatter detecting = XmlFormatter.builder().detect(e).build();
        assertEquals("<a>[*****]</a>", detecting.format("<a>jane%40example.com</a>"), "the screen lets '%40' through");
    }

    @Test
    void overlappingAndTouchingRangesAreJoined() {
        Detections d = new Detections();
        d.mask(10, 12);
        d.mask(1, 3);
        d.mask(2, 5);
        d.mask(5, 6);
        d.mask(11, 11);
        d.merge();
        assertEquals(2, d.count());
        assertEquals(1, d.start(0));
        assertEquals(6, d.end(0));
        assertEquals(10, d.start(1));
        assertEquals(12, d.end(1));
    }

    /** {@code text} cut after {@code cut} chars, with what {@code detector} would mask from at the cut as '#'. */
    private static String atCut(ValueDetector detector, String text, int cut) {
        String part = text.substring(0, cut);
        int from = detector.cutFrom(part, 0, cut);
        return part.substring(0, from) + "#".repeat(cut - from);
    }

    @Test
    void atACutTheRunOfDigitsThatCouldStartACardIsMasked() {
        ValueDetector c = ValueDetector.cardNumbers();
        assertEquals("paid ##############", atCut(c, "paid 4111 1111 1111 1111", 19));
        assertEquals("paid ##########", atCut(c, "paid 4111 1111 1111 1111", 15), "cut after a group's space");
        assertEquals("paid #", atCut(c, "paid 4111", 6));
        assertEquals("paid ", atCut(c, "paid 4111", 5), "nothing to mask");
        assertEquals("a-b ##", atCut(c, "a-b 41", 6));
        assertEquals("n ######", atCut(c, "n 12  41", 8), "two spaces group a number too");
        assertEquals("n 12    ##", atCut(c, "n 12    41", 10), "four spaces end the run");
        assertEquals("paid ##############", atCut(c, "paid 4111 - 1111 - ", 19), "a cut after a separator run");
    }

    @Test
    void atACutAWordThatCouldStartAnIbanIsMasked() {
        ValueDetector i = ValueDetector.ibans();
        assertEquals("IBAN ############", atCut(i, "IBAN DE89 3704 0044 0532 0130 00", 17));
        assertEquals("to ##", atCut(i, "to DE", 5));
        assertEquals("to #", atCut(i, "to D", 4));
        assertEquals("Hello wor", atCut(i, "Hello world", 9), "no country code and check digits");
        assertEquals("QX89 1", atCut(i, "QX89 1", 6), "no such country");
        assertEquals("xDE89", atCut(i, "xDE89", 5), "inside a word");
    }

    @Test
    void atACutTheAddressCharactersThereAreMasked() {
        ValueDetector e = ValueDetector.emailAddresses();
        assertEquals("mail ########", atCut(e, "mail jane.doe@example.com", 13));
        assertEquals("mail #############", atCut(e, "mail jane.doe@example.com", 18));
        assertEquals("mail ", atCut(e, "mail jane", 5));
    }

    @Test
    void whereAValueGoesOnFromTextBeforeItTheRunThatCouldEndASecretIsMasked() {
        assertEquals(10, ValueDetector.cardNumbers().cutTo(" 1111-1111 paid", 0, 15));
        assertEquals(0, ValueDetector.cardNumbers().cutTo("paid 1111", 0, 9));
        assertEquals(12, ValueDetector.ibans().cutTo("0532 0130 00, ok", 0, 16));
        assertEquals(7, ValueDetector.emailAddresses().cutTo("ple.com ok", 0, 10));
        assertEquals(0, ValueDetector.emailAddresses().cutTo(" ok", 0, 3));
    }

    @Test
    void aDetectorOfOnesOwnMasksTheWholeValueAtACutUnlessItSaysWhere() {
        ValueDetector own = (text, from, to, found) -> { };
        assertEquals(0, own.cutFrom("abc", 0, 3));
        assertEquals(1, own.cutFrom("abc", 1, 3));
        assertEquals(3, own.cutTo("abc", 1, 3));
    }

    @Test
    void theBuiltInDetectorsByName() {
        assertEquals(ValueDetector.cardNumbers(), ValueDetector.named("card-numbers"));
        assertEquals(ValueDetector.cardNumbers(), ValueDetector.named(" cardNumbers "));
        assertEquals(ValueDetector.cardNumbersShowingFirstSixLastFour(),
                ValueDetector.named("CARD_NUMBERS_FIRST_SIX_LAST_FOUR"));
        assertEquals(ValueDetector.ibans(), ValueDetector.named("ibans"));
        assertEquals(ValueDetector.emailAddresses(), ValueDetector.named("email-addresses"));
        assertEquals(ValueDetector.urlCredentials(), ValueDetector.named("url-credentials"));
        for (String bad : new String[] {"cards", "", null}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> ValueDetector.named(bad));
            assertEquals("no value detector named '" + bad + "'; there are card-numbers, "
                    + "card-numbers-first-six-last-four, ibans, email-addresses and url-credentials", e.getMessage());
        }
    }

    /**
     * Issue 62: a URL in body text with user-info or a sensitive query or fragment parameter (WS-Addressing's To and
     * ReplyTo, a JSON string, a note) is masked as the address field is, the rest of it kept.
     */
    @Test
    void credentialsInUrlsWrittenInTextAreFound() {
        XmlFormatter f = XmlFormatter.builder().keepWhitespace().detect(ValueDetector.urlCredentials()).build();
        String ns = " xmlns:s='urn:s' xmlns:wsa='urn:wsa'";
        assertEquals("<s:Header" + ns + "><wsa:To>https://[*****]@bank.example/pay?access_token=[*****]</wsa:To>"
                + "<wsa:ReplyTo><wsa:Address>http://cb.example/r#id_token=[*****]</wsa:Address></wsa:ReplyTo>"
                + "<wsa:From>[*****]</wsa:From><wsa:Action>urn:pay</wsa:Action></s:Header>", f.format("<s:Header" + ns
                + "><wsa:To>https://bob:pw1@bank.example/pay?access_token=t1</wsa:To><wsa:ReplyTo><wsa:Address>"
                + "http://cb.example/r#id_token=t2</wsa:Address></wsa:ReplyTo><wsa:From>http://cb.example/?a=1&amp;"
                + "token=t3</wsa:From><wsa:Action>urn:pay</wsa:Action></s:Header>"), "with a reference: masked whole");
        assertEquals("<note>see /login?pass%77ord=[*****] or (ftp://[*****]@files) and ?page=2</note>",
                f.format("<note>see /login?pass%77ord=p2 or (ftp://ann:p3@files) and ?page=2</note>"));
        StringBuilder cut = new StringBuilder();
        byte[] start = "<a>go to https://bob:hunt".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        f.formatPrefix(start, 0, start.length, 100, cut);
        assertFalse(cut.toString().contains("hunt"), cut.toString());
    }
}
