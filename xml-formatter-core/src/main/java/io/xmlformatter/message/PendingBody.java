package io.xmlformatter.message;

import io.xmlformatter.Experimental;

import java.util.function.Consumer;

/**
 * A body being captured as the application reads it ({@link BodyTee}) or writes it ({@link WrittenBody}), given to
 * an exchange before it is done ({@link ExchangeLog.RequestStage#request(MessageFacts, PendingBody)}).
 */
@Experimental
public interface PendingBody {
    /**
     * Runs {@code action} once with the captured body: now if the capture is done, else when it is done. An
     * action that throws does not stop the others.
     */
    void whenDone(Consumer<CapturedBody> action);

    /**
     * The exchange needs the record now (its response came, or it ended): the capture is done with what it has
     * (an inbound body first takes what has already arrived, within the limit, without waiting for more).
     */
    void settle();
}
