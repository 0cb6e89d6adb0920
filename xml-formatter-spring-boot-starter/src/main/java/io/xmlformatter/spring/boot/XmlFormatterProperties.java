package io.xmlformatter.spring.boot;

import io.xmlformatter.sink.FieldNames;
import org.slf4j.event.Level;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * The {@code xmlformatter.*} properties beside the logger's options: the sink, the layout, the wiring and the rules'
 * matches. The options themselves ({@code xmlformatter.body.*}, {@code xmlformatter.masking.*},
 * {@code xmlformatter.exchange.*}) are the rows of {@link io.xmlformatter.message.Options}, bound from that table
 * ({@link LoggerProperties}); an option left unset keeps its default. Immutable.
 *
 * @param enabled Switches all of xml-formatter's logging off when false
 * @param failOnUnknownProperties Fail startup on an xmlformatter.* property that is not one of these (a misspelt
 *         name would leave a secret unmasked); false only warns, for configuration shared with a newer version
 * @param rules Rules for some exchanges, tried in order: the first that matches applies
 * @param sink Where records go: SLF4J (default) or MongoDB
 * @param output How the SLF4J sink writes a record
 * @param mongo The MongoDB sink, with sink=mongo
 * @param cxf The wiring to CXF's bus
 * @param jersey The wiring to Jersey's ResourceConfig
 * @param springWs The wiring to Spring Web Services
 * @param servlet The servlet filter logging the web application's other exchanges
 * @param clients The interceptor on Spring's HTTP clients built from Boot's builders
 * @param webflux The WebFilter logging a reactive web application's exchanges
 */
@ConfigurationProperties("xmlformatter")
public record XmlFormatterProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("true") boolean failOnUnknownProperties,
        @DefaultValue List<Rule> rules,
        @DefaultValue("slf4j") SinkType sink,
        @DefaultValue Output output,
        @DefaultValue Mongo mongo,
        @DefaultValue Cxf cxf,
        @DefaultValue Jersey jersey,
        @DefaultValue SpringWs springWs,
        @DefaultValue Servlet servlet,
        @DefaultValue Clients clients,
        @DefaultValue Webflux webflux) {

    /** Where records go. */
    public enum SinkType {
        /** SLF4J, in the layout of {@code xmlformatter.output.layout}. */
        SLF4J,
        /** MongoDB, through the application's {@code MongoClient} bean or {@code xmlformatter.mongo.uri}. */
        MONGO,
        /**
         * OpenTelemetry's Logs API, through the application's {@code OpenTelemetry} bean (Boot's OpenTelemetry
         * support) or the agent's global one: each record in its exchange's trace.
         */
        OTEL
    }

    /** The actuator health status of the MongoDB sink while MongoDB is unreachable. */
    public enum BreakerOpenStatus {
        /**
         * Unknown: the application's health stays as its other indicators say (a log-store outage does not take the
         * service out of rotation). The default.
         */
        UNKNOWN,
        /** The application is down (health groups used for liveness or readiness see it: it leaves rotation). */
        DOWN,
        /** Out of service. */
        OUT_OF_SERVICE
    }

    /** How the SLF4J sink writes a record. */
    public enum Layout {
        /** CXF's {@code LogMessageFormatter} lines, as CXF's LoggingFeature writes them. */
        CXF_TEXT,
        /** Every record field on its own line. */
        TEXT,
        /** The payload as the message, the metadata in the MDC under CXF's keys (CXF's {@code verbose=false}). */
        PAYLOAD_ONLY,
        /** One JSON object per record, as the message. */
        JSON,
        /** The payload as the message, every other field as an SLF4J 2 key-value pair (indexed by JSON encoders). */
        FIELDS,
        /** As FIELDS, the fields in the MDC (for encoders that do not write key-value pairs). */
        FIELDS_IN_MDC
    }

    /**
     * A rule for some exchanges: what it matches (every part left empty matches any) and whether it leaves them out.
     * What it changes are options under the rule, named as the global ones: {@code xmlformatter.rules[0].body.limit},
     * {@code xmlformatter.rules[0].exchange.strategy}, {@code xmlformatter.rules[0].masking.element-names} (names and
     * paths masked or pruned are added to the global ones; every other option replaced).
     *
     * @param service The service matched: its local name or {namespaceName}
     * @param operation The operation matched: a SOAP operation or a resource method's name
     * @param path A regular expression the address path must match whole, e.g. /health.*
     * @param method The HTTP method matched
     * @param soapAction The SOAPAction matched
     * @param exclude Leave matching exchanges out entirely
     */
    public record Rule(String service, String operation, String path, String method, String soapAction,
            boolean exclude) {
    }

    /**
     * How the SLF4J sink writes a record.
     *
     * @param layout The layout; default CXF_TEXT, CXF's verbose lines
     * @param fieldNames With FIELDS or FIELDS_IN_MDC, the field name convention: ECS, OTEL or PROJECT
     * @param level With FIELDS or FIELDS_IN_MDC, the SLF4J level records are logged at
     * @param bodyField With FIELDS or FIELDS_IN_MDC, the body as the field http.request.body.content /
     *         http.response.body.content (where ECS and OpenTelemetry index it) and the type as the message; with
     *         sink=otel, the body as that attribute instead of the log record's body
     */
    public record Output(@DefaultValue("cxf-text") Layout layout, @DefaultValue("ecs") FieldNames fieldNames,
            @DefaultValue("info") Level level, @DefaultValue("false") boolean bodyField) {
    }

    /**
     * The MongoDB sink. It writes through the application's {@code MongoClient} bean when there is one; otherwise
     * through one client made from {@code uri}.
     *
     * @param uri The connection string of the client made for the sink when the application has no MongoClient
     *         bean; default: spring.mongodb.uri, spring.data.mongodb.uri, mongodb://localhost
     * @param database The database; default: the connection string's, else logs
     * @param collection The collection, or a pattern ({yyyyMM}, {service}, {operation});
     *         default soap_log
     * @param writeConcern The write concern: 1, majority, ...; default 1
     * @param queueCapacity The most records queued; past it records are dropped, and counted; default 10000
     * @param queueMaxBytes The most bytes queued; default 64MB
     * @param batchSize Records per insertMany; default 500
     * @param dropPolicy What a full queue does: DROP_NEWEST (default), DROP_OLDEST, BLOCK or FALLBACK_SLF4J
     * @param maxPayloadBytes The most payload kept in one document; default 256KB
     * @param ttlDays Documents expire after this many days (0: never); default 30
     * @param createIndexes Create the collection's indexes at start; default true
     * @param shutdownGrace How long closing waits for the queue to drain; default 5s
     * @param application The application name in each document; default spring.application.name
     * @param breakerOpenStatus The actuator health status while MongoDB is unreachable: UNKNOWN (default: the
     *         application's health is left as it is), DOWN or OUT_OF_SERVICE (both make the health endpoint answer 503)
     */
    public record Mongo(String uri, String database, String collection, String writeConcern, Integer queueCapacity,
            DataSize queueMaxBytes, Integer batchSize, String dropPolicy, DataSize maxPayloadBytes, Integer ttlDays,
            Boolean createIndexes, Duration shutdownGrace, String application,
            @DefaultValue("unknown") BreakerOpenStatus breakerOpenStatus) {
        /** The settings as text, the URI's user-info (a password) left out. */
        @Override
        public String toString() {
            String shown = uri == null ? null : uri.replaceFirst("^([a-zA-Z+]+://)[^/@]*@", "$1[hidden]@");
            return "Mongo[uri=" + shown + ", database=" + database + ", collection=" + collection + ", writeConcern="
                    + writeConcern + ", queueCapacity=" + queueCapacity + ", queueMaxBytes=" + queueMaxBytes
                    + ", batchSize=" + batchSize + ", dropPolicy=" + dropPolicy + ", maxPayloadBytes=" + maxPayloadBytes
                    + ", ttlDays=" + ttlDays + ", createIndexes=" + createIndexes + ", shutdownGrace=" + shutdownGrace
                    + ", application=" + application + ", breakerOpenStatus=" + breakerOpenStatus + "]";
        }
    }

    /**
     * The wiring to CXF.
     *
     * @param enabled Log every endpoint and client on CXF's buses (SOAP and REST); leave one endpoint out with
     *         its property org.apache.cxf.logging.enable=false or an exclude rule
     */
    public record Cxf(@DefaultValue("true") boolean enabled) {
    }

    /**
     * The wiring to Jersey.
     *
     * @param enabled Register the logging feature on every Jersey ResourceConfig bean
     */
    public record Jersey(@DefaultValue("true") boolean enabled) {
    }

    /**
     * The wiring to Spring Web Services.
     *
     * @param enabled Log the MessageDispatcherServlet's exchanges and every WebServiceTemplate built
     *         from Boot's WebServiceTemplateBuilder
     */
    public record SpringWs(@DefaultValue("true") boolean enabled) {
    }

    /**
     * The servlet filter: every exchange of the servlet web application that no other integration logs (Spring MVC
     * controllers, servlets of any kind); CXF's, Jersey's and Spring-WS's servlets are left to their own.
     *
     * @param enabled Register the filter (for every path, before Spring Security's filters)
     * @param order The filter's order; default just after Boot's character encoding and observation filters, before
     *         Spring Security's (-100), so that a refused request is logged
     */
    public record Servlet(@DefaultValue("true") boolean enabled,
            @DefaultValue("-2147483638") int order) {
    }

    /**
     * Spring's HTTP clients.
     *
     * @param enabled Log every RestClient, RestTemplate and WebClient built from Boot's RestClient.Builder,
     *         RestTemplateBuilder and WebClient.Builder
     */
    public record Clients(@DefaultValue("true") boolean enabled) {
    }

    /**
     * The WebFilter of a reactive web application (with xml-formatter-webflux): every exchange, streamed bodies
     * copied as they go, nothing blocking.
     *
     * @param enabled Register the WebFilter in a reactive web application
     * @param order The WebFilter's order; default before Spring Security's (-100), so that a refused request is
     *         logged
     */
    public record Webflux(@DefaultValue("true") boolean enabled,
            @DefaultValue("-2147483638") int order) {
    }
}
