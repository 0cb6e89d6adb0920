package io.xmlformatter;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * CONTRIBUTING.md stays true to the repository: its layout table names every module folder, the release publishes
 * exactly what the BOM manages, its benchmark list names every benchmark, and the results page keeps to its rule.
 */
class ContributingTest {
    private static final Path ROOT = Path.of("..");

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }

    private static List<String> all(Pattern p, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private static List<String> modules() throws IOException {
        return all(Pattern.compile("<module>([^<]+)</module>"), read(ROOT.resolve("pom.xml")));
    }

    private static String section(String text, String heading) {
        int start = text.indexOf("\n## " + heading + "\n");
        int end = text.indexOf("\n## ", start + 1);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    @Test
    void theLayoutTableNamesEveryModuleFolder() throws IOException {
        String layout = section(read(ROOT.resolve("CONTRIBUTING.md")), "Layout");
        TreeSet<String> missing = new TreeSet<>();
        for (String module : modules()) {
            String[] parts = module.split("/");
            if (!layout.contains("`" + parts[0] + "`") || !layout.contains(parts[parts.length - 1])) {
                missing.add(module);
            }
        }
        assertEquals(new TreeSet<String>(), missing, "add them to CONTRIBUTING.md's layout table");
    }

    @Test
    void everyPublishedModuleIsInTheBomAndNothingElse() throws IOException {
        TreeSet<String> published = new TreeSet<>();
        for (String module : modules()) {
            String pom = read(ROOT.resolve(module).resolve("pom.xml"));
            boolean skipped = pom.contains("<maven.deploy.skip>true</maven.deploy.skip>")
                    || module.startsWith("examples") || module.startsWith("benchmarks")
                    || module.equals("xml-formatter-bom");
            if (!skipped) {
                published.add(all(Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>"), pom).get(0));
            }
        }
        String bom = read(ROOT.resolve("xml-formatter-bom").resolve("pom.xml"));
        String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
        assertEquals(published, new TreeSet<>(all(Pattern.compile("<artifactId>([^<]+)</artifactId>"), managed)),
                "the BOM manages exactly the published modules (the release deploys them)");
    }

    @Test
    void theBenchmarkListNamesEveryBenchmark() throws IOException {
        String benchmarks = section(read(ROOT.resolve("CONTRIBUTING.md")), "Benchmarks");
        TreeSet<String> missing = new TreeSet<>();
        for (String folder : new String[] {"benchmarks/src/main/java", "benchmarks/instruments/src/main/java"}) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(folder))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    String code = read(f);
                    String name = f.getFileName().toString().replace(".java", "");
                    boolean runnable = code.contains("@Benchmark") || code.contains("public static void main(");
                    if (runnable && !benchmarks.contains("`" + name + "`")) {
                        missing.add(name);
                    }
                }
            }
        }
        assertEquals(new TreeSet<String>(), missing, "add them to CONTRIBUTING.md's benchmark list");
    }

    @Test
    void theResultsPageKeepsToItsHeadlineTables() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("benchmarks").resolve("RESULTS.md"), StandardCharsets.UTF_8)
                .size();
        assertEquals(true, lines <= 150, "benchmarks/RESULTS.md has " + lines
                + " lines: headline tables only, under 150 (notes and rounds go to benchmarks/journal)");
    }
}
