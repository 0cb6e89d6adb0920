package io.xmlformatter.message;

import io.xmlformatter.record.LogRecord;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What a record of a whole exchange says about the SOAP call, read from its two logged records: the SOAPAction
 * (the request's header, or the {@code action} parameter of a SOAP 1.2 content type), WS-Addressing's Action (the
 * request's) and RelatesTo (the response's), and a fault's code and reason (SOAP 1.1 {@code faultcode} /
 * {@code faultstring}, SOAP 1.2 {@code Code/Value} / {@code Reason/Text}). Only the logged payloads are read:
 * what masking hid stays hidden.
 */
final class SoapFacts {
    private SoapFacts() {
    }

    /** The record of the whole exchange: {@code response}'s fields, the request within, the SOAP facts beside. */
    static LogRecord exchange(LogRecord request, LogRecord response) {
        String faultCode = null;
        String faultString = null;
        if (response.type().isFault()) {
            String fault = response.payload();
            faultCode = text(fault, "faultcode");
            faultString = text(fault, "faultstring");
            if (faultCode == null) { // SOAP 1.2
                faultCode = text(fault, "Value");
                faultString = text(fault, "Text");
            }
        }
        return response.toBuilder().request(request).soapAction(soapAction(request))
                .action(text(request.payload(), "Action")).relatesTo(text(response.payload(), "RelatesTo"))
                .faultCode(faultCode).faultString(faultString).build();
    }

    private static String soapAction(LogRecord request) {
        for (Map.Entry<String, List<String>> h : request.headers().entrySet()) {
            if ("SOAPAction".equalsIgnoreCase(h.getKey()) && !h.getValue().isEmpty()) {
                String v = unquoted(h.getValue().get(0));
                if (!v.isEmpty()) {
                    return v;
                }
            }
        }
        String v = HeaderParameter.of(request.contentType(), "action"); // SOAP 1.2
        return v == null || v.trim().isEmpty() ? null : v.trim();
    }

    private static String unquoted(String v) {
        String t = v.trim();
        return t.length() >= 2 && t.charAt(0) == '"' && t.charAt(t.length() - 1) == '"'
                ? t.substring(1, t.length() - 1).trim() : t;
    }

    /**
     * The text of the first element named {@code localName} (any prefix) in {@code xml}, trimmed, as logged;
     * null when there is none, it is empty, or it holds elements.
     */
    static String text(String xml, String localName) {
        if (xml == null) {
            return null;
        }
        for (int at = xml.indexOf('<'); at >= 0; at = xml.indexOf('<', at + 1)) {
            int nameStart = at + 1;
            int nameEnd = nameStart;
            while (nameEnd < xml.length() && " \t\r\n/>".indexOf(xml.charAt(nameEnd)) < 0) {
                nameEnd++;
            }
            String name = xml.substring(nameStart, nameEnd);
            if (!name.equals(localName) && !name.endsWith(":" + localName)) {
                continue;
            }
            int open = xml.indexOf('>', nameEnd);
            if (open < 0 || xml.charAt(open - 1) == '/') {
                return null;
            }
            int close = xml.indexOf('<', open + 1);
            if (close < 0 || !xml.startsWith("</", close)) {
                return null;
            }
            String text = xml.substring(open + 1, close).trim();
            return text.isEmpty() ? null : text;
        }
        return null;
    }

    /**
     * The local name of the first element in a SOAP envelope's Body (the operation of a document/literal or RPC
     * call): null when the bytes are no envelope, or the name is not an XML name of at most 128 characters.
     */
    static String payloadRoot(byte[] bytes, int length) {
        String xml = new String(bytes, 0, length, StandardCharsets.UTF_8);
        int wanted = 0; // 0: the Envelope, 1: its Body, 2: the Body's first element
        for (int at = xml.indexOf('<'); at >= 0 && at + 1 < xml.length(); at = xml.indexOf('<', at + 1)) {
            char c = xml.charAt(at + 1);
            if (c == '!' && xml.startsWith("<!--", at)) {
                at = Math.max(at, xml.indexOf("-->", at) - 1);
                if (at < 0) {
                    return null;
                }
                continue;
            }
            if (c == '?' || c == '!' || c == '/') {
                continue;
            }
            int end = at + 1;
            while (end < xml.length() && isNameChar(xml.charAt(end))) {
                end++;
            }
            String name = xml.substring(at + 1, end);
            String local = name.substring(name.lastIndexOf(':') + 1);
            if (wanted == 2) {
                boolean named = !local.isEmpty() && local.length() <= 128
                        && (Character.isLetter(local.charAt(0)) || local.charAt(0) == '_');
                return named ? local : null;
            }
            if (wanted == 0 && !local.equals("Envelope")) {
                return null;
            }
            if (wanted == 0 || local.equals("Body")) {
                wanted++;
            }
        }
        return null;
    }

    /** Whether {@code s} is an XML name (letters, digits, {@code _-.:}; not starting with a digit, - or .). */
    static boolean isName(String s) {
        if (s.isEmpty() || Character.isDigit(s.charAt(0)) || s.charAt(0) == '-' || s.charAt(0) == '.') {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!isNameChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':';
    }
}
