package io.xmlformatter;

import java.util.Arrays;
import java.util.Properties;

/** Builds formatters from the option names the golden files use. */
final class TestFormatters {
    private TestFormatters() {
    }

    static XmlFormatter fromProperties(Properties p) {
        XmlFormatter.Builder b = XmlFormatter.builder();
        String layout = p.getProperty("layout", "indent");
        switch (layout) {
            case "indent":
                b.indent(Integer.parseInt(p.getProperty("indent", "2")));
                break;
            case "tab":
                b.indentWithTab();
                break;
            case "compact":
                b.compact();
                break;
            case "keep":
                b.keepWhitespace();
                break;
            default:
                throw new IllegalArgumentException("layout " + layout);
        }
        if (p.containsKey("lineSeparator")) {
            b.lineSeparator(p.getProperty("lineSeparator").replace("\\r", "\r").replace("\\n", "\n"));
        }
        list(p, "anonymize").forEach(b::anonymize);
        list(p, "prune").forEach(b::prune);
        if (Boolean.parseBoolean(p.getProperty("wsSecurity"))) {
            b.wsSecurity();
        }
        if (p.containsKey("mask")) {
            b.mask(p.getProperty("mask"));
        }
        b.maxTextLength(Integer.parseInt(p.getProperty("maxTextLength", "-1")));
        b.maxCdataLength(Integer.parseInt(p.getProperty("maxCdataLength", "-1")));
        b.maxDocumentLength(Long.parseLong(p.getProperty("maxDocumentLength", "-1")));
        b.embeddedXml(Boolean.parseBoolean(p.getProperty("embeddedXml")));
        b.removeComments(Boolean.parseBoolean(p.getProperty("removeComments")));
        b.removeDoctype(Boolean.parseBoolean(p.getProperty("removeDoctype")));
        b.removeXmlDeclaration(Boolean.parseBoolean(p.getProperty("removeXmlDeclaration")));
        b.removeProcessingInstructions(Boolean.parseBoolean(p.getProperty("removeProcessingInstructions")));
        return b.build();
    }

    private static java.util.List<String> list(Properties p, String key) {
        String v = p.getProperty(key, "").trim();
        return v.isEmpty() ? java.util.Collections.emptyList() : Arrays.asList(v.split("\\s*,\\s*"));
    }
}
