package io.xmlformatter.cxf;

import org.apache.cxf.Bus;
import org.apache.cxf.buslifecycle.BusLifeCycleListener;
import org.apache.cxf.buslifecycle.BusLifeCycleManager;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;

/** The interceptors of one {@link CxfLogging}, as a pair per chain or added to a provider's four chains. */
final class Interceptors {
    private Interceptors() {
    }

    /** One interceptor for an in chain: the body tap, which adds the record writer to the running chain. */
    static Interceptor<Message> in(CxfLogging logging) {
        return new ChainEntry(new PayloadTapInterceptor(logging), new XmlLoggingInInterceptor(logging));
    }

    /** One interceptor for an out chain: the body recorder, which adds its fallback to the running chain. */
    static Interceptor<Message> out(CxfLogging logging) {
        return new ChainEntry(new XmlLoggingOutInterceptor(logging), new XmlLoggingOutInterceptor.Ending());
    }

    /**
     * Adds the interceptors to {@code provider}'s in, in-fault, out and out-fault chains, unless it has some
     * already; the sinks are closed when {@code bus} shuts down.
     */
    static void install(InterceptorProvider provider, Bus bus, CxfLogging logging) {
        if (installedOn(provider)) {
            return;
        }
        closeSinksWith(bus, logging);
        PayloadTapInterceptor tap = new PayloadTapInterceptor(logging);
        XmlLoggingInInterceptor in = new XmlLoggingInInterceptor(logging);
        XmlLoggingOutInterceptor out = new XmlLoggingOutInterceptor(logging);
        XmlLoggingOutInterceptor.Ending ending = new XmlLoggingOutInterceptor.Ending();
        provider.getInInterceptors().add(tap);
        provider.getInInterceptors().add(in);
        provider.getInFaultInterceptors().add(tap);
        provider.getInFaultInterceptors().add(in);
        provider.getOutInterceptors().add(out);
        provider.getOutInterceptors().add(ending);
        provider.getOutFaultInterceptors().add(out);
        provider.getOutFaultInterceptors().add(ending);
    }

    /** Whether {@code provider} already has interceptors of some xml-formatter settings. */
    static boolean installedOn(InterceptorProvider provider) {
        for (Interceptor<?> i : provider.getInInterceptors()) {
            if (i instanceof PayloadTapInterceptor) {
                return true;
            }
        }
        return false;
    }

    /**
     * When the bus shuts down, sinks that hold resources (a MongoDB sink's queue and client) are closed: one
     * listener per bus, however many endpoints and clients (an application that makes a client per call adds no
     * listener after the first).
     */
    private static void closeSinksWith(Bus bus, CxfLogging logging) {
        BusLifeCycleManager lifeCycle = bus == null ? null : bus.getExtension(BusLifeCycleManager.class);
        if (lifeCycle == null || !logging.closesWith(bus)) {
            return;
        }
        lifeCycle.registerLifeCycleListener(new BusLifeCycleListener() {
            @Override
            public void initComplete() {
            }

            @Override
            public void preShutdown() {
            }

            @Override
            public void postShutdown() {
                logging.close();
            }
        });
    }
}
