package io.xmlformatter.benchmarks;

import io.xmlformatter.XmlFormatter;

/**
 * SOAP request envelopes of a given size that look like real traffic: a WS-Security header (UsernameToken,
 * BinarySecurityToken) and a SAML 2.0 assertion, then orders holding ordinary text with escaped angle brackets,
 * predefined entities and character references, CDATA with inner XML, base64 attachments, escaped XML documents
 * in text, and elements of several namespaces ({@code xsi:type}); compact or already indented by 4 spaces.
 */
public final class SoapPayloads {
    private SoapPayloads() {
    }

    private static final String HEADER = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
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
    private static final String BASE64 = "JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoKPDwvTGVuZ3RoIDMgMCBSL0ZpbHRlci9GbGF0ZURlY29kZT4+"
            + "CnN0cmVhbQp4nDPQM1Qo5ypUMFAw0DMwslAwtTTVMzI3UbAwMdSzNDJRKErlCtdSyOMyVADBonQuAN8QCk0KZW5kc3RyZWFtCmVuZG9iag"
            + "ozIDAgb2JqCjUzCmVuZG9iago1IDAgb2JqCjw8L0xlbmd0aCA2IDAgUi9GaWx0ZXIvRmxhdGVEZWNvZGU+PgpzdHJlYW0K";

    /** A compact envelope of at least {@code bytes} bytes (ASCII, so chars = bytes). */
    public static String compact(int bytes) {
        StringBuilder sb = new StringBuilder(bytes + 1024).append(HEADER);
        for (int i = 0; sb.length() + FOOTER.length() < bytes; i++) {
            sb.append("<ns:order id=\"").append(i).append("\" xsi:type=\"ns:StandardOrder\">")
                    .append("<ns:customer>Customer number ").append(i).append(" &amp; Sons Ltd</ns:customer>")
                    .append("<ns:item sku=\"SKU-").append(1000 + i).append("\">")
                    .append("<ns:description>Bracket, fits &lt;type-3&gt; frames &amp; rails, 10&#160;mm &quot;M8&quot;")
                    .append("</ns:description><ns:amount currency=\"EUR\">").append(10 + i % 90)
                    .append(".50</ns:amount></ns:item>");
            switch (i % 4) {
                case 0:
                    sb.append("<ns:note><![CDATA[<memo lang=\"en\"><line>Deliver before 10:00 &amp; call ahead</line>")
                            .append("<line>Gate ").append(i % 7).append("</line></memo>]]></ns:note>");
                    break;
                case 1:
                    sb.append("<ns:attachment contentType=\"application/pdf\">").append(BASE64)
                            .append("</ns:attachment>");
                    break;
                case 2:
                    sb.append("<ns:legacyPayload>&lt;?xml version=\"1.0\"?&gt;&lt;shipment ref=\"S-").append(i)
                            .append("\"&gt;&lt;carrier&gt;DHL&lt;/carrier&gt;&lt;weight unit=\"kg\"&gt;12.5")
                            .append("&lt;/weight&gt;&lt;/shipment&gt;</ns:legacyPayload>");
                    break;
                default:
                    sb.append("<ns:comment>Customer asked: is 5 &lt; 7 &amp;&amp; 7 &gt; 5? Answered &#8220;yes&#8221;.")
                            .append(" Refund to DE89 3704 0044 0532 0130 00, paid with 4111 1111 1111 1111.")
                            .append("</ns:comment>");
                    break;
            }
            sb.append("</ns:order>");
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
