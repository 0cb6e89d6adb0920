package io.xmlformatter.testsupport;

import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A WS-Security header with a UsernameToken: as a DOM element a SOAP client sends as a header, or as text. */
public final class WsSecurityHeader {
    /** WS-Security's namespace. */
    public static final String WSSE =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private WsSecurityHeader() {
    }

    /** {@code <wsse:Security>} holding a UsernameToken of {@code username} and {@code password}, as text. */
    public static String text(String username, String password) {
        return "<wsse:Security xmlns:wsse='" + WSSE + "'><wsse:UsernameToken><wsse:Username>" + username
                + "</wsse:Username><wsse:Password>" + password + "</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security>";
    }

    /**
     * A SOAP 1.1 request with that header and a {@code <b:GetAccount xmlns:b="urn:bank">} body (operation
     * {@code GetAccount}, SOAPAction {@code urn:bank:GetAccount}), as an HTTP client sends it.
     */
    public static String getAccountRequest(String username, String password) {
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Header>"
                + text(username, password) + "</soapenv:Header><soapenv:Body><b:GetAccount xmlns:b=\"urn:bank\">"
                + "<b:id>42</b:id></b:GetAccount></soapenv:Body></soapenv:Envelope>";
    }

    /** {@code <wsse:Security>} holding a UsernameToken of {@code username} and {@code password}. */
    public static Element usernameToken(String username, String password) {
        String xml = text(username, password);
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
