package io.xmlformatter.jaxrs;

import io.xmlformatter.message.Strategy;
import jakarta.ws.rs.NameBinding;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-resource and per-method logging settings over those of {@link XmlLoggingFeature} (a method's annotation
 * wins over its class's): the logger in force (same sinks, same chains) changed by the attributes. An attribute
 * left at its default leaves its option as in force; names and paths are added to those masked. The attributes mean
 * what the same attributes of CXF's {@code io.xmlformatter.cxf.XmlLogging} mean. It is a name-binding annotation, so your own filters can be bound to it; the
 * feature's filters apply to every resource either way and read it for the settings.
 *
 * <pre>{@code
 * @POST @Path("/payments")
 * @XmlLogging(limit = 4096, anonymize = "//card/number", pretty = true)
 * public Response pay(String xml) { ... }
 *
 * @GET @Path("/health")
 * @XmlLogging(enabled = false)
 * public String health() { ... }
 *
 * @POST @Path("/documents")
 * @XmlLogging(strategy = Strategy.WITHOUT_BODY)
 * public String upload(InputStream document) { ... }
 * }</pre>
 */
@NameBinding
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface XmlLogging {
    /** Whether the exchanges are logged at all; false: not logged. */
    boolean enabled() default true;

    /** {@code limit}: the most payload logged, in bytes (-1: no limit); -2 (the default): as in force. */
    int limit() default -2;

    /** CXF's {@code inMemThresHold}: with {@code limit} -1, how much payload is kept for the record; -2: as in force. */
    int inMemThresHold() default -2;

    /** {@code pretty}: true indents payloads; false (the default): as in force. */
    boolean pretty() default false;

    /** {@code logBinary}: true logs binary bodies; false (the default): as in force. */
    boolean logBinary() default false;

    /** {@code logMultipart}: false leaves multipart bodies out; true (the default): as in force. */
    boolean logMultipart() default true;

    /** Elements also masked, wherever they are (added to those in force). */
    String[] sensitiveElementNames() default {};

    /** Attributes also masked, wherever they are (added to those in force). */
    String[] sensitiveAttributeNames() default {};

    /** Paths also masked (added to those in force). */
    String[] anonymize() default {};

    /** Paths also pruned (added to those in force). */
    String[] prune() default {};

    /** {@code wsSecurity}: false switches the WS-Security/SAML preset off; true (the default): as in force. */
    boolean wsSecurity() default true;

    /** Value detectors also applied, by name: {@code card-numbers}, {@code ibans}, ... (added to those in force). */
    String[] detect() default {};

    /** The strategy (at most one); none given: as in force. */
    Strategy[] strategy() default {};

    /**
     * Any other option, as {@code "name=value"} by its name or property ({@code "exchange.slow-threshold=2s"},
     * {@code "body.max-text-length=200"}): see {@code io.xmlformatter.message.Options}.
     */
    String[] options() default {};
}
