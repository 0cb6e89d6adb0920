package io.xmlformatter.benchmarks.e2e;

import io.xmlformatter.XmlFormatter;
import io.xmlformatter.benchmarks.SoapPayloads;
import io.xmlformatter.record.LogRecord;
import io.xmlformatter.record.MessageType;
import io.xmlformatter.sink.CxfTextLayout;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The appender's floor ({@code floor-async}): for each request and response, the record {@code xf-async} writes for
 * the benchmark's envelope of that size (CXF's text layout, the body pretty-printed and masked), made once at
 * start-up, is logged as it is through the same logback setup. No body is captured and nothing is formatted per
 * request, so what this costs over {@code none} is the appender's share of {@code xf-async}'s cost: its event, queue,
 * layout, encoding and {@code write(2)} for the same characters. With the proxy's client ({@code floor-proxy}), the
 * records of its call to the backend as well ({@code xf-proxy}'s four).
 */
final class RecordReplay {
    private static final Logger REQ_IN = LoggerFactory.getLogger("org.apache.cxf.services.ProxyService.REQ_IN");
    private static final Logger RESP_OUT = LoggerFactory.getLogger("org.apache.cxf.services.ProxyService.RESP_OUT");
    private static final Logger REQ_OUT = LoggerFactory.getLogger("io.xmlformatter.jdk-http.127.0.0.1.REQ_OUT");
    private static final Logger RESP_IN = LoggerFactory.getLogger("io.xmlformatter.jdk-http.127.0.0.1.RESP_IN");
    private static final String KEY = RecordReplay.class.getName();

    /**
     * The records by the request's length in bytes: the request's, then the response's (the backend echoes the
     * envelope; the response has no XML declaration); with the client's, its request's and response's after them.
     */
    private final Map<Integer, String[]> records = new HashMap<>();
    private final boolean client;

    /** The server's two records per request, and with {@code client} the proxy's client's two as well. */
    RecordReplay(boolean client) {
        this.client = client;
        XmlFormatter formatter = XmlFormatter.builder().indent(2).wsSecurity().build();
        for (int kb : new int[] {1, 2, 6, 21, 50}) {
            String envelope = SoapPayloads.compact(kb * 1024);
            String body = formatter.format(envelope);
            String answer = body.substring(body.indexOf("<soap:Envelope"));
            String id = UUID.randomUUID().toString();
            String clientId = UUID.randomUUID().toString();
            records.put(envelope.length(), new String[] {
                record(MessageType.REQ_IN, id, body, envelope.length()),
                record(MessageType.RESP_OUT, id, answer, envelope.length()),
                record(MessageType.REQ_OUT, clientId, body, envelope.length()),
                record(MessageType.RESP_IN, clientId, body, envelope.length())});
        }
    }

    private static String record(MessageType type, String exchangeId, String body, int length) {
        LogRecord.Builder b = LogRecord.builder(type).exchangeId(exchangeId).encoding("UTF-8").payload(body);
        if (type.isOutbound() == type.isRequest()) { // the client's: the backend's address, no service
            b.address("http://127.0.0.1:18081/echo").contentType("text/xml; charset=UTF-8")
                    .header("Content-Type", List.of("text/xml; charset=UTF-8"));
            if (type.isRequest()) {
                b.httpMethod("POST");
            } else {
                b.responseCode(200);
            }
            return CxfTextLayout.INSTANCE.format(b.build());
        }
        b.address("http://127.0.0.1:18080/proxy").service("{urn:example:proxy}ProxyService")
                .port("{urn:example:proxy}ProxyPort").portType("{urn:example:proxy}ProxyProvider");
        if (type == MessageType.REQ_IN) { // the facts xf-async's records show
            b.httpMethod("POST").contentType("text/xml; charset=UTF-8").header("SOAPAction", List.of("\"\""))
                    .header("Accept", List.of("*/*")).header("content-type", List.of("text/xml; charset=UTF-8"))
                    .header("Host", List.of("127.0.0.1:18080")).header("Content-Length", List.of("" + length));
        } else {
            b.responseCode(200).contentType("text/xml");
        }
        return CxfTextLayout.INSTANCE.format(b.build());
    }

    /** The interceptors that log the records: the request's as it comes in, the response's as it goes out. */
    List<AbstractPhaseInterceptor<Message>> interceptors() {
        return Arrays.asList(new AbstractPhaseInterceptor<Message>(Phase.RECEIVE) {
            @Override
            public void handleMessage(Message message) {
                String[] ready = records.get(contentLength(message));
                message.getExchange().put(KEY, ready);
                if (ready != null) {
                    REQ_IN.info(ready[0]);
                    if (client) {
                        REQ_OUT.info(ready[2]);
                    }
                }
            }
        }, new AbstractPhaseInterceptor<Message>(Phase.PRE_STREAM) {
            @Override
            public void handleMessage(Message message) {
                String[] ready = (String[]) message.getExchange().get(KEY);
                if (ready != null) {
                    if (client) {
                        RESP_IN.info(ready[3]);
                    }
                    RESP_OUT.info(ready[1]);
                }
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static Integer contentLength(Message message) {
        Map<String, List<String>> headers = (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
        List<String> values = headers == null ? null : headers.get("Content-Length");
        return values == null || values.isEmpty() ? null : Integer.valueOf(values.get(0).trim());
    }

    /** The record lengths in chars, by request length: for the run's notes. */
    Map<Integer, Integer> lengths() {
        Map<Integer, Integer> m = new HashMap<>();
        records.forEach((k, v) -> m.put(k, v[0].length()));
        return m;
    }
}
