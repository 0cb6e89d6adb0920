package io.xmlformatter.benchmarks.e2e;

import io.xmlformatter.cxf.XmlLoggingFeature;
import io.xmlformatter.jdkhttp.XmlLoggingHttpClient;
import io.xmlformatter.message.MessageLogger;
import io.xmlformatter.mongo.MongoSink;
import io.xmlformatter.mongo.MongoSinkSettings;
import org.apache.cxf.ext.logging.LoggingFeature;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;

import java.util.List;
import java.util.Locale;

/** The logging configurations of the end-to-end benchmark, applied to the proxy's endpoint. */
enum LoggingSetup {
    /** No logging. */
    NONE,
    /** CXF's LoggingFeature, payloads as they are. */
    RAW,
    /** CXF's deprecated LoggingIn/OutInterceptor with prettyLogging (a JDK Transformer per message). */
    CXF_TRANSFORMER,
    /** CXF's LoggingFeature with prettyLogging (StAX). */
    CXF_STAX,
    /** XmlLoggingFeature as a drop-in with prettyLogging, no masking. */
    XF_PLAIN,
    /** XmlLoggingFeature with prettyLogging and the WS-Security/SAML masking preset. */
    XF_FILTER,
    /** As XF_FILTER, writing to the MongoDB sink instead of the log file. */
    XF_MONGO,
    /** As XF_FILTER, through the recommended logback setup: an AsyncAppender, no flush per event (run.sh). */
    XF_ASYNC,
    /** As XF_FILTER, through the recommended file appender alone: no flush per event, no AsyncAppender (run.sh). */
    XF_BUFFERED,
    /** As XF_FILTER with the record loggers switched off (run.sh): the cost of the interceptors alone. */
    XF_OFF,
    /** As XF_ASYNC with the strategy BODY_ON_FAILURE: a successful exchange's records carry no bodies (run.sh). */
    XF_ON_FAILURE,
    /**
     * The appender's floor beside XF_ASYNC: the records XF_ASYNC writes, made once at start-up, logged as they are
     * through the same logback setup (run.sh); no capture, no formatting per request ({@link RecordReplay}).
     */
    FLOOR_ASYNC,
    /**
     * A proxy logging both sides: as XF_ASYNC, and the proxy's call to its backend logged too (the JDK client
     * wrapped by {@code XmlLoggingHttpClient}, sharing the endpoint's logger): four full records per request.
     */
    XF_PROXY,
    /**
     * As XF_PROXY with {@code exchange.suppress-duplicates} (the Boot starter's default): a body the proxy passes on
     * unchanged is rendered once; its second record names the first.
     */
    XF_PROXY_DEDUP,
    /** The appender's floor beside XF_PROXY: FLOOR_ASYNC with the client's two records as well (four per request). */
    FLOOR_PROXY;

    /** The name used on the command line and in the results: {@code xf-filter} etc. */
    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static LoggingSetup of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /**
     * Adds this configuration's logging to the endpoint.
     *
     * @param proxy the proxy, whose client the XF_PROXY configurations log
     * @param mongoUri the MongoDB connection string (XF_MONGO only)
     * @return the Mongo sink to close at the end, or null
     */
    @SuppressWarnings("deprecation")
    MongoSink apply(JaxWsServerFactoryBean endpoint, ProxyProvider proxy, String mongoUri) {
        switch (this) {
            case NONE:
                return null;
            case XF_PROXY:
            case XF_PROXY_DEDUP:
                MessageLogger logger = MessageLogger.builder().pretty(true).wsSecurity(true)
                        .suppressDuplicates(this == XF_PROXY_DEDUP).build();
                endpoint.getFeatures().add(new XmlLoggingFeature(logger));
                proxy.wrapClient(client -> XmlLoggingHttpClient.wrap(client, logger));
                return null;
            case FLOOR_ASYNC:
            case FLOOR_PROXY:
                RecordReplay replay = new RecordReplay(this == FLOOR_PROXY);
                System.out.println("RECORD LENGTHS " + replay.lengths());
                List<AbstractPhaseInterceptor<Message>> pair = replay.interceptors();
                endpoint.getInInterceptors().add(pair.get(0));
                endpoint.getOutInterceptors().add(pair.get(1));
                return null;
            case RAW:
            case CXF_STAX:
                LoggingFeature cxf = new LoggingFeature();
                cxf.setPrettyLogging(this == CXF_STAX);
                endpoint.getFeatures().add(cxf);
                return null;
            case CXF_TRANSFORMER:
                org.apache.cxf.interceptor.LoggingInInterceptor in =
                        new org.apache.cxf.interceptor.LoggingInInterceptor();
                org.apache.cxf.interceptor.LoggingOutInterceptor out =
                        new org.apache.cxf.interceptor.LoggingOutInterceptor();
                in.setPrettyLogging(true);
                out.setPrettyLogging(true);
                endpoint.getInInterceptors().add(in);
                endpoint.getOutInterceptors().add(out);
                endpoint.getOutFaultInterceptors().add(out);
                return null;
            default:
                XmlLoggingFeature xf = new XmlLoggingFeature();
                xf.setPrettyLogging(true);
                java.util.Map<String, String> options = new java.util.HashMap<>();
                options.put("masking.ws-security", String.valueOf(this != XF_PLAIN));
                if (this == XF_ON_FAILURE) {
                    options.put("exchange.strategy", "BODY_ON_FAILURE");
                }
                xf.setOptions(options);
                MongoSink sink = null;
                if (this == XF_MONGO) {
                    MongoSinkSettings settings = new MongoSinkSettings();
                    settings.setConnectionString(mongoUri);
                    settings.setDatabase("e2e");
                    sink = new MongoSink(settings);
                    xf.setSink(sink);
                }
                endpoint.getFeatures().add(xf);
                return sink;
        }
    }
}
