package io.xmlformatter.jaxrs;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.io.IOException;
import java.io.InputStream;

/** The resource the tests call. */
@Path("/shop")
public class Shop {
    private final XmlLoggingFeature clientLogging;

    Shop(XmlLoggingFeature clientLogging) {
        this.clientLogging = clientLogging;
    }

    /** Answers with the bytes it received, in the same content type. */
    @POST
    @Path("/echo")
    public Response echo(byte[] body, @HeaderParam("Content-Type") String type) {
        return Response.ok(body, type == null ? MediaType.APPLICATION_OCTET_STREAM : type).build();
    }

    /** Counts what it received: proves the resource reads every byte however much is logged. */
    @POST
    @Path("/count")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String count(InputStream body) throws IOException {
        long n = 0;
        byte[] buf = new byte[8192];
        for (int r; (r = body.read(buf)) > 0; ) {
            n += r;
        }
        return Long.toString(n);
    }

    /** Settings of its own: the card number masked, pretty, a small limit. */
    @POST
    @Path("/payments")
    @Produces(MediaType.APPLICATION_XML)
    @XmlLogging(limit = 2048, anonymize = "//card", pretty = XmlLogging.Toggle.ON)
    public String pay(String xml) {
        return "<paid><card>4111111111111111</card></paid>";
    }

    /** A wrong path in its annotation: its bodies are not shown. */
    @POST
    @Path("/broken")
    @XmlLogging(anonymize = "/a//")
    public String broken(String xml) {
        return xml;
    }

    /** Not logged. */
    @GET
    @Path("/health")
    @XmlLogging(enabled = false)
    public String health() {
        return "UP";
    }

    /** Excluded by the feature's configuration in some tests. */
    @GET
    @Path("/items")
    @Produces(MediaType.APPLICATION_XML)
    public String items(@Context UriInfo uri) {
        return "<items><item>a</item></items>";
    }

    /** Mapped to 422 by {@link Refusals}. */
    @POST
    @Path("/refuse")
    public String refuse(String xml) {
        throw new Refused("<refused><reason>no funds</reason><password>" + "s3cr3t" + "</password></refused>");
    }

    /** A 500. */
    @POST
    @Path("/boom")
    public String boom(String xml) {
        throw new IllegalStateException("boom");
    }

    /** Binary. */
    @GET
    @Path("/binary")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] binary() {
        return new byte[] {1, 2, 3, 's', 'e', 'c', 'r', 'e', 't'};
    }

    /** Calls {@link #echo} with a client of its own, inside this request: the correlation id goes along. */
    @POST
    @Path("/forward")
    @Produces(MediaType.APPLICATION_XML)
    public String forward(String xml, @Context UriInfo uri) {
        jakarta.ws.rs.client.Client client = ClientBuilder.newClient().register(clientLogging);
        try {
            return client.target(uri.getBaseUri()).path("shop/echo").request()
                    .post(Entity.entity(xml, MediaType.APPLICATION_XML), String.class);
        } finally {
            client.close();
        }
    }

    /** An application error with an XML body. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String xml) {
            super(xml);
        }
    }

    /** Maps {@link Refused} to 422 with its XML. */
    @jakarta.ws.rs.ext.Provider
    public static final class Refusals implements jakarta.ws.rs.ext.ExceptionMapper<Refused> {
        @Override
        public Response toResponse(Refused e) {
            return Response.status(422).type(MediaType.APPLICATION_XML).entity(e.getMessage()).build();
        }
    }
}
