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
 * media type, charset and coding, is not rendered again (a proxy's request in, then out to its backend). Bodies are
 * compared byte for byte — no digest, so no body can pass for another — and only when their lengths and types
 * match. A correlation id remembers at most {@link #PER_ID} bodies, by reference to their captured bytes (which
 * nothing writes again), within a bound of remembered bytes for all ids (past it, a body is logged in full and not
 * remembered); it is forgotten when its last exchange ends (or it is past the chain age). Lock-free.
 */
final class SeenBodies {
    /** The most bodies one correlation id remembers; later ones are logged in full. */
    static final int PER_ID = 8;
    private static final Seen[] CLOSED = new Seen[0];
    private final ConcurrentMap<String, Scope> scopes = new ConcurrentHashMap<>();
    /** The bytes remembered, for all correlation ids. */
    private final HeldBytes remembered;

    /** Remembers at most {@code maxBytes} bytes of bodies at a time. */
    SeenBodies(long maxBytes) {
        remembered = new HeldBytes(maxBytes);
    }

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

    /** How many bytes of bodies are remembered now. */
    long bytes() {
        return remembered.bytes();
    }

    /** Forgets the correlation ids older than {@code maxAgeNanos} (their exchanges never ended). */
    void expire(long now, long maxAgeNanos) {
        scopes.values().removeIf(s -> now - s.created > maxAgeNanos && s.forget());
    }

    /** One correlation id's bodies, and how many of its exchanges are open (-1: closed). */
    final class Scope {
        private final String id;
        private final long created = System.nanoTime();
        private final AtomicInteger open = new AtomicInteger();
        /** The bodies remembered; {@link #CLOSED} once forgotten (their bytes given back). */
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
                forget();
            }
        }

        /** Gives the remembered bytes back, once; true (for {@code removeIf}). */
        private boolean forget() {
            long bytes = 0;
            for (Seen s : seen.getAndSet(CLOSED)) {
                bytes += s.length;
            }
            remembered.released(bytes);
            return true;
        }

        /**
         * The name of an earlier body equal to {@code body} logged by {@code logger}, or null: then this one is
         * remembered under {@code name} (unless {@link #PER_ID} are, or the bound has no room for it).
         */
        String firstOf(Object logger, MessageFacts facts, CapturedBody body, String name) {
            Seen key = new Seen(logger, facts, body, name);
            Seen[] now = seen.get();
            String first = firstIn(now, key);
            if (first != null || !roomIn(now) || !remembered.reserve(key.length)) {
                return first;
            }
            while (!seen.compareAndSet(now, append(now, key))) { // another body came, or the scope closed
                now = seen.get();
                first = firstIn(now, key);
                if (first != null || !roomIn(now)) {
                    remembered.released(key.length);
                    return first;
                }
            }
            return null; // remembered: the scope gives its bytes back
        }
    }

    private static String firstIn(Seen[] seen, Seen key) {
        for (Seen s : seen) {
            if (s.sameBody(key)) {
                return s.name;
            }
        }
        return null;
    }

    private static boolean roomIn(Seen[] seen) {
        return seen != CLOSED && seen.length < PER_ID;
    }

    private static Seen[] append(Seen[] seen, Seen key) {
        Seen[] next = Arrays.copyOf(seen, seen.length + 1);
        next[seen.length] = key;
        return next;
    }

    /** A body as logged: its logger, what decides its rendering besides its bytes, and the bytes. */
    private static final class Seen {
        /** The logger that rendered it, by identity (a rule's logger masks otherwise). */
        final Object logger;
        final String contentType;
        final String encoding;
        final String coding;
        final int length;
        final boolean complete;
        final long originalSize;
        /** The captured bytes: {@code [0, length)} is never written again. */
        final byte[] bytes;
        final String name;

        Seen(Object logger, MessageFacts facts, CapturedBody body, String name) {
            this.logger = logger;
            String type = facts.contentTypeLower();
            int semi = type.indexOf(';');
            // what the body rule reads of the content type: its media type and charset (a multipart's boundary too)
            this.contentType = semi < 0 || type.startsWith("multipart/") ? type : type.substring(0, semi).trim();
            String charset = facts.encoding() != null ? facts.encoding()
                    : HeaderParameter.of(facts.contentType(), "charset");
            this.encoding = charset == null ? null : charset.trim().toLowerCase(Locale.ROOT);
            this.coding = facts.header("Content-Encoding");
            this.length = body.length();
            this.complete = body.complete();
            this.originalSize = body.originalSize();
            this.bytes = body.bytes();
            this.name = name;
        }

        boolean sameBody(Seen o) {
            return logger == o.logger && length == o.length && complete == o.complete
                    && originalSize == o.originalSize && contentType.equals(o.contentType)
                    && Objects.equals(encoding, o.encoding) && Objects.equals(coding, o.coding) && sameBytes(o);
        }

        private boolean sameBytes(Seen o) {
            byte[] a = bytes;
            byte[] b = o.bytes;
            for (int i = 0; i < length; i++) {
                if (a[i] != b[i]) {
                    return false;
                }
            }
            return true;
        }
    }
}
