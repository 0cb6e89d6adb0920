package io.xmlformatter.benchmarks;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import com.fasterxml.aalto.stax.OutputFactoryImpl;
import io.xmlformatter.FormatBuffer;
import io.xmlformatter.FormatResult;
import io.xmlformatter.WsSecurity;
import io.xmlformatter.XmlFormatter;
import org.apache.cxf.ext.logging.MaskSensitiveHelper;
import org.apache.cxf.ext.logging.event.LogEvent;
import org.apache.cxf.ext.logging.event.PrettyLoggingFilter;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.zalando.logbook.BodyFilter;
import org.zalando.logbook.core.BodyFilters;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Single-thread cost of pretty-printing and of masking + capping + pretty-printing one SOAP message, for this
 * engine and for what users have today. Throughput is in operations per second; multiply by the input size for
 * MB/s ({@code benchmarks/report.py} does). Run with {@code -prof gc} for allocation per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
public class FormatBenchmark {
    /** Input size in KB. */
    @Param({"1", "2", "6", "21", "50"})
    public int kb;

    /** Whether the input is compact or already indented. */
    @Param({"compact", "indented"})
    public String shape;

    private String xml;
    private char[] chars;
    private byte[] bytes;
    private final FormatBuffer out = new FormatBuffer(1 << 18);

    private final XmlFormatter indent = XmlFormatter.builder().indent(2).build();
    private final XmlFormatter presetCapIndent = XmlFormatter.builder().wsSecurity().maxTextLength(1024)
            .maxCdataLength(1024).indent(2).build();
    private final XmlFormatter pathRulesIndent = XmlFormatter.builder().anonymize("//Username", "//Password")
            .indent(2).build();
    private final XmlFormatter presetEmbeddedIndent = XmlFormatter.builder().wsSecurity().embeddedXml(true)
            .indent(2).build();
    private final XmlFormatter presetCapKeep = XmlFormatter.builder().wsSecurity().maxTextLength(1024)
            .maxCdataLength(1024).keepWhitespace().build();

    private PrettyLoggingFilter cxfPretty;
    private final LogEvent cxfEvent = new LogEvent();
    private final String[] cxfResult = new String[1];
    private MaskSensitiveHelper cxfMask;
    private Message cxfMessage;

    private XMLInputFactory aaltoIn;
    private XMLOutputFactory aaltoOut;
    private Transformer transformer;
    private BodyFilter logbook;

    @Setup
    public void setUp() throws Exception {
        xml = shape.equals("compact") ? SoapPayloads.compact(kb * 1024) : SoapPayloads.indented(kb * 1024);
        chars = xml.toCharArray();
        bytes = xml.getBytes(StandardCharsets.UTF_8);

        cxfPretty = new PrettyLoggingFilter(event -> cxfResult[0] = event.getPayload());
        cxfPretty.setPrettyLogging(true);
        cxfEvent.setContentType("text/xml; charset=UTF-8");
        cxfMask = new MaskSensitiveHelper();
        Set<String> names = new HashSet<>();
        for (String p : WsSecurity.PATHS) {
            names.add(p.substring(p.lastIndexOf('/') + 1));
        }
        cxfMask.setSensitiveElementNames(names);
        cxfMessage = new MessageImpl();
        cxfMessage.put(Message.CONTENT_TYPE, "text/xml; charset=UTF-8");

        aaltoIn = new InputFactoryImpl();
        aaltoOut = new OutputFactoryImpl();
        transformer = TransformerFactory.newInstance().newTransformer();
        transformer.setOutputProperty(OutputKeys.INDENT, "yes");
        transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
        logbook = BodyFilters.compactXml();
    }

    /** Input size in bytes, for MB/s. */
    public int inputBytes() {
        return bytes.length;
    }

    @Benchmark
    public int xfIndentChars() {
        out.clear();
        return indent.format(chars, 0, chars.length, out).outputLength();
    }

    @Benchmark
    public String xfIndentCharsToString() {
        return indent.format(xml);
    }

    @Benchmark
    public int xfIndentBytes() {
        out.clear();
        return indent.format(bytes, 0, bytes.length, out).outputLength();
    }

    @Benchmark
    public int xfPresetCapIndentChars() {
        out.clear();
        FormatResult r = presetCapIndent.format(chars, 0, chars.length, out);
        return r.outputLength();
    }

    @Benchmark
    public int xfPresetCapIndentBytes() {
        out.clear();
        return presetCapIndent.format(bytes, 0, bytes.length, out).outputLength();
    }

    @Benchmark
    public int xfPathRulesIndentChars() {
        out.clear();
        return pathRulesIndent.format(chars, 0, chars.length, out).outputLength();
    }

    @Benchmark
    public int xfPresetEmbeddedIndentChars() {
        out.clear();
        return presetEmbeddedIndent.format(chars, 0, chars.length, out).outputLength();
    }

    @Benchmark
    public int xfPresetCapNoIndentChars() {
        out.clear();
        return presetCapKeep.format(chars, 0, chars.length, out).outputLength();
    }

    @Benchmark
    public String cxfPretty() {
        cxfEvent.setPayload(xml);
        cxfPretty.send(cxfEvent);
        return cxfResult[0];
    }

    @Benchmark
    public String cxfMaskThenPretty() {
        cxfEvent.setPayload(cxfMask.maskSensitiveElements(cxfMessage, xml));
        cxfPretty.send(cxfEvent);
        return cxfResult[0];
    }

    @Benchmark
    public String aaltoStaxIndent() throws XMLStreamException {
        StringWriter w = new StringWriter(xml.length() + (xml.length() >> 1));
        XMLStreamReader r = aaltoIn.createXMLStreamReader(new StringReader(xml));
        XMLStreamWriter wr = aaltoOut.createXMLStreamWriter(w);
        StaxIndentCopy.copy(r, wr);
        return w.toString();
    }

    @Benchmark
    public String transformerIndent() throws Exception {
        StringWriter w = new StringWriter(xml.length() + (xml.length() >> 1));
        transformer.transform(new StreamSource(new StringReader(xml)), new StreamResult(w));
        return w.toString();
    }

    @Benchmark
    public String logbookCompactXml() {
        return logbook.filter("application/xml", xml);
    }

    /** A StAX copy that drops whitespace-only text and indents by depth: the best a StAX pipeline does. */
    static final class StaxIndentCopy {
        private StaxIndentCopy() {
        }

        static void copy(XMLStreamReader r, XMLStreamWriter w) throws XMLStreamException {
            int depth = 0;
            boolean lastWasStart = false;
            StringBuilder text = new StringBuilder();
            while (r.hasNext()) {
                int e = r.next();
                switch (e) {
                    case XMLStreamConstants.START_ELEMENT:
                        text.setLength(0);
                        newline(w, depth);
                        w.writeStartElement(r.getPrefix(), r.getLocalName(), r.getNamespaceURI());
                        for (int i = 0; i < r.getNamespaceCount(); i++) {
                            w.writeNamespace(r.getNamespacePrefix(i), r.getNamespaceURI(i));
                        }
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            w.writeAttribute(r.getAttributePrefix(i), r.getAttributeNamespace(i),
                                    r.getAttributeLocalName(i), r.getAttributeValue(i));
                        }
                        depth++;
                        lastWasStart = true;
                        break;
                    case XMLStreamConstants.END_ELEMENT:
                        depth--;
                        if (!lastWasStart) {
                            newline(w, depth);
                        } else if (text.length() > 0) {
                            w.writeCharacters(text.toString());
                        }
                        text.setLength(0);
                        w.writeEndElement();
                        lastWasStart = false;
                        break;
                    case XMLStreamConstants.CHARACTERS:
                    case XMLStreamConstants.CDATA:
                        if (!r.isWhiteSpace()) {
                            text.append(r.getText());
                        }
                        break;
                    default:
                        break;
                }
            }
            w.flush();
        }

        private static void newline(XMLStreamWriter w, int depth) throws XMLStreamException {
            w.writeCharacters("\n");
            for (int i = 0; i < depth; i++) {
                w.writeCharacters("  ");
            }
        }
    }
}
