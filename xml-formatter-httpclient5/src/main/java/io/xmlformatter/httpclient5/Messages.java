package io.xmlformatter.httpclient5;

import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageFacts;
import io.xmlformatter.message.MessageLogger;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpMessage;
import org.apache.hc.core5.http.HttpRequest;

import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What both handlers read of HttpClient's messages. */
final class Messages {
    private Messages() {
    }

    /** A client exchange begins for {@code request} to {@code target}. */
    static ExchangeLog.RequestStage begin(MessageLogger logger, HttpRequest request, HttpHost target) {
        String path = request.getPath() == null ? null : request.getPath().replaceFirst("[?#].*", "");
        return ExchangeLog.client(logger, name -> value(request, name), null, null)
                .integration(XmlLoggingExecHandler.INTEGRATION).operation(target.getHostName(), null, path,
                        request.getMethod(), value(request, "SOAPAction"));
    }

    /** The request's method and address. */
    static MessageFacts describe(MessageFacts facts, HttpRequest request, HttpHost target) {
        String address;
        try {
            address = request.getUri().toString();
        } catch (URISyntaxException e) {
            address = target.toURI() + request.getPath();
        }
        return facts.httpMethod(request.getMethod()).address(address);
    }

    /** The first value of a header, or null. */
    static String value(HttpMessage message, String name) {
        Header h = message.getFirstHeader(name);
        return h == null ? null : h.getValue();
    }

    /** A message's headers by name, in order. */
    static Map<String, List<String>> headers(HttpMessage message) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (Header h : message.getHeaders()) {
            all.computeIfAbsent(h.getName(), n -> new ArrayList<>()).add(h.getValue());
        }
        return all;
    }
}
