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
 * wins over its class's). It is a name-binding annotation, so your own filters can be bound to it; the
 * feature's filters apply to every resource either way and read it for the settings.
 *
 * <pre>{@code
 * @POST @Path("/payments")
 * @XmlLogging(limit = 4096, anonymize = "//card/number", pretty = XmlLogging.Toggle.ON)
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
    /** Whether the exchange is logged at all. */
    boolean enabled() default true;

    /** The most payload logged, in bytes (-1: no limit, as CXF's); the global limit when left at -2. */
    int limit() default -2;

    /** Paths masked on top of the global ones. */
    String[] anonymize() default {};

    /** Paths pruned on top of the global ones. */
    String[] prune() default {};

    /** The strategy (at most one); none given: as configured globally. */
    Strategy[] strategy() default {};

    /** Indentation of payloads: on, off, or as configured globally. */
    Toggle pretty() default Toggle.INHERIT;

    /** A setting that is on, off or as configured globally. */
    enum Toggle {
        /** As configured globally. */
        INHERIT,
        /** On. */
        ON,
        /** Off. */
        OFF
    }
}
