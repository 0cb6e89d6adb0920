package io.xmlformatter.cxf;

import org.apache.cxf.phase.Phase;

/**
 * A drop-in for CXF's {@code org.apache.cxf.interceptor.LoggingInInterceptor}, removed in CXF 4.2: change the
 * package in {@code <jaxws:inInterceptors>} (and {@code inFaultInterceptors}) or in code, keep its properties
 * ({@code limit}, {@code prettyLogging}, {@code inMemThreshold}, {@code showBinaryContent},
 * {@code showMultipartContent}, {@code binaryContentMediaTypes}); {@code outputLocation} and {@code printWriter} are
 * refused with a message (records go to SLF4J). It logs as {@link XmlLoggingFeature} does — masked, one record per
 * message, correlated with the response — through the same interceptors. Pair it with {@link LoggingOutInterceptor};
 * the interceptor that begins an exchange (this one on a service, the out one on a client) decides its options.
 */
public class LoggingInInterceptor extends LegacyLoggingInterceptor {
    /** An interceptor with the defaults (limit 48 KiB, WS-Security masked, SLF4J in CXF's text layout). */
    public LoggingInInterceptor() {
        super(Phase.RECEIVE, true);
    }

    /** An interceptor that logs at most {@code limit} bytes of each payload. */
    public LoggingInInterceptor(int limit) {
        this();
        setLimit(limit);
    }
}
