package io.xmlformatter.message;

/**
 * The client calls running on a thread, each opened by a synchronous adapter around its call
 * ({@code ExchangeLog.ResponseStage.callOnThisThread}): a client exchange begun meanwhile on the thread for the same
 * address is the same call seen by a second integration (a {@code RestClient} interceptor over an HTTP client that
 * logs too), and is left to the first, so that a call is logged once.
 */
final class ClientCalls {
    private static final ThreadLocal<Call> RUNNING = new ThreadLocal<>();

    private ClientCalls() {
    }

    /** Whether a call to {@code address} is running on this thread. */
    static boolean running(String address) {
        for (Call c = RUNNING.get(); c != null; c = c.outer) {
            if (c.address.equals(address)) {
                return true;
            }
        }
        return false;
    }

    /** A call to {@code address} runs on this thread until the returned call is closed. */
    static Call open(String address) {
        Call call = new Call(address, RUNNING.get(), Thread.currentThread());
        RUNNING.set(call);
        return call;
    }

    /** One call on its thread, and the one it runs within. */
    static final class Call {
        final String address;
        final Call outer;
        private final Thread thread;
        private boolean closed;

        Call(String address, Call outer, Thread thread) {
            this.address = address;
            this.outer = outer;
            this.thread = thread;
        }

        /** The thread's running calls lose this one (and any opened within it and not closed). */
        void close() {
            if (closed || Thread.currentThread() != thread) {
                return;
            }
            closed = true;
            for (Call c = RUNNING.get(); c != null; c = c.outer) {
                if (c == this) {
                    if (outer == null) {
                        RUNNING.remove();
                    } else {
                        RUNNING.set(outer);
                    }
                    return;
                }
            }
        }
    }
}
