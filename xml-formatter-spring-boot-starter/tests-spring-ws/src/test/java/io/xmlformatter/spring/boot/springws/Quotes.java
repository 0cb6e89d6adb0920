package io.xmlformatter.spring.boot.springws;

import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import org.springframework.xml.transform.StringSource;
import org.w3c.dom.Element;

/** The application's endpoint: a quote for a symbol, nothing about logging. */
@Endpoint
public class Quotes {
    static final String NS = "urn:xf:quotes";

    @PayloadRoot(namespace = NS, localPart = "QuoteRequest")
    @ResponsePayload
    public StringSource quote(@RequestPayload Element request) {
        String symbol = request.getElementsByTagNameNS(NS, "symbol").item(0).getTextContent();
        return new StringSource("<q:QuoteResponse xmlns:q='" + NS + "'><q:symbol>" + symbol
                + "</q:symbol><q:price>42.0</q:price></q:QuoteResponse>");
    }
}
