package io.xmlformatter;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.Reader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Golden files: each folder under {@code golden/} holds {@code input.xml}, {@code options.properties} and
 * {@code expected.xml}. The char path, the byte path and formatting the expected output again must all give
 * the expected output (the last only for cases not marked {@code idempotent=false}).
 */
class GoldenFilesTest {

    @TestFactory
    Stream<DynamicTest> goldenFiles() throws IOException, URISyntaxException {
        Path root = Paths.get(GoldenFilesTest.class.getResource("/golden").toURI());
        List<Path> cases = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(Files::isDirectory).sorted().forEach(cases::add);
        }
        assertFalse(cases.isEmpty(), "no golden cases found");
        return cases.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    private static void check(Path dir) throws IOException {
        Properties options = new Properties();
        try (Reader r = Files.newBufferedReader(dir.resolve("options.properties"), StandardCharsets.UTF_8)) {
            options.load(r);
        }
        byte[] input = Files.readAllBytes(dir.resolve("input.xml"));
        String expected = new String(Files.readAllBytes(dir.resolve("expected.xml")), StandardCharsets.UTF_8);
        XmlFormatter f = TestFormatters.fromProperties(options);

        String viaChars = f.format(new String(input, StandardCharsets.UTF_8));
        assertEquals(expected, viaChars, "char path");

        StringBuilder viaBytes = new StringBuilder();
        f.format(input, 0, input.length, viaBytes);
        // The document-truncated marker states the original size in the input's unit.
        assertEquals(expected, viaBytes.toString().replace(" bytes, open elements:", " chars, open elements:"),
                "byte path");

        if (!"false".equals(options.getProperty("idempotent"))) {
            assertEquals(expected, f.format(expected), "formatting the output again");
        }
    }
}
