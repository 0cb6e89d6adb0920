package io.xmlformatter.testsupport;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import org.bson.Document;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * The MongoDB-wire server the tests run against: FerretDB built and started by {@code scripts/ferretdb.sh} on
 * 127.0.0.1 (a real server process this class can kill and restart), or a real MongoDB when the environment
 * variable {@code XF_MONGO_URI} holds a connection string (then tests that stop the server are skipped).
 */
public final class TestMongoServer implements AutoCloseable {
    private static final InetAddress LOOPBACK = loopback();

    /** The environment variable naming an external MongoDB to test against instead of FerretDB. */
    public static final String URI_VARIABLE = "XF_MONGO_URI";

    /** The connection string of the running server. */
    public final String uri;
    private final String binary;
    private final int port;
    private final Path data;
    private Process process;

    private TestMongoServer(String uri, String binary, int port, Path data) {
        this.uri = uri;
        this.binary = binary;
        this.port = port;
        this.data = data;
    }

    /** Starts FerretDB (or takes {@code XF_MONGO_URI}). */
    public static TestMongoServer start() throws Exception {
        String external = System.getenv(URI_VARIABLE);
        if (external != null && !external.trim().isEmpty()) {
            return new TestMongoServer(external.trim(), null, -1, null);
        }
        Path script = projectRoot().resolve("scripts/ferretdb.sh");
        Process build = new ProcessBuilder("bash", script.toString(), "build").redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String binary = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (build.waitFor() != 0 || !new File(binary).canExecute()) {
            throw new IllegalStateException("scripts/ferretdb.sh build failed");
        }
        int port = freePort();
        Path data = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "ferretdb-");
        TestMongoServer s = new TestMongoServer("mongodb://127.0.0.1:" + port + "/", binary, port, data);
        s.launch();
        return s;
    }

    /** Whether this is a server the tests control (FerretDB), rather than an external MongoDB. */
    public boolean controllable() {
        return binary != null;
    }

    /** Whether the server is FerretDB (by its buildInfo). */
    public boolean isFerretDb() {
        try (MongoClient c = MongoClients.create(uri)) {
            Document info = c.getDatabase("admin").runCommand(new Document("buildInfo", 1));
            return info.containsKey("ferretdbVersion");
        }
    }

    private void launch() throws IOException, InterruptedException {
        process = new ProcessBuilder(binary, "--handler=sqlite", "--sqlite-url=file:" + data + "/",
                "--state-dir=" + data, "--listen-addr=127.0.0.1:" + port, "--debug-addr=-", "--telemetry=disable",
                "--log-level=warn").redirectErrorStream(true).redirectOutput(data.resolve("ferretdb.log").toFile())
                .start();
        awaitPort(true);
    }

    /** Kills the server process (like a crash: SIGKILL) and waits until the port is closed. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
        awaitPort(false);
    }

    /** Starts the killed server again on the same port with the same data. */
    public void restart() throws IOException, InterruptedException {
        launch();
    }

    private void awaitPort(boolean open) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean accepting;
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(LOOPBACK, port), 200);
                accepting = true;
            } catch (IOException e) {
                accepting = false;
            }
            if (accepting == open) {
                return;
            }
            if (open && !process.isAlive()) {
                throw new IllegalStateException("FerretDB exited; see " + data.resolve("ferretdb.log"));
            }
            TimeUnit.MILLISECONDS.sleep(20); // polling a port: there is no event to wait for
        }
        throw new IllegalStateException("FerretDB port " + port + (open ? " did not open" : " did not close"));
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Path projectRoot() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("scripts/ferretdb.sh"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("scripts/ferretdb.sh not found above " + Paths.get("").toAbsolutePath());
        }
        return p;
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A free TCP port on 127.0.0.1. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
            return s.getLocalPort();
        }
    }
}
