package io.xmlformatter.cxf;

import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.PhaseInterceptor;

import java.util.ListIterator;

/**
 * One interceptor standing for a pair, for configurations that list interceptors instead of features: it does
 * the work of the first (in the first's phase) and adds the partner, which runs in a later phase, to the running
 * chain.
 */
final class ChainEntry extends AbstractPhaseInterceptor<Message> {
    private final PhaseInterceptor<Message> first;
    private final PhaseInterceptor<Message> partner;

    ChainEntry(PhaseInterceptor<Message> first, PhaseInterceptor<Message> partner) {
        super(first.getId() + ".entry", first.getPhase());
        getAfter().addAll(first.getAfter());
        this.first = first;
        this.partner = partner;
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        InterceptorChain chain = message.getInterceptorChain();
        if (chain != null && !contains(chain, partner.getId())) {
            chain.add(partner);
        }
        first.handleMessage(message);
    }

    @Override
    public void handleFault(Message message) {
        first.handleFault(message);
    }

    private static boolean contains(InterceptorChain chain, String id) {
        ListIterator<Interceptor<? extends Message>> it = chain.getIterator();
        while (it.hasNext()) {
            Interceptor<? extends Message> i = it.next();
            if (i instanceof PhaseInterceptor && id.equals(((PhaseInterceptor<?>) i).getId())) {
                return true;
            }
        }
        return false;
    }
}
