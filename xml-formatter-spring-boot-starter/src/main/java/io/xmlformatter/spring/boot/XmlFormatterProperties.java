package io.xmlformatter.spring.boot;

import io.xmlformatter.message.Strategy;
import io.xmlformatter.record.LogLevel;
import io.xmlformatter.sink.FieldNames;
import org.slf4j.event.Level;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * The {@code xmlformatter.*} properties: the options of {@link io.xmlformatter.message.MessageLogger.Builder} in
 * Spring Boot's form, the sink and the wiring. An option left unset keeps the builder's default. Immutable.
 *
 * @param enabled Switches all of xml-formatter's logging off when false
 * @param body What is kept of a body and how it is shown
 * @param masking What is masked or left out
 * @param exchange When and at what level an exchange is logged, sampling, correlation and the chain
 * @param rules Rules for some exchanges, tried in order: the first that matches applies
 * @param sink Where records go: SLF4J (default) or MongoDB
 * @param output How the SLF4J sink writes a record
 * @param mongo The MongoDB sink, with {@code sink=mongo}
 * @param cxf The wiring to CXF's bus
 * @param jersey The wiring to Jersey's ResourceConfig
 */
@ConfigurationProperties("xmlformatter")
public record XmlFormatterProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue Body body,
        @DefaultValue Masking masking,
        @DefaultValue Exchange exchange,
        @DefaultValue List<Rule> rules,
        @DefaultValue("slf4j") SinkType sink,
        @DefaultValue Output output,
        @DefaultValue Mongo mongo,
        @DefaultValue Cxf cxf,
        @DefaultValue Jersey jersey) {

    /** Where records go. */
    public enum SinkType {
        /** SLF4J, in the layout of {@code xmlformatter.output.layout}. */
        SLF4J,
        /** MongoDB, through the application's {@code MongoClient} bean or {@code xmlformatter.mongo.uri}. */
        MONGO
    }

    /** The actuator health status of the MongoDB sink while MongoDB is unreachable. */
    public enum BreakerOpenStatus {
        /** The application is down (health groups used for liveness or readiness see it). */
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
     * What is kept of a body and how it is shown.
     *
     * @param limit The most payload logged per message (CXF's {@code limit}; -1: no limit); default 48KB
     * @param inMemThreshold With limit -1, how much of a body is kept in memory for its record; default 128KB
     * @param pretty Indent XML and JSON payloads (CXF's {@code prettyLogging}); default false: whitespace as sent
     * @param indent Spaces per level when pretty; default 2
     * @param logBinary Log binary bodies (CXF's {@code logBinary}); default false: a marker instead
     * @param logMultipart Log multipart bodies, never their attachments (CXF's {@code logMultipart}); default true
     * @param maxTextLength Cap of each XML text node and JSON string, in chars, with a visible marker; default none
     * @param maxCdataLength Cap of each CDATA section, in chars; default none
     * @param embeddedXml Re-format XML embedded in text or CDATA (masked inside either way); default false
     * @param inBinaryMediaTypes Media types also treated as binary in inbound messages
     * @param outBinaryMediaTypes Media types also treated as binary in outbound messages
     */
    public record Body(DataSize limit, DataSize inMemThreshold, Boolean pretty, Integer indent, Boolean logBinary,
            Boolean logMultipart, Integer maxTextLength, Integer maxCdataLength, Boolean embeddedXml,
            @DefaultValue List<String> inBinaryMediaTypes, @DefaultValue List<String> outBinaryMediaTypes) {
    }

    /**
     * What is masked or left out.
     *
     * @param wsSecurity The WS-Security/SAML preset (passwords, nonces, keys, assertions); default true
     * @param mask The text written in place of a secret; default {@code [*****]}
     * @param elementNames Elements masked wherever they are, any letter case (also JSON fields and URL, form and
     *         text parameters of these names)
     * @param attributeNames Attributes masked wherever they are
     * @param headerNames Headers masked (any case), on top of the defaults ({@code Authorization}, ...)
     * @param parameterNames URL query and form parameters masked (any case), on top of the defaults
     *         ({@code password}, {@code access_token}, ...)
     * @param paths Element and attribute paths masked, e.g. {@code /Envelope/Body/login/pin}
     * @param prune Element paths whose subtrees are left out, with a marker
     * @param detect Value detectors: what they find is masked wherever it stands (XML, JSON, form values, the
     *         address, headers): {@code card-numbers}, {@code card-numbers-first-six-last-four}, {@code ibans},
     *         {@code email-addresses}; default none
     * @param jsonPaths JSON values masked by path: {@code $.payment.card.number}, {@code $..password},
     *         {@code $.items[*].iban}, or a JSON Pointer such as {@code /payment/card/number}; keys in any case
     * @param jsonPrune JSON values pruned by path (written as {@code "[SUBTREE REMOVED]"}), paths as json-paths
     * @param pseudonymKey A secret key (at least 16 bytes as UTF-8, e.g. {@code ${LOG_PSEUDONYM_KEY}}): masked values
     *         are written as their keyed pseudonyms ({@code [h:3f9a2c1e]}, HMAC-SHA-256) instead of the mask, so
     *         records about one secret can be joined; default none (the mask). Never logged
     */
    public record Masking(Boolean wsSecurity, String mask, @DefaultValue List<String> elementNames,
            @DefaultValue List<String> attributeNames, @DefaultValue List<String> headerNames,
            @DefaultValue List<String> parameterNames, @DefaultValue List<String> paths,
            @DefaultValue List<String> prune, @DefaultValue List<String> detect,
            @DefaultValue List<String> jsonPaths, @DefaultValue List<String> jsonPrune, String pseudonymKey) {
        /** The settings as text, the pseudonym key left out (whether one is set is shown). */
        @Override
        public String toString() {
            return "Masking[wsSecurity=" + wsSecurity + ", mask=" + mask + ", elementNames=" + elementNames
                    + ", attributeNames=" + attributeNames + ", headerNames=" + headerNames + ", parameterNames="
                    + parameterNames + ", paths=" + paths + ", prune=" + prune + ", detect=" + detect + ", jsonPaths="
                    + jsonPaths + ", jsonPrune=" + jsonPrune + ", pseudonymKey=" + (pseudonymKey == null ? null
                    : "[hidden]") + "]";
        }
    }

    /**
     * When and at what level an exchange is logged, sampling, correlation and the chain.
     *
     * @param strategy Which records of an exchange are written, with or without bodies; default ALWAYS
     * @param slowThreshold An exchange taking at least this long is slow (SLOW_ONLY needs it; slow counts as
     *         failed)
     * @param faultStatus The HTTP status at or above which a response is a failure; default 500
     * @param levels The levels of records by outcome, three of TRACE, DEBUG, INFO, WARN, ERROR: success, client
     *         error (4xx), failure, e.g. {@code DEBUG,WARN,ERROR}; default: the sink's level
     * @param sampleOneIn Log one exchange in this many (counted); default 1: all
     * @param sampleRate Log exchanges at this rate, 0 to 1 (random), instead of sample-one-in
     * @param sampleKeepsFailures An exchange left out by sampling is still logged when it fails; default true
     * @param chain Hold every exchange of one correlation id together and write them all with bodies when one
     *         fails; default false
     * @param chainMaxRecords The most records held per chain; default 256 (set with chain-max-age)
     * @param chainMaxAge How long a chain is held at most, then written as failed; default 2m (set with
     *         chain-max-records)
     * @param maxHeldBytes The most bytes of bodies held for exchanges whose outcome is not known yet; default 32MB
     * @param suppressDuplicates Within one correlation id, log a payload seen again (a proxy's request in, then
     *         out) once; default false
     * @param correlationHeader The header that carries the correlation id in and out; default X-Correlation-ID
     * @param correlationFromTrace Use the trace id as the correlation id when no correlation header came
     */
    public record Exchange(Strategy strategy, Duration slowThreshold, Integer faultStatus,
            @DefaultValue List<LogLevel> levels, Integer sampleOneIn, Double sampleRate,
            Boolean sampleKeepsFailures, Boolean chain, Integer chainMaxRecords, Duration chainMaxAge,
            DataSize maxHeldBytes, Boolean suppressDuplicates, String correlationHeader,
            Boolean correlationFromTrace, Boolean recordPerExchange) {
    }

    /**
     * A rule for some exchanges: what it matches (every part left empty matches any) and what it changes.
     *
     * @param service The service matched: its local name or {@code {namespace}Name}
     * @param operation The operation matched: a SOAP operation or a resource method's name
     * @param path A regular expression the address path must match whole, e.g. {@code /health.*}
     * @param method The HTTP method matched
     * @param soapAction The SOAPAction matched
     * @param exclude Leave matching exchanges out entirely
     * @param strategy The strategy for matching exchanges
     * @param pretty Indent matching exchanges' payloads
     * @param limit The most payload logged per message of matching exchanges
     * @param slowThreshold The slow threshold for matching exchanges
     * @param elementNames Elements also masked in matching exchanges
     */
    public record Rule(String service, String operation, String path, String method, String soapAction,
            boolean exclude, Strategy strategy, Boolean pretty, DataSize limit, Duration slowThreshold,
            @DefaultValue List<String> elementNames) {
    }

    /**
     * How the SLF4J sink writes a record.
     *
     * @param layout The layout; default CXF_TEXT, CXF's verbose lines
     * @param fieldNames With FIELDS or FIELDS_IN_MDC, the field name convention: ECS, OTEL or PROJECT
     * @param level With FIELDS or FIELDS_IN_MDC, the SLF4J level records are logged at
     */
    public record Output(@DefaultValue("cxf-text") Layout layout, @DefaultValue("ecs") FieldNames fieldNames,
            @DefaultValue("info") Level level) {
    }

    /**
     * The MongoDB sink. It writes through the application's {@code MongoClient} bean when there is one; otherwise
     * through one client made from {@code uri}.
     *
     * @param uri The connection string of the client made for the sink when the application has no MongoClient
     *         bean; default: {@code spring.mongodb.uri}, {@code spring.data.mongodb.uri}, mongodb://localhost
     * @param database The database; default: the connection string's, else logs
     * @param collection The collection, or a pattern ({@code {yyyyMM}}, {@code {service}}, {@code {operation}});
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
     * @param breakerOpenStatus The actuator health status while MongoDB is unreachable: DOWN or OUT_OF_SERVICE
     */
    public record Mongo(String uri, String database, String collection, String writeConcern, Integer queueCapacity,
            DataSize queueMaxBytes, Integer batchSize, String dropPolicy, DataSize maxPayloadBytes, Integer ttlDays,
            Boolean createIndexes, Duration shutdownGrace, String application,
            @DefaultValue("down") BreakerOpenStatus breakerOpenStatus) {
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
     *         its property {@code org.apache.cxf.logging.enable=false} or an exclude rule
     */
    public record Cxf(@DefaultValue("true") boolean enabled) {
    }

    /**
     * The wiring to Jersey.
     *
     * @param enabled Register the logging feature on every Jersey {@code ResourceConfig} bean
     */
    public record Jersey(@DefaultValue("true") boolean enabled) {
    }
}
