package io.xmlformatter.cxf;

import io.xmlformatter.record.LogSink;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * What CXF's removed {@code org.apache.cxf.interceptor.LoggingInInterceptor} and {@code LoggingOutInterceptor}
 * (gone in CXF 4.2) share, for configurations that list them: their setters, mapped onto a
 * {@link BaseXmlLoggingFeature}'s options, and the feature's interceptor for this chain doing the work (the same
 * code path as the feature; it is built at the first message, when the setters have run).
 */
abstract class LegacyLoggingInterceptor extends AbstractPhaseInterceptor<Message> {
    private final BaseXmlLoggingFeature feature = new BaseXmlLoggingFeature();
    private final boolean inbound;
    private volatile Interceptor<Message> work;

    LegacyLoggingInterceptor(String phase, boolean inbound) {
        super(phase);
        this.inbound = inbound;
    }

    /** The old {@code limit}: the most payload logged, in bytes (-1: no limit). */
    public void setLimit(int limit) {
        feature.setLimit(limit);
    }

    /** The old {@code prettyLogging}: indent payloads. */
    public void setPrettyLogging(boolean pretty) {
        feature.setPrettyLogging(pretty);
    }

    /** The old {@code inMemThreshold}: with {@code limit} -1, how much payload is kept for the record. */
    public void setInMemThreshold(long threshold) {
        feature.setInMemThreshold(threshold);
    }

    /** The old {@code showBinaryContent}: log binary bodies (ours: {@code logBinary}). */
    public void setShowBinaryContent(boolean show) {
        feature.setLogBinary(show);
    }

    /** The old {@code showMultipartContent}: log multipart bodies (ours: {@code logMultipart}). */
    public void setShowMultipartContent(boolean show) {
        feature.setLogMultipart(show);
    }

    /** The old {@code binaryContentMediaTypes}: added to the media types treated as binary in this direction. */
    public void setBinaryContentMediaTypes(List<String> mediaTypes) {
        if (inbound) {
            feature.addInBinaryContentMediaTypes(String.join(",", mediaTypes));
        } else {
            feature.addOutBinaryContentMediaTypes(String.join(",", mediaTypes));
        }
    }

    /**
     * The old {@code outputLocation} ({@code <stdout>}, {@code <stderr>}, a file URL) is not taken: records go to
     * the sink, SLF4J by default, under CXF's logger names; send them to a file or the console with the logging
     * configuration (a logback appender), or set a {@link #setSink sink}.
     *
     * @throws UnsupportedOperationException always, naming the way
     */
    public void setOutputLocation(String location) {
        throw dropped("outputLocation");
    }

    /**
     * The old {@code printWriter} is not taken, for the reason {@link #setOutputLocation} gives.
     *
     * @throws UnsupportedOperationException always, naming the way
     */
    public void setPrintWriter(PrintWriter writer) {
        throw dropped("printWriter");
    }

    private static UnsupportedOperationException dropped(String property) {
        return new UnsupportedOperationException("xml-formatter-cxf: '" + property + "' of CXF's removed logging "
                + "interceptors is not taken: records go to SLF4J under CXF's logger names (org.apache.cxf.services."
                + "<PortType>.REQ_IN, ...); route them with your logging configuration, or set 'sink'");
    }

    /** Where records go (not in the old interceptors): SLF4J in CXF's text layout by default. */
    public void setSink(LogSink sink) {
        feature.setSink(sink);
    }

    /**
     * Any other option of the message logger by name, as text (not in the old interceptors): see
     * {@link BaseXmlLoggingFeature#setOptions}.
     */
    public void setOptions(Map<String, String> options) {
        feature.setOptions(options);
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        work().handleMessage(message);
    }

    @Override
    public void handleFault(Message message) {
        work().handleFault(message);
    }

    private Interceptor<Message> work() {
        Interceptor<Message> w = work;
        if (w == null) {
            synchronized (this) {
                if (work == null) {
                    work = inbound ? feature.getInInterceptor() : feature.getOutInterceptor();
                }
                w = work;
            }
        }
        return w;
    }
}
