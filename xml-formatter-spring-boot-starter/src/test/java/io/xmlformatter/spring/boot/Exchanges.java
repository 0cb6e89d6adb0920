package io.xmlformatter.spring.boot;

import io.xmlformatter.message.CapturedBody;
import io.xmlformatter.message.ExchangeLog;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.record.MessageType;

import java.nio.charset.StandardCharsets;

/** Exchanges logged straight through a message logger, for tests that need records without a web server. */
final class Exchanges {
    private Exchanges() {
    }

    /** One server exchange: {@code request} in, {@code response} out with {@code status}. */
    static void serve(MessageLogger logger, String request, String response, int status) {
        ExchangeLog.RequestStage x = ExchangeLog.server(logger, name -> null, null, null);
        ExchangeLog.ResponseStage r = request == null ? x.noRequest()
                : x.request(x.facts(MessageType.REQ_IN).contentType("text/xml"), body(request));
        r.response(r.facts(MessageType.RESP_OUT).contentType("text/xml").responseCode(status), body(response)).end();
    }

    private static CapturedBody body(String xml) {
        return CapturedBody.of(xml.getBytes(StandardCharsets.UTF_8));
    }
}
