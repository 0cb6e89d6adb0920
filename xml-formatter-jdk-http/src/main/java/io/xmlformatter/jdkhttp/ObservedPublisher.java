package io.xmlformatter.jdkhttp;

import io.xmlformatter.message.WrittenBody;

import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The request's publisher as the client subscribes to it: every buffer goes on unchanged and is copied into the
 * capture. Only the first subscription is copied (the client subscribes again to resend the body on a redirect or
 * an authentication challenge).
 */
final class ObservedPublisher implements HttpRequest.BodyPublisher {
    private final HttpRequest.BodyPublisher publisher;
    private final WrittenBody body;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    ObservedPublisher(HttpRequest.BodyPublisher publisher, WrittenBody body) {
        this.publisher = publisher;
        this.body = body;
    }

    @Override
    public long contentLength() {
        return publisher.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        if (subscribed.getAndSet(true)) {
            publisher.subscribe(subscriber);
            return;
        }
        publisher.subscribe(new Flow.Subscriber<ByteBuffer>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscriber.onSubscribe(subscription);
            }

            @Override
            public void onNext(ByteBuffer item) {
                body.add(item);
                subscriber.onNext(item);
            }

            @Override
            public void onError(Throwable failure) {
                body.finish();
                subscriber.onError(failure);
            }

            @Override
            public void onComplete() {
                body.finish();
                subscriber.onComplete();
            }
        });
    }
}
