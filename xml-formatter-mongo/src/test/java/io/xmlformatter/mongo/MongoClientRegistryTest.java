package io.xmlformatter.mongo;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One client per client configuration (no server needed: a client connects lazily). */
class MongoClientRegistryTest {
    private static MongoSinkSettings settings(String name) {
        MongoSinkSettings s = new MongoSinkSettings();
        s.setConnectionString("mongodb://127.0.0.1:1/");
        s.setName(name);
        return s;
    }

    /** A started sink whose writer has taken its client. */
    private static MongoSink started(MongoSinkSettings s) throws InterruptedException {
        MongoSink sink = new MongoSink(s).start();
        assertTrue(sink.awaitInitialised(10, TimeUnit.SECONDS));
        return sink;
    }

    @Test
    @SuppressWarnings("try") // the sinks are held open only for the clients they keep
    void sinksWithTheSameClientSettingsShareOneClientAndOthersGetTheirOwn() throws Exception {
        int before = MongoClientRegistry.openClients();
        MongoSinkSettings a = settings("registry-a");
        MongoSinkSettings b = settings("registry-b");
        b.setBatchSize(7); // not a client setting: shares
        MongoSinkSettings pool = settings("registry-pool");
        pool.setMaxPoolSize(9);
        MongoSinkSettings timeout = settings("registry-timeout");
        timeout.setSocketTimeoutMillis(1234);
        MongoSinkSettings app = settings("registry-app");
        app.setApplication("billing");
        MongoSinkSettings credentials = settings("registry-credentials");
        credentials.setConnectionString("mongodb://user:secret@127.0.0.1:1/");
        try (MongoSink one = started(a); MongoSink two = started(b)) {
            assertEquals(before + 1, MongoClientRegistry.openClients(), "same client settings: one client");
            try (MongoSink p = started(pool); MongoSink t = started(timeout);
                    MongoSink ap = started(app); MongoSink c = started(credentials)) {
                assertEquals(before + 5, MongoClientRegistry.openClients(),
                        "pool size, timeout, application name, credentials: a client each");
            }
            assertEquals(before + 1, MongoClientRegistry.openClients(), "each closed with its last user");
        }
        assertEquals(before, MongoClientRegistry.openClients());
    }
}
