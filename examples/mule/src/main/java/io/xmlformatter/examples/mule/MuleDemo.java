package io.xmlformatter.examples.mule;

import io.xmlformatter.mule.embedded.EmbeddedMule;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Starts the Mule application of {@code mule-app.xml} embedded on 127.0.0.1, sends a WS-Security payment through
 * the SOAP proxy, a refused one (a SOAP fault), and an order with a card number to the flow without CXF, prints the
 * answers and stops. The records (formatted, masked, with Mule's ids) go through SLF4J to the console and to
 * {@code target/mule-demo.log}.
 */
public final class MuleDemo {
    private static final String WSSE =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";

    private MuleDemo() {
    }

    public static void main(String[] args) throws Exception {
        run();
    }

    /** Runs the demo; returns the three answers (status and body). */
    @SuppressWarnings("try") // the runtime is held open while the demo calls it over HTTP
    static List<String> run() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> answers = new ArrayList<>();
        try (EmbeddedMule mule = EmbeddedMule.start("mule-app.xml",
                Collections.singletonMap("http.port", String.valueOf(port)))) {
            String base = "http://127.0.0.1:" + port;

            banner("1. a payment through the SOAP proxy, with a WS-Security password (masked; logged once per hop)");
            answer(answers, post(base + "/proxy/payments", payment(250)));

            banner("2. a refused payment through the proxy (a SOAP fault, logged as a fault)");
            answer(answers, post(base + "/proxy/payments", payment(50_000)));

            banner("3. an order to a flow without CXF (the processor logs it; the flow gets the same bytes)");
            answer(answers, post(base + "/orders", "<order id=\"o-17\"><cardNumber>4111111111111111</cardNumber>"
                    + "<note>&lt;gift&gt;&lt;to&gt;Bob&lt;/to&gt;&lt;/gift&gt;</note><item sku=\"tea\" qty=\"2\"/>"
                    + "</order>"));
        }
        System.out.println(">>> done");
        return answers;
    }

    private static String payment(double amount) {
        return "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Header>"
                + "<wsse:Security xmlns:wsse=\"" + WSSE + "\"><wsse:UsernameToken><wsse:Username>alice"
                + "</wsse:Username><wsse:Password>s3cr3t-P@ssw0rd</wsse:Password></wsse:UsernameToken>"
                + "</wsse:Security></soap:Header><soap:Body><p:pay xmlns:p=\"urn:example:payments\">"
                + "<iban>DE89370400440532013000</iban><amount>" + amount + "</amount></p:pay></soap:Body>"
                + "</soap:Envelope>";
    }

    /** Prints an answer under its call's records, and keeps it. */
    private static void answer(List<String> answers, String answer) {
        System.out.println(">>> answer: " + answer);
        answers.add(answer);
    }

    private static void banner(String text) {
        System.out.println();
        System.out.println(">>> " + text);
    }

    private static String post(String url, String body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        c.setDoOutput(true);
        c.setRequestMethod("POST");
        c.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        try (OutputStream os = c.getOutputStream()) {
            os.write(body.getBytes(StandardCharsets.UTF_8));
        }
        int status = c.getResponseCode();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream is = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
            byte[] buf = new byte[8192];
            for (int n; is != null && (n = is.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
        }
        return status + " " + new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
}
