package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The option table of {@code docs/options.md} is the table of {@link Options}, row by row: generated here, checked
 * on every build. {@code -Dxf.write-docs=true} rewrites it.
 */
class OptionsDocTest {
    private static final String BEGIN = "<!-- options:begin";
    private static final String END = "<!-- options:end -->";

    @Test
    void theDocsOptionTableIsTheTable() throws IOException {
        Path page = Path.of("..", "docs", "options.md");
        String generated = table();
        if (Boolean.getBoolean("xf.write-docs")) {
            String text = read(page);
            Files.write(page, (text.substring(0, begin(text)) + generated + text.substring(text.indexOf(END)))
                    .getBytes(StandardCharsets.UTF_8));
        }
        String text = read(page);
        int begin = begin(text);
        int end = text.indexOf(END);
        assertTrue(begin > 0 && end >= begin, "docs/options.md has the markers");
        assertEquals(generated, text.substring(begin, end), "rewrite it with -Dxf.write-docs=true");
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static int begin(String text) {
        return text.indexOf('\n', text.indexOf(BEGIN)) + 1;
    }

    private static String table() {
        StringBuilder s = new StringBuilder("| property (`xmlformatter.`…) | builder | CXF | default | what |\n"
                + "|---|---|---|---|---|\n");
        for (Option<?> o : Options.all()) {
            row(o, s);
        }
        return s.toString();
    }

    private static <T> void row(Option<T> o, StringBuilder s) {
        T d = o.defaultValue();
        String text = d == null ? null : o.text(d);
        s.append("| `").append(o.property()).append("` | `").append(o.name()).append("` | ")
                .append(o.cxfName() == null ? "" : "`" + o.cxfName() + "`").append(" | ")
                .append(text == null || text.isEmpty() ? "—" : "`" + text + "`").append(" | ")
                .append(o.description().replace("|", "\\|")).append(" |\n");
    }
}
