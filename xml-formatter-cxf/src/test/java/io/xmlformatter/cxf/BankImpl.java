package io.xmlformatter.cxf;

import javax.jws.WebService;
import org.slf4j.MDC;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** The test service's implementation. */
@WebService(endpointInterface = "io.xmlformatter.cxf.Bank", serviceName = "BankService",
        targetNamespace = "urn:example:bank", portName = "BankPort")
public class BankImpl implements Bank {
    /** Notifications received by the one-way operation, in order. */
    final BlockingQueue<String> notifications = new LinkedBlockingQueue<>();
    /** The MDC's correlation id while each notification was handled. */
    final BlockingQueue<String> notificationCorrelations = new LinkedBlockingQueue<>();

    @Override
    public String transfer(String account, String amount) {
        return "ok " + account + " " + amount + " correlation=" + MDC.get("correlationId");
    }

    @Override
    public String echo(String text) {
        return text;
    }

    @Override
    public String fail(String reason) throws BankException {
        throw new BankException("refused: " + reason, reason);
    }

    @Override
    public void notifyAudit(String event) {
        notificationCorrelations.add(String.valueOf(MDC.get("correlationId")));
        notifications.add(event);
    }

    @Override
    public int upload(String name, byte[] data) {
        return data.length;
    }
}
