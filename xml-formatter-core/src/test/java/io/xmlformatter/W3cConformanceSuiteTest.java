package io.xmlformatter;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The W3C XML conformance suite (XML 1.0 documents), read from {@code ../shared/data/xmlts20130923} next to the
 * project (or {@code -Dxmlts.dir=...}); skipped with a message where it is absent, except in CI ({@code CI=true}),
 * where a missing suite fails the run.
 *
 * <p>Every well-formed document, formatted through the byte path with its declared encoding, must give
 * well-formed output whose parser events equal the input's, apart from whitespace-only text. Every
 * not-well-formed document must be formatted without an exception; how many are flagged is reported.
 */
class W3cConformanceSuiteTest {
    private static final XmlFormatter INDENT = XmlFormatter.builder().build();
    private static final XmlFormatter COMPACT = XmlFormatter.builder().compact().build();

    private static Path suite;
    private static List<Case> cases;

    private static final class Case {
        final String id;
        final String type;
        final Path file;

        Case(String id, String type, Path file) {
            this.id = id;
            this.type = type;
            this.file = file;
        }
    }

    @BeforeAll
    static void loadCatalog() throws Exception {
        String configured = System.getProperty("xmlts.dir");
        for (String candidate : new String[] {configured, "../../shared/data/xmlts20130923",
            "../shared/data/xmlts20130923"}) {
            if (candidate != null && Files.isRegularFile(Paths.get(candidate, "xmlconf.xml"))) {
                suite = Paths.get(candidate).toAbsolutePath().normalize();
                break;
            }
        }
        if (suite == null && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("W3C XML conformance suite not found (../shared/data/xmlts20130923 or "
                    + "-Dxmlts.dir): in CI (CI=true) the conformance tests must run");
        }
        Assumptions.assumeTrue(suite != null,
                "W3C XML conformance suite not found (../shared/data/xmlts20130923); conformance tests skipped");
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setExpandEntityReferences(true);
        // The catalog pulls in its parts as entities; newer JDKs cap their total size below the catalog's.
        dbf.setAttribute("http://www.oracle.com/xml/jaxp/properties/totalEntitySizeLimit", "0");
        dbf.setAttribute("http://www.oracle.com/xml/jaxp/properties/maxGeneralEntitySizeLimit", "0");
        org.w3c.dom.Document catalog = dbf.newDocumentBuilder().parse(suite.resolve("xmlconf.xml").toFile());
        NodeList tests = catalog.getElementsByTagName("TEST");
        cases = new ArrayList<>();
        for (int i = 0; i < tests.getLength(); i++) {
            Element t = (Element) tests.item(i);
            String rec = t.getAttribute("RECOMMENDATION");
            String edition = t.getAttribute("EDITION");
            if (rec.contains("1.1") || "1.1".equals(t.getAttribute("VERSION"))
                    || !edition.isEmpty() && !edition.contains("5")) {
                continue;
            }
            URI base = suite.toUri();
            List<String> bases = new ArrayList<>();
            for (Node n = t.getParentNode(); n instanceof Element; n = n.getParentNode()) {
                String b = ((Element) n).getAttribute("xml:base");
                if (!b.isEmpty()) {
                    bases.add(0, b);
                }
            }
            for (String b : bases) {
                base = base.resolve(b);
            }
            Path file = Paths.get(base.resolve(t.getAttribute("URI")));
            if (Files.isRegularFile(file)) {
                cases.add(new Case(t.getAttribute("ID"), t.getAttribute("TYPE"), file));
            }
        }
        assertTrue(cases.size() > 1000, "catalog read: " + cases.size() + " cases");
    }

    @Test
    void wellFormedDocumentsKeepTheirInfoset() throws Exception {
        int total = 0;
        int parserRefused = 0;
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            if (!c.type.equals("valid") && !c.type.equals("invalid")) {
                continue;
            }
            byte[] input = Files.readAllBytes(c.file);
            List<String> expected;
            try {
                expected = events(new XMLInputFactoryHolder().reader(input, c.file));
            } catch (Exception e) {
                parserRefused++; // the JDK parser cannot read it either (external entities, encodings)
                if (Boolean.getBoolean("xmlts.verbose")) {
                    System.out.println("  refused " + c.id + ": " + e.getMessage().split("\n")[0]);
                }
                continue;
            }
            total++;
            for (XmlFormatter f : new XmlFormatter[] {INDENT, COMPACT}) {
                StringBuilder out = new StringBuilder();
                FormatResult r = f.format(input, 0, input.length, out);
                try {
                    List<String> actual = events(new XMLInputFactoryHolder().reader(out.toString(), c.file));
                    if (!r.wellFormed() || !expected.equals(actual)) {
                        failures.add(c.id + " " + (r.wellFormed() ? "events differ" : r.problem()));
                    }
                } catch (Exception e) {
                    failures.add(c.id + " output not well-formed: " + e.getMessage().split("\n")[0]);
                }
            }
        }
        System.out.printf("W3C suite, well-formed documents: %d checked (x2 layouts), %d failed, %d skipped "
                + "(the JDK parser refuses them too)%n", total, failures.size(), parserRefused);
        failures.forEach(f -> System.out.println("  " + f));
        assertEquals(List.of(), failures);
    }

    @Test
    void notWellFormedDocumentsNeverThrowAndAreFlaggedWhereScannable() throws Exception {
        int total = 0;
        int flagged = 0;
        for (Case c : cases) {
            if (!c.type.equals("not-wf")) {
                continue;
            }
            total++;
            byte[] input = Files.readAllBytes(c.file);
            StringBuilder out = new StringBuilder();
            FormatResult r = INDENT.format(input, 0, input.length, out); // must not throw
            if (!r.wellFormed()) {
                flagged++;
                assertTrue(out.toString().contains("[NOT WELL-FORMED XML: "), c.id);
            } else if (Boolean.getBoolean("xmlts.verbose")) {
                System.out.println("  not flagged " + c.id + " " + c.file);
            }
        }
        System.out.printf("W3C suite, not-well-formed documents: %d formatted without exception, %d flagged "
                + "(%.0f%%); the rest break rules a streaming formatter does not check (DTD grammar, name "
                + "characters)%n", total, flagged, 100.0 * flagged / total);
        assertTrue(total > 1000, "not-wf documents found: " + total);
        // The share flagged today; a drop means a check was lost.
        assertTrue(flagged * 100 >= total * 48, "flagged " + flagged + "/" + total);
    }

    /**
     * The JDK parser as a second oracle: every not-well-formed document it rejects is flagged by the engine, except
     * the differences listed with their reasons in {@code w3c-not-flagged.txt} (rules a streaming formatter does
     * not check: the DTD's grammar, entity declarations, ...). A new difference fails; so does a listed one that
     * is flagged now (the list is to shrink with it).
     */
    @Test
    void whatTheJdkParserRejectsIsFlaggedSaveTheListedDifferences() throws Exception {
        Map<String, String> listed = new TreeMap<>();
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(
                W3cConformanceSuiteTest.class.getResourceAsStream("w3c-not-flagged.txt"),
                java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.trim().isEmpty() && !line.startsWith("#")) {
                    int tab = line.indexOf('\t');
                    listed.put(tab < 0 ? line.trim() : line.substring(0, tab), tab < 0 ? "" : line.substring(tab + 1));
                }
            }
        }
        Map<String, String> unlisted = new TreeMap<>();
        List<String> nowFlagged = new ArrayList<>();
        int rejected = 0;
        for (Case c : cases) {
            if (!c.type.equals("not-wf")) {
                continue;
            }
            byte[] input = Files.readAllBytes(c.file);
            String why;
            try {
                events(new XMLInputFactoryHolder().reader(input, c.file));
                continue; // the JDK accepts it too (it does not check everything either)
            } catch (Exception e) {
                why = String.valueOf(e.getMessage()).replaceAll("\\s+", " ").replaceAll("^ParseError at \\[[^]]*\\]"
                        + " ?(Message: )?", "");
            }
            rejected++;
            boolean flagged = !INDENT.format(input, 0, input.length, new StringBuilder()).wellFormed();
            if (!flagged && !listed.containsKey(c.id)) {
                unlisted.put(c.id, why);
            } else if (flagged && listed.containsKey(c.id)) {
                nowFlagged.add(c.id);
            }
        }
        System.out.printf("W3C suite: %d not-well-formed documents the JDK parser rejects; %d of them not flagged "
                + "here, each listed with its reason in w3c-not-flagged.txt%n", rejected, listed.size());
        unlisted.forEach((id, why) -> System.out.println("  not flagged, not listed: " + id + "\t" + why));
        assertEquals(Map.of(), unlisted, "documents the JDK rejects that are not flagged and not listed");
        assertEquals(List.of(), nowFlagged, "listed documents that are flagged now: remove them from the list");
    }

    /**
     * The repository's own XML files (build files, configurations, test resources): where the JDK parser reads
     * one, the engine reports it well-formed and keeps its events; where the JDK rejects one, it is flagged.
     */
    @Test
    void theRepositorysOwnXmlAgreesWithTheJdkParser() throws Exception {
        Path root = Paths.get("..").toAbsolutePath().normalize();
        List<Path> files;
        try (java.util.stream.Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(f -> f.toString().endsWith(".xml") && !f.toString().contains("/target/")
                    && !f.toString().contains("/.") && !f.toString().contains("/node_modules/"))
                    .collect(java.util.stream.Collectors.toList());
        }
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            byte[] input = Files.readAllBytes(f);
            List<String> expected;
            try {
                expected = events(new XMLInputFactoryHolder().reader(input, f));
            } catch (Exception e) {
                if (INDENT.format(input, 0, input.length, new StringBuilder()).wellFormed()) {
                    failures.add(root.relativize(f) + ": the JDK rejects it, not flagged");
                }
                continue;
            }
            StringBuilder out = new StringBuilder();
            FormatResult r = INDENT.format(input, 0, input.length, out);
            if (!r.wellFormed()) {
                failures.add(root.relativize(f) + ": flagged " + r.problem());
            } else if (!expected.equals(events(new XMLInputFactoryHolder().reader(out.toString(), f)))) {
                failures.add(root.relativize(f) + ": events differ");
            }
        }
        System.out.printf("Repository XML: %d files checked against the JDK parser%n", files.size());
        assertTrue(files.size() > 20, "files found: " + files.size());
        assertEquals(List.of(), failures);
    }

    /** A namespace-aware StAX reader that reads DTDs (the documents need them). */
    private static final class XMLInputFactoryHolder {
        private final XMLInputFactory factory = XMLInputFactory.newFactory();

        XMLInputFactoryHolder() {
            factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
            factory.setProperty(XMLInputFactory.IS_COALESCING, true);
            factory.setProperty(XMLInputFactory.SUPPORT_DTD, true);
            factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, true);
        }

        XMLStreamReader reader(byte[] input, Path file) throws Exception {
            return factory.createXMLStreamReader(file.toUri().toString(), new ByteArrayInputStream(input));
        }

        XMLStreamReader reader(String input, Path file) throws Exception {
            return factory.createXMLStreamReader(file.toUri().toString(), new StringReader(input));
        }
    }

    /** The parser's events, adjacent text merged and whitespace-only text dropped. */
    private static List<String> events(XMLStreamReader r) throws Exception {
        List<String> events = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.CHARACTERS || e == XMLStreamConstants.CDATA || e == XMLStreamConstants.SPACE) {
                text.append(r.getText());
                continue;
            }
            if (text.length() > 0 && !text.toString().trim().isEmpty()) {
                events.add("text:" + text);
            }
            text.setLength(0);
            switch (e) {
                case XMLStreamConstants.START_ELEMENT:
                    TreeMap<String, String> attrs = new TreeMap<>();
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        attrs.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
                    }
                    events.add("start:" + r.getLocalName() + attrs);
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    events.add("end:" + r.getLocalName());
                    break;
                case XMLStreamConstants.COMMENT:
                    events.add("comment:" + r.getText());
                    break;
                case XMLStreamConstants.PROCESSING_INSTRUCTION:
                    events.add("pi:" + r.getPITarget() + " " + r.getPIData());
                    break;
                default:
                    break;
            }
        }
        r.close();
        return events;
    }
}
