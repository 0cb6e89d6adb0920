package io.xmlformatter.message;

import java.util.function.Consumer;

/**
 * An exchange's bodies still being captured: the request's, whose record is made with what has arrived when the
 * response comes or the exchange ends (a body nobody reads to its end), and how many logged bodies the exchange's
 * end waits for (a body finished on another thread after the adapter ended the exchange). Thread-safe.
 */
final class BodiesInFlight {
    /** The request's body while it is being captured, or null. */
    private volatile PendingBody request;
    /** How many logged bodies are still being captured. Guarded by this. */
    private int capturing;
    /** Whether the exchange's end was asked while a body was still being captured. Guarded by this. */
    private boolean endAsked;

    /** {@code body} is the request's: it is settled when the response comes, or at the end. */
    void request(PendingBody body) {
        request = body;
    }

    /**
     * When {@code body}'s capture is done, {@code log} takes it; then {@code end} runs if the exchange's end was
     * asked meanwhile and no other body is still being captured.
     */
    void whenDone(PendingBody body, Consumer<CapturedBody> log, Runnable end) {
        synchronized (this) {
            capturing++;
        }
        body.whenDone(b -> {
            log.accept(b);
            boolean ending;
            synchronized (this) {
                ending = --capturing == 0 && endAsked;
            }
            if (ending) {
                end.run();
            }
        });
    }

    /** The request's record is made now if it is still to come, with what has arrived of its body. */
    void settleRequest() {
        PendingBody body = request;
        if (body != null) {
            request = null;
            body.settle();
        }
    }

    /** Whether the end waits for a body still being captured: then the last one done ends the exchange. */
    synchronized boolean endWaits() {
        if (capturing > 0) {
            endAsked = true;
            return true;
        }
        return false;
    }
}
