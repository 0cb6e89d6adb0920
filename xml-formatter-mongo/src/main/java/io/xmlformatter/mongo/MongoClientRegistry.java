package io.xmlformatter.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Exactly one {@link MongoClient} per connection string in this class loader, shared by every sink that uses it
 * and closed with its last user. (One client per connector object exhausted the pool under load in the classic
 * failure; a client holds a pool and monitor threads of its own.)
 */
final class MongoClientRegistry {
    private static final Map<String, Entry> CLIENTS = new HashMap<>();

    private MongoClientRegistry() {
    }

    private static final class Entry {
        final MongoClient client;
        int users;

        Entry(MongoClient client) {
            this.client = client;
        }
    }

    /** The shared client for the settings' connection string, created on first use. */
    static synchronized MongoClient acquire(MongoSinkSettings s) {
        String key = s.connectionString().trim();
        Entry e = CLIENTS.get(key);
        if (e == null) {
            MongoClientSettings settings = MongoClientSettings.builder()
                    .applyConnectionString(s.parsedConnectionString())
                    .applicationName(s.application())
                    .applyToClusterSettings(b -> b.serverSelectionTimeout(s.serverSelectionTimeoutMillis(),
                            TimeUnit.MILLISECONDS))
                    .applyToConnectionPoolSettings(b -> b.maxSize(s.maxPoolSize())
                            .maxWaitTime(s.waitQueueTimeoutMillis(), TimeUnit.MILLISECONDS))
                    .applyToSocketSettings(b -> b.connectTimeout((int) s.connectTimeoutMillis(), TimeUnit.MILLISECONDS)
                            .readTimeout((int) s.socketTimeoutMillis(), TimeUnit.MILLISECONDS))
                    .build();
            e = new Entry(MongoClients.create(settings));
            CLIENTS.put(key, e);
        }
        e.users++;
        return e.client;
    }

    /** Gives the client back; the last user's release closes it. */
    static synchronized void release(MongoSinkSettings s) {
        String key = s.connectionString().trim();
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
}
