package io.xmlformatter.examples.jaxrs;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import io.xmlformatter.jaxrs.XmlLogging;

/** The demo's REST resource: an XML login, a JSON profile, a health check that is not logged. */
@Path("/accounts")
public class Accounts {
    /** Checks a login; answers with a session token (masked in the log). */
    @POST
    @Path("/login")
    @Consumes(MediaType.APPLICATION_XML)
    @Produces(MediaType.APPLICATION_XML)
    @XmlLogging(pretty = true)
    public String login(String xml) {
        return "<session><user>bob</user><token>tok-9f8e7d6c5b4a</token></session>";
    }

    /** A profile as JSON. */
    @GET
    @Path("/profile")
    @Produces(MediaType.APPLICATION_JSON)
    public String profile() {
        return "{\"user\":\"bob\",\"iban\":\"DE89370400440532013000\",\"plan\":\"gold\"}";
    }

    /** Not logged. */
    @GET
    @Path("/health")
    @XmlLogging(enabled = false)
    public String health() {
        return "UP";
    }
}
