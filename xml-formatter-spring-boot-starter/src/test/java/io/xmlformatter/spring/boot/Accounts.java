package io.xmlformatter.spring.boot;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;

/** The REST resource of the test applications: an account with its PIN. */
@Path("/accounts")
public class Accounts {
    /** The account {@code id} as XML, with a PIN the logs must not show. */
    @GET
    @Path("{id}")
    @Produces("application/xml")
    public String account(@PathParam("id") String id) {
        return "<account><id>" + id + "</id><pin>8642</pin></account>";
    }
}
