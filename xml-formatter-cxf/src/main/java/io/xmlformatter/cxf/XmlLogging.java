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
 * interface, it logs that endpoint (or that client) with xml-formatter, as if an {@link XmlLoggingFeature} with these
 * settings were on it. The attributes CXF's annotation has keep their names (including CXF's spelling
 * {@code inMemThresHold}), so switching is a change of the import; the others are xml-formatter's. Read by
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
    /** CXF's {@code limit}: the most payload logged, in bytes (-1: no limit). */
    int limit() default 48 * 1024;

    /** CXF's {@code inMemThresHold}: with {@code limit} -1, how much payload is kept in memory for the record. */
    int inMemThresHold() default -1;

    /** CXF's {@code pretty}: indent payloads. */
    boolean pretty() default false;

    /** CXF's {@code logBinary}: log binary bodies. */
    boolean logBinary() default false;

    /** CXF's {@code logMultipart}: log multipart bodies (attachments are never dumped). */
    boolean logMultipart() default true;

    /** Elements whose content is masked, wherever they are (on top of the WS-Security preset). */
    String[] sensitiveElementNames() default {};

    /** Attributes whose values are masked, wherever they are. */
    String[] sensitiveAttributeNames() default {};

    /** Paths whose element text or attribute values are masked. */
    String[] anonymize() default {};
    /** Paths whose subtrees are left out of the payload (as {@code XmlLoggingSettings#setPrune}). */
    String[] prune() default {};

    /** The WS-Security/SAML masking preset. */
    boolean wsSecurity() default true;

    /** Value detectors by name, e.g. {@code card-numbers}, {@code ibans} (see {@code XmlLoggingSettings#setDetect}). */
    String[] detect() default {};

    /** The strategy (at most one; none given: {@link Strategy#ALWAYS}). */
    Strategy[] strategy() default {};
}
