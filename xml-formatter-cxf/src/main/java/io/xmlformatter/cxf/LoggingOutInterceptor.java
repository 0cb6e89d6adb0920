package io.xmlformatter.cxf;

import org.apache.cxf.phase.Phase;

/**
 * A drop-in for CXF's {@code org.apache.cxf.interceptor.LoggingOutInterceptor}, removed in CXF 4.2: change the
 * package in {@code <jaxws:outInterceptors>} (and {@code outFaultInterceptors}) or in code, keep its properties (as
 * {@link LoggingInInterceptor}'s). It records the body as it is written and logs as {@link XmlLoggingFeature} does.
 */
public class LoggingOutInterceptor extends LegacyLoggingInterceptor {
    /** An interceptor with the defaults (limit 48 KiB, WS-Security masked, SLF4J in CXF's text layout). */
    public LoggingOutInterceptor() {
        super(Phase.PRE_STREAM, false);
        addAfter("org.apache.cxf.ext.logging.LoggingOutInterceptor");
    }

    /** An interceptor that logs at most {@code limit} bytes of each payload. */
    public LoggingOutInterceptor(int limit) {
        this();
        setLimit(limit);
    }
}
