package io.xmlformatter.cxf;

import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.PhaseInterceptor;

/**
 * One interceptor standing for a pair, for configurations that list interceptors instead of features: it does
 * the work of the first (in the first's phase) and adds the partner, which runs in a later phase, to the running
 * chain.
 */
final class ChainEntry extends AbstractPhaseInterceptor<Message> {
    private final PhaseInterceptor<Message> first;
    private final PhaseInterceptor<Message> partner;
    /** The message key naming the chain the partner was added to (messages copy properties into others). */
    private final String added;

    ChainEntry(PhaseInterceptor<Message> first, PhaseInterceptor<Message> partner) {
        super(first.getId() + ".entry", first.getPhase());
        getAfter().addAll(first.getAfter());
        this.first = first;
        this.partner = partner;
        this.added = partner.getId() + ".added";
    }

    @Override
    public void handleMessage(Message message) throws Fault {
        InterceptorChain chain = message.getInterceptorChain();
        if (chain != null && message.put(added, chain) != chain) {
            chain.add(partner);
        }
        first.handleMessage(message);
    }

    @Override
    public void handleFault(Message message) {
        first.handleFault(message);
    }
}
