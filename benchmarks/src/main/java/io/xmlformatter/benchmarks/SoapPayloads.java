package io.xmlformatter.benchmarks;

import io.xmlformatter.XmlFormatter;

/**
 * SOAP request envelopes of a given size with a WS-Security header (UsernameToken, BinarySecurityToken) and a
 * SAML 2.0 assertion, compact or already indented by 4 spaces.
 */
public final class SoapPayloads {
    private SoapPayloads() {
    }

    private static final String HEADER = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Header><wsse:Security xmlns:wsse=\"http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-secext-1.0.xsd\" soap:mustUnderstand=\"1\">"
            + "<wsse:UsernameToken><wsse:Username>alice</wsse:Username>"
            + "<wsse:Password Type=\"#PasswordText\">s3cr3t-P@ssw0rd</wsse:Password>"
            + "<wsse:Nonce>bm9uY2UtMTIzNDU2Nzg5MA==</wsse:Nonce></wsse:UsernameToken>"
            + "<wsse:BinarySecurityToken ValueType=\"#X509v3\">MIIBtjCCAVugAwIBAgITBmyf1XSXNmY</wsse:BinarySecurityToken>"
            + "<saml2:Assertion xmlns:saml2=\"urn:oasis:names:tc:SAML:2.0:assertion\" ID=\"_a75adf55\" Version=\"2.0\">"
            + "<saml2:Issuer>https://idp.example.org</saml2:Issuer>"
            + "<saml2:Subject><saml2:NameID>alice@example.org</saml2:NameID></saml2:Subject>"
            + "<saml2:AttributeStatement><saml2:Attribute Name=\"role\">"
            + "<saml2:AttributeValue>treasurer</saml2:AttributeValue></saml2:Attribute></saml2:AttributeStatement>"
            + "<ds:Signature xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\"><ds:SignatureValue>"
            + "QkNEZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODk=</ds:SignatureValue></ds:Signature>"
            + "</saml2:Assertion></wsse:Security></soap:Header>"
            + "<soap:Body><ns:submitOrders xmlns:ns=\"urn:example:orders\">";
    private static final String FOOTER = "</ns:submitOrders></soap:Body></soap:Envelope>";

    /** A compact envelope of at least {@code bytes} bytes (ASCII, so chars = bytes). */
    public static String compact(int bytes) {
        StringBuilder sb = new StringBuilder(bytes + 512).append(HEADER);
        for (int i = 0; sb.length() + FOOTER.length() < bytes; i++) {
            sb.append("<ns:order id=\"").append(i).append("\"><ns:customer>Customer number ").append(i)
                    .append("</ns:customer><ns:item sku=\"SKU-").append(1000 + i)
                    .append("\">Widget &amp; gadget</ns:item><ns:amount currency=\"EUR\">").append(10 + i % 90)
                    .append(".50</ns:amount></ns:order>");
        }
        return sb.append(FOOTER).toString();
    }

    /** Prints "kb shape bytes" for every benchmark payload: the report turns operations/s into MB/s with it. */
    public static void main(String[] args) {
        for (int kb : new int[] {1, 2, 6, 21, 50}) {
            System.out.println(kb + " compact " + compact(kb * 1024).length());
            System.out.println(kb + " indented " + indented(kb * 1024).length());
        }
    }

    /** The same envelope indented by 4 spaces, as a previous pretty-printer might have left it. */
    public static String indented(int bytes) {
        return XmlFormatter.builder().indent(4).build().format(compact(bytes));
    }
}
