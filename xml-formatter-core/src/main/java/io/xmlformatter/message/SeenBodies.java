package io.xmlformatter.message;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The bodies logged within each correlation id while one of its exchanges is open (the duplicate option): a body
 * whose captured bytes equal an earlier one's, logged by the same logger (so with the same masking) with the same
 * media type, charset and coding, is not rendered again (a proxy's request in, then out to its backend). A correlation id
 * remembers at most {@link #PER_ID} bodies, by a 96-bit digest of their bytes, and is forgotten when its last exchange
 * ends (or it is past the chain age). Lock-free.
 */
final class SeenBodies {
    /** The most bodies one correlation id remembers; later ones are logged in full. */
    static final int PER_ID = 8;
    private final ConcurrentMap<String, Scope> scopes = new ConcurrentHashMap<>();

    /** An exchange of this correlation id begins: the bodies its records may repeat, until it leaves. */
    Scope join(String correlationId) {
        while (true) {
            Scope s = scopes.computeIfAbsent(correlationId, Scope::new);
            if (s.join()) {
                return s;
            }
            scopes.remove(correlationId, s); // closed as we came: take a new one
        }
    }

    /** How many correlation ids are remembered now. */
    int size() {
        return scopes.size();
    }

    /** Forgets the correlation ids older than {@code maxAgeNanos} (their exchanges never ended). */
    void expire(long now, long maxAgeNanos) {
        scopes.values().removeIf(s -> now - s.created > maxAgeNanos);
    }

    /** One correlation id's bodies, and how many of its exchanges are open (-1: closed). */
    final class Scope {
        private final String id;
        private final long created = System.nanoTime();
        private final AtomicInteger open = new AtomicInteger();
        private final AtomicReference<Seen[]> seen = new AtomicReference<>(new Seen[0]);

        private Scope(String id) {
            this.id = id;
        }

        private boolean join() {
            int n;
            do {
                n = open.get();
                if (n < 0) {
                    return false;
                }
            } while (!open.compareAndSet(n, n + 1));
            return true;
        }

        /** An exchange leaves; after the last, the bodies are forgotten. */
        void leave() {
            if (open.decrementAndGet() == 0 && open.compareAndSet(0, -1)) {
                scopes.remove(id, this);
            }
        }

        /**
         * The name of an earlier body equal to {@code body} logged by {@code logger}, or null: then this one is
         * remembered under {@code name} (unless {@link #PER_ID} are already).
         */
        String firstOf(Object logger, MessageFacts facts, CapturedBody body, String name) {
            Seen key = new Seen(logger, facts, body, name);
            while (true) {
                Seen[] now = seen.get();
                for (Seen s : now) {
                    if (s.sameBody(key)) {
                        return s.name;
                    }
                }
                if (now.length >= PER_ID) {
                    return null;
                }
                Seen[] next = Arrays.copyOf(now, now.length + 1);
                next[now.length] = key;
                if (seen.compareAndSet(now, next)) {
                    return null;
                }
            }
        }
    }

    /** A body as logged: its logger, what decides its rendering besides its bytes, and a digest of the bytes. */
    private static final class Seen {
        /** The logger that rendered it, by identity (a rule's logger masks otherwise). */
        final Object logger;
        final String contentType;
        final String encoding;
        final String coding;
        final int length;
        final boolean complete;
        final long originalSize;
        final long fnv;
        final int hash;
        final String name;

        Seen(Object logger, MessageFacts facts, CapturedBody body, String name) {
            this.logger = logger;
            String type = facts.contentTypeLower();
            int semi = type.indexOf(';');
            // what the body rule reads of the content type: its media type and charset (a multipart's boundary too)
            this.contentType = semi < 0 || type.startsWith("multipart/") ? type : type.substring(0, semi).trim();
            String charset = facts.encoding() != null ? facts.encoding()
                    : BodyRenderer.parameter(facts.contentType(), "charset");
            this.encoding = charset == null ? null : charset.trim().toLowerCase(Locale.ROOT);
            this.coding = facts.header("Content-Encoding");
            this.length = body.length();
            this.complete = body.complete();
            this.originalSize = body.originalSize();
            byte[] b = body.bytes();
            long h = 0xcbf29ce484222325L;
            int j = 1;
            for (int i = 0; i < length; i++) {
                h = (h ^ (b[i] & 0xff)) * 0x100000001b3L;
                j = 31 * j + b[i];
            }
            this.fnv = h;
            this.hash = j;
            this.name = name;
        }

        boolean sameBody(Seen o) {
            return logger == o.logger && length == o.length && fnv == o.fnv && hash == o.hash
                    && complete == o.complete && originalSize == o.originalSize && contentType.equals(o.contentType)
                    && Objects.equals(encoding, o.encoding) && Objects.equals(coding, o.coding);
        }
    }
}
