package io.xmlformatter.testsupport;

import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A WS-Security header with a UsernameToken, as a DOM element a SOAP client sends as a header. */
public final class WsSecurityHeader {
    /** WS-Security's namespace. */
    public static final String WSSE =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private WsSecurityHeader() {
    }

    /** {@code <wsse:Security>} holding a UsernameToken of {@code username} and {@code password}. */
    public static Element usernameToken(String username, String password) {
        String xml = "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken><wsse:Username>" + username
                + "</wsse:Username><wsse:Password>" + password + "</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security>";
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                    .getDocumentElement();
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
