package io.xmlformatter.cxf;

import io.xmlformatter.message.Strategy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The equivalent of CXF's {@code @org.apache.cxf.ext.logging.Logging}: on a service implementation or service
 * interface, it logs that endpoint (or that client) with xml-formatter — with the logging in force on its bus (the
 * Spring Boot starter's, a bus-wide {@link XmlLoggingFeature}'s: same sinks, same chains) changed by the attributes,
 * else with the defaults changed by them. An attribute left at its default leaves its option as in force; names and
 * paths are added to those masked. The attributes CXF's annotation has keep their names (including CXF's spelling
 * {@code inMemThresHold}), so switching is a change of the import; the others are xml-formatter's, and mean what the
 * same attributes of the Jakarta REST {@code io.xmlformatter.jaxrs.XmlLogging} mean. Read by
 * {@link XmlLoggingAnnotationListener}, which the jar registers with every CXF bus.
 *
 * <pre>{@code
 * @WebService(endpointInterface = "com.example.Bank")
 * @XmlLogging(pretty = true, sensitiveElementNames = "Iban")
 * public class BankImpl implements Bank { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Inherited
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
