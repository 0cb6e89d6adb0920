package io.xmlformatter.message;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CONTRIBUTING.md's map of this package places every file of it, once, and nothing else. */
class MessageMapTest {
    @Test
    void theMapPlacesEveryFileOfThePackageOnce() throws IOException {
        String contributing = new String(Files.readAllBytes(Path.of("..", "CONTRIBUTING.md")), StandardCharsets.UTF_8);
        int start = contributing.indexOf("## The message package's map");
        String map = contributing.substring(start, contributing.indexOf("\n## ", start + 1));
        TreeSet<String> placed = new TreeSet<>();
        TreeSet<String> twice = new TreeSet<>();
        for (String row : map.split("\n")) {
            if (!row.startsWith("| ") || row.startsWith("| concern")) {
                continue;
            }
            Matcher m = Pattern.compile("`([A-Z][A-Za-z]+)`").matcher(row.substring(row.lastIndexOf(" | ")));
            while (m.find()) {
                if (!placed.add(m.group(1))) {
                    twice.add(m.group(1));
                }
            }
        }
        TreeSet<String> files;
        try (Stream<Path> s = Files.list(Path.of("src", "main", "java", "io", "xmlformatter", "message"))) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                    .map(n -> n.substring(0, n.length() - 5)).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(files, placed, "CONTRIBUTING.md's map of io.xmlformatter.message");
        assertEquals(new TreeSet<String>(), twice, "each file under one concern");
    }
}
