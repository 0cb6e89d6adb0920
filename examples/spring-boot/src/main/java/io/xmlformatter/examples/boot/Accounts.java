package io.xmlformatter.examples.boot;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;

/** The demo's REST resource: an account with its IBAN, and a health check. */
@Path("/")
public class Accounts {
    /** The account {@code id} as JSON, with an IBAN that the logs mask. */
    @GET
    @Path("accounts/{id}")
    @Produces("application/json")
    public String account(@PathParam("id") String id) {
        return "{\"id\":\"" + id + "\",\"owner\":\"Ann\",\"iban\":\"DE89370400440532013000\"}";
    }

    /** Always "ok"; left out of the logs by a rule in application.yml. */
    @GET
    @Path("health")
    @Produces("text/plain")
    public String health() {
        return "ok";
    }
}
