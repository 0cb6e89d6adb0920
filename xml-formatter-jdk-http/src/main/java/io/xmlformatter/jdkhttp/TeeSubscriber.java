package io.xmlformatter.jdkhttp;

import io.xmlformatter.message.BodyTee;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The caller's body subscriber, the buffers it receives copied into the capture as they arrive: done, whole, when
 * the body is complete; cut when it fails or the caller cancels it.
 */
final class TeeSubscriber<T> implements HttpResponse.BodySubscriber<T> {
    private final HttpResponse.BodySubscriber<T> subscriber;
    private final BodyTee tee;

    TeeSubscriber(HttpResponse.BodySubscriber<T> subscriber, BodyTee tee) {
        this.subscriber = subscriber;
        this.tee = tee;
    }

    @Override
    public CompletionStage<T> getBody() {
        return subscriber.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        subscriber.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
                subscription.request(n);
            }

            @Override
            public void cancel() {
                tee.finish();
                subscription.cancel();
            }
        });
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        items.forEach(tee::add);
        subscriber.onNext(items);
    }

    @Override
    public void onError(Throwable failure) {
        tee.finish();
        subscriber.onError(failure);
    }

    @Override
    public void onComplete() {
        tee.finishAsWhole();
        subscriber.onComplete();
    }
}
