package io.xmlformatter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The XML declaration checker alone: what stands between {@code <?xml} and {@code ?>}, valid or not. */
class XmlDeclarationTest {
    private final XmlDeclaration checker = new XmlDeclaration();

    private boolean valid(String inside) {
        String text = "<?xml" + inside + "?>";
        Input in = Input.of(text.toCharArray(), 0, text.length());
        return checker.isValid(in, 5, text.length() - 2);
    }

    @Test
    void theDeclarationsTheSpecAllows() {
        for (String ok : new String[] {" version=\"1.0\"", " version='1.1'", " version = \"1.0\" ",
            " version=\"1.10\"", " version=\"1.0\" encoding=\"UTF-8\"", " version=\"1.0\" encoding='ISO-8859-1'",
            " version=\"1.0\" encoding=\"x_y.z-1\" standalone=\"yes\"", " version=\"1.0\" standalone='no'",
            "\tversion=\"1.0\"\n\rencoding=\"utf-8\"\t"}) {
            assertEquals(true, valid(ok), ok);
        }
    }

    @Test
    void whatItRefuses() {
        for (String bad : new String[] {"", " ", " encoding=\"UTF-8\"", "version=\"1.0\"", " version=\"2.0\"",
            " version=\"1.\"", " version=\"1.x\"", " version=\"1.0", " version=1.0", " version\"1.0\"",
            " version=\"1.0\"encoding=\"UTF-8\"", " version=\"1.0\" encoding=\"\"",
            " version=\"1.0\" encoding=\"8bit\"",
            " version=\"1.0\" encoding=\"a b\"", " version=\"1.0\" standalone=\"maybe\"",
            " version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"", " version=\"1.0\" other=\"x\"",
            " version=\"1.0\" version=\"1.0\"", " VERSION=\"1.0\"", " version=\"1.0' "}) {
            assertEquals(false, valid(bad), bad);
        }
    }

    @Test
    void oneCheckerServesOneDeclarationAfterAnother() {
        assertEquals(false, valid(" version=\"2.0\""));
        assertEquals(true, valid(" version=\"1.0\""));
        assertEquals(false, valid(" version=\"1.0\" standalone=\"maybe\""));
        assertEquals(true, valid(" version=\"1.0\" standalone=\"yes\""));
    }
}
