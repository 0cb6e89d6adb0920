package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's option table is the table of {@link Options}, row by row: generated here, checked on every build.
 * {@code -Dxf.write-readme=true} rewrites it.
 */
class OptionsReadmeTest {
    private static final String BEGIN = "<!-- options:begin";
    private static final String END = "<!-- options:end -->";

    @Test
    void theReadmesOptionTableIsTheTable() throws IOException {
        Path readme = Path.of("..", "README.md");
        String generated = table();
        if (Boolean.getBoolean("xf.write-readme")) {
            String text = read(readme);
            Files.write(readme, (text.substring(0, begin(text)) + generated + text.substring(text.indexOf(END)))
                    .getBytes(StandardCharsets.UTF_8));
        }
        String text = read(readme);
        int begin = begin(text);
        int end = text.indexOf(END);
        assertTrue(begin > 0 && end >= begin, "the README has the markers");
        assertEquals(generated, text.substring(begin, end), "rewrite it with -Dxf.write-readme=true");
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
