package io.xmlformatter.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.CreateCollectionOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Prepares each collection the first time the writer uses it: capped when configured (and verified: an existing
 * uncapped collection is a loud error), a TTL index on {@code ts} (a plain one, with a warning, where the server
 * has no TTL), an index on {@code correlationId}. Problems are reported, never fatal: the writes go on.
 */
final class CollectionPreparer {
    private static final Logger LOG = LoggerFactory.getLogger(MongoSink.class);
    private static final int NAMESPACE_EXISTS = 48;

    private final MongoDatabase database;
    private final MongoSinkConfig config;
    private final Consumer<String> errors;
    private final Set<String> prepared = new HashSet<>();

    /**
     * @param errors told of each problem (the sink's last error)
     */
    CollectionPreparer(MongoDatabase database, MongoSinkConfig config, Consumer<String> errors) {
        this.database = database;
        this.config = config;
        this.errors = errors;
    }

    /** The collection, prepared on first use. Called by the writer thread only. */
    MongoCollection<Document> collection(String name) {
        MongoCollection<Document> c = database.getCollection(name);
        if (prepared.add(name)) {
            prepare(name, c);
        }
        return c;
    }

    private void prepare(String name, MongoCollection<Document> c) {
        if (config.cappedSizeBytes() > 0) {
            ensureCapped(name);
        }
        if (!config.createIndexes()) {
            return;
        }
        if (config.ttlDays() > 0) {
            try {
                c.createIndex(Indexes.ascending("ts"),
                        new IndexOptions().expireAfter((long) config.ttlDays(), TimeUnit.DAYS));
            } catch (MongoCommandException e) {
                LOG.warn("mongo sink '{}': the server does not support a TTL index on {}.ts ({}); documents will "
                        + "not expire by themselves", config.name(), name, e.getErrorMessage());
                createIndex(c, "ts");
            }
        } else {
            createIndex(c, "ts");
        }
        createIndex(c, "correlationId");
    }

    private void createIndex(MongoCollection<Document> c, String field) {
        try {
            c.createIndex(Indexes.ascending(field));
        } catch (MongoCommandException e) {
            LOG.warn("mongo sink '{}': index on {} not created: {}", config.name(), field, e.getErrorMessage());
        }
    }

    private void ensureCapped(String name) {
        try {
            database.createCollection(name, new CreateCollectionOptions().capped(true)
                    .sizeInBytes(config.cappedSizeBytes()));
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != NAMESPACE_EXISTS) {
                error("capped collection " + name + " not created: " + e.getErrorMessage());
                return;
            }
        }
        Document info = database.listCollections().filter(new Document("name", name)).first();
        Object capped = info == null ? null : info.get("options", new Document()).get("capped");
        if (!Boolean.TRUE.equals(capped)) {
            error("collection " + name + " exists and is NOT capped; cappedSizeBytes is not in effect");
        }
    }

    private void error(String message) {
        errors.accept(message);
        LOG.error("mongo sink '{}': {}", config.name(), message);
    }
}
