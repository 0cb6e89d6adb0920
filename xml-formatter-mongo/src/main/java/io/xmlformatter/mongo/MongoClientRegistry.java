package io.xmlformatter.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Exactly one {@link MongoClient} per client configuration in this class loader, shared by every sink that uses
 * it and closed with its last user. A client configuration is everything that shapes the client: the connection
 * string (servers, credentials, TLS, options), the application name, the pool size and the timeouts. Two sinks
 * that differ in any of them get two clients; two that agree share one. (One client per connector object exhausted
 * the pool under load in the classic failure; a client holds a pool and monitor threads of its own.)
 */
final class MongoClientRegistry {
    private static final Map<ClientKey, Entry> CLIENTS = new HashMap<>();

    private MongoClientRegistry() {
    }

    private static final class Entry {
        final MongoClient client;
        int users;

        Entry(MongoClient client) {
            this.client = client;
        }
    }

    /** The shared client for the configuration, created on first use. */
    static synchronized MongoClient acquire(MongoSinkConfig c) {
        ClientKey key = new ClientKey(c);
        Entry e = CLIENTS.get(key);
        if (e == null) {
            e = new Entry(MongoClients.create(clientSettings(c)));
            CLIENTS.put(key, e);
        }
        e.users++;
        return e.client;
    }

    /** Gives the client back; the last user's release closes it. */
    static synchronized void release(MongoSinkConfig c) {
        ClientKey key = new ClientKey(c);
        Entry e = CLIENTS.get(key);
        if (e != null && --e.users == 0) {
            CLIENTS.remove(key);
            e.client.close();
        }
    }

    /** How many clients are open (for tests and health checks). */
    static synchronized int openClients() {
        return CLIENTS.size();
    }

    private static MongoClientSettings clientSettings(MongoSinkConfig c) {
        return MongoClientSettings.builder()
                .applyConnectionString(c.parsedConnectionString())
                .applicationName(c.application())
                .applyToClusterSettings(b -> b.serverSelectionTimeout(c.serverSelectionTimeoutMillis(),
                        TimeUnit.MILLISECONDS))
                .applyToConnectionPoolSettings(b -> b.maxSize(c.maxPoolSize())
                        .maxWaitTime(c.waitQueueTimeoutMillis(), TimeUnit.MILLISECONDS))
                .applyToSocketSettings(b -> b.connectTimeout(c.connectTimeoutMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout(c.socketTimeoutMillis(), TimeUnit.MILLISECONDS))
                .build();
    }

    /** Every value {@link #clientSettings} reads, and nothing else. */
    private static final class ClientKey {
        private final Object[] values;

        ClientKey(MongoSinkConfig c) {
            values = new Object[] {c.connectionString(), c.application(), c.serverSelectionTimeoutMillis(),
                c.maxPoolSize(), c.waitQueueTimeoutMillis(), c.connectTimeoutMillis(), c.socketTimeoutMillis()};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ClientKey && Arrays.equals(values, ((ClientKey) o).values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }
}
