package io.xmlformatter.jaxrs;

import io.xmlformatter.message.Strategy;
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
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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

    /** An account as JSON, streamed and flushed: chunked, without a Content-Length. */
    @GET
    @Path("/account")
    @Produces(MediaType.APPLICATION_JSON)
    public StreamingOutput account() {
        return out -> {
            out.write(ACCOUNT.getBytes(StandardCharsets.UTF_8));
            out.flush();
        };
    }

    /** What {@link #account} answers. */
    static final String ACCOUNT = "{\"account\":\"DE-1\",\"balance\":42}";

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
    @XmlLogging(limit = 2048, anonymize = "//card", pretty = true)
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

    /** Logged without bodies. */
    @POST
    @Path("/quiet")
    @Produces(MediaType.APPLICATION_XML)
    @XmlLogging(strategy = Strategy.WITHOUT_BODY)
    public String quiet(String xml) {
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

    /** Answers without reading the request's body. */
    @POST
    @Path("/ignore")
    @Produces(MediaType.APPLICATION_XML)
    public String ignore() {
        return "<ok/>";
    }

    /** Counted down by a streaming test's client once it has read the first line of {@link #stream}. */
    static volatile CountDownLatch clientReadFirstLine = new CountDownLatch(1);
    /** Counted down by {@link #upload} once it has read the first line of the request. */
    static volatile CountDownLatch serverReadFirstLine = new CountDownLatch(1);

    /**
     * Streams a first line, then waits for the client to have read it before sending the rest: a logger that
     * reads the response ahead holds the first line back, and the client sees {@code TIMED OUT} instead.
     */
    @GET
    @Path("/stream")
    @Produces(MediaType.TEXT_PLAIN)
    public StreamingOutput stream() {
        CountDownLatch read = clientReadFirstLine;
        return out -> {
            out.write("first <password>s3cr3t</password>\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            out.write((awaitPeer(read) ? "rest\n" : "TIMED OUT\n").getBytes(StandardCharsets.UTF_8));
        };
    }

    /** Reads the first line of the request, says so, then reads the rest: answers {@code first|rest}. */
    @POST
    @Path("/upload")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    public String upload(InputStream body) throws IOException {
        String first = readLine(body);
        serverReadFirstLine.countDown();
        String rest = new String(body.readAllBytes(), StandardCharsets.UTF_8).trim();
        return first + "|" + rest;
    }

    /** One line of {@code in}, read byte by byte (nothing beyond it is asked for). */
    static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            line.append((char) c);
        }
        return line.toString();
    }

    /** Whether the peer counted {@code latch} down: a guard against a deadlock, not a measure of time. */
    static boolean awaitPeer(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
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
