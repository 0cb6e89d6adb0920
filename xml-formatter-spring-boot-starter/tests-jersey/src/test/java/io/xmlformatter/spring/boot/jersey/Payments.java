package io.xmlformatter.spring.boot.jersey;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** The Jersey resource of the test application: takes a payment with a card number. */
@Path("/payments")
public class Payments {
    /** Confirms {@code payment}, quoting its card number (which the logs must not show). */
    @POST
    @Consumes("application/xml")
    @Produces("application/xml")
    public String pay(String payment) {
        return "<confirmation>" + payment.replaceAll("(?s).*<card>(.*)</card>.*", "<card>$1</card>")
                + "</confirmation>";
    }
}
